import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorDetailOr } from '../../lib/api.ts';
import { useAuditLog } from './api.ts';
import { adminAreaTexts } from './texts.ts';

const t = adminAreaTexts;

/** An action's German name, or the action itself when there is none. */
function actionName(action: string): string {
  return (t.actions as Record<string, string>)[action] ?? action;
}

/**
 * The audit log on /admin (SPEC.md §6): who did what to which target, why and when, newest
 * first, filtered by action. Read-only: the page offers no way to change an entry.
 */
export function AuditLogPanel() {
  const [action, setAction] = useState('');
  const log = useAuditLog(action);
  return (
    <Card variant="outlined" component="section" aria-labelledby="admin-audit-title">
      <CardContent>
        <Typography id="admin-audit-title" variant="h6" component="h2" gutterBottom>
          {t.auditTitle}
        </Typography>
        <TextField
          select
          size="small"
          label={t.auditAction}
          value={action}
          onChange={(event) => setAction(event.target.value)}
          sx={{ minWidth: 220, mb: 2 }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t.auditAll}</MenuItem>
          {Object.entries(t.actions).map(([key, name]) => (
            <MenuItem key={key} value={key}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        {log.isError ? <Alert severity="error">{errorDetailOr(log.error, t.loadError)}</Alert> : null}
        {log.data?.length === 0 ? <Typography color="text.secondary">{t.auditEmpty}</Typography> : null}
        {log.data?.length ? (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t.auditTitle}>
              <TableHead>
                <TableRow>
                  <TableCell>{t.auditTime}</TableCell>
                  <TableCell>{t.auditAdmin}</TableCell>
                  <TableCell>{t.auditAction}</TableCell>
                  <TableCell>{t.auditTarget}</TableCell>
                  <TableCell>{t.reason}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {log.data.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {new Date(entry.created_at).toLocaleString('de-DE')}
                    </TableCell>
                    <TableCell>{entry.admin_name ?? t.auditDeletedAdmin}</TableCell>
                    <TableCell>
                      {actionName(entry.action)}
                      {entry.details ? ` (${entry.details})` : ''}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.target_id}</TableCell>
                    <TableCell>{entry.reason}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
