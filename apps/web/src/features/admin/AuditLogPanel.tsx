import type { AdminAuditEntry } from '@marketplace/contract';
import { adminMemberPath } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorDetailOr } from '../../lib/api.ts';
import { useAuditLog } from './api.ts';
import { adminAreaTexts } from './texts.ts';

const t = adminAreaTexts;

/** An action's German name, or the action itself when there is none. */
function actionName(action: string): string {
  return (t.actions as Record<string, string>)[action] ?? action;
}

/**
 * A name in the log, linked where a page shows it; its id in the tooltip and, for targets, in
 * small print beneath (`note`), for admins who need it.
 */
function NamedCell({
  name,
  link,
  id,
  note,
  gone,
}: {
  name: string;
  link: string | null;
  id: string | null;
  note?: string | undefined;
  gone: boolean;
}) {
  return (
    <TableCell sx={{ minWidth: 160 }}>
      {link ? (
        <Link component={RouterLink} to={link} title={id ?? undefined} sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Link>
      ) : (
        <Typography
          variant="body2"
          component="span"
          title={id ?? undefined}
          color={gone ? 'text.secondary' : undefined}
          sx={{ fontStyle: gone ? 'italic' : undefined, overflowWrap: 'anywhere' }}
        >
          {name}
        </Typography>
      )}
      {note ? (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', overflowWrap: 'anywhere' }}
        >
          {note}
        </Typography>
      ) : null}
    </TableCell>
  );
}

/** The acting admin by their shown name, linked to their member page. */
function AdminCell({ entry }: { entry: AdminAuditEntry }) {
  if (!entry.admin_id || !entry.admin_name)
    return <NamedCell name={t.auditDeletedAdmin} link={null} id={entry.admin_id} gone />;
  return (
    <NamedCell
      name={entry.admin_name}
      link={adminMemberPath(entry.admin_id)}
      id={entry.admin_id}
      gone={false}
    />
  );
}

/** What the entry acted on, by name: its kind and id beneath, a placeholder once it is gone. */
function TargetCell({ entry }: { entry: AdminAuditEntry }) {
  const kind = t.targetKinds[entry.target_type];
  const id = t.auditId(entry.target_id);
  return (
    <NamedCell
      name={entry.target_name}
      link={entry.target_link}
      id={entry.target_id}
      note={kind ? `${kind} · ${id}` : id}
      gone={entry.target_deleted}
    />
  );
}

/**
 * The audit log on /admin (SPEC.md §6): who did what to which target, why and when, newest
 * first, filtered by action. Admin and target are shown by their current names (a member's
 * shown name, an ad's title, a forum post's thread title; a German placeholder such as
 * 'Gelöschte Anzeige' once gone), linked to their pages, with the kind and id beneath.
 * Read-only: the page offers no way to change an entry.
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
                    <AdminCell entry={entry} />
                    <TableCell>
                      {actionName(entry.action)}
                      {entry.details ? ` (${entry.details})` : ''}
                    </TableCell>
                    <TargetCell entry={entry} />
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
