import { REPORT_REASON_LABELS } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { downloadTransparencyCsv, useTransparency } from './moderationApi.ts';

const t = de.moderation;
/**
 * Names of the notice keys of the transparency report: ad report reasons, 'forum_post', and
 * 'conversation_', 'story_' and 'user_' with a chat, story or member report reason
 * (docs/decisions/0009-reports-queue.md).
 */
const reasonLabels: Record<string, string> = {
  ...de.listing.reportReasons,
  forum_post: t.targetTypes.forum_post,
  ...Object.fromEntries(
    (['conversation', 'story', 'user'] as const).flatMap((kind) =>
      Object.entries(REPORT_REASON_LABELS[kind]).map(([key, label]) => [
        `${kind}_${key}`,
        `${t.targetTypes[kind]}: ${label}`,
      ]),
    ),
  ),
};

/** 'YYYY-MM-DD' of a date in UTC. */
function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A row of figures: a label and a value. */
function Row({ label, value }: { label: string; value: string | number }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
        {label}
      </TableCell>
      <TableCell align="right">{typeof value === 'number' ? value.toLocaleString('de-DE') : value}</TableCell>
    </TableRow>
  );
}

/**
 * The transparency report on /admin (DSA Art. 15, 24): for a chosen period (whole days, the
 * last 30 by default) the notices by reason, decisions by ground and action, appeals,
 * reversals and the median handling time, and the same as a CSV download.
 */
export function TransparencyPanel() {
  const [from, setFrom] = useState(() => day(new Date(Date.now() - 29 * 86_400_000)));
  const [to, setTo] = useState(() => day(new Date()));
  const report = useTransparency(from, to);
  const { showMessage } = useSnackbar();
  return (
    <Card variant="outlined" component="section" aria-labelledby="admin-transparency-title">
      <CardContent>
        <Typography id="admin-transparency-title" variant="h6" component="h2" gutterBottom>
          {t.transparencyTitle}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 2, alignItems: { sm: 'center' } }}
        >
          <TextField
            type="date"
            size="small"
            label={t.transparencyFrom}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            size="small"
            label={t.transparencyTo}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button
            variant="outlined"
            onClick={() =>
              downloadTransparencyCsv(from, to).catch((error: unknown) =>
                showMessage(errorDetailOr(error, t.failed), 'error'),
              )
            }
          >
            {t.downloadCsv}
          </Button>
        </Stack>
        {report.isError ? <Alert severity="error">{errorDetailOr(report.error, t.failed)}</Alert> : null}
        {report.data ? (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' }, gap: 2 }}>
            <Table size="small" aria-label={t.transparencyNotices} sx={{ alignSelf: 'start' }}>
              <TableBody>
                <TableRow>
                  <TableCell colSpan={2} sx={{ fontWeight: 600 }}>
                    {t.transparencyNotices}
                  </TableCell>
                </TableRow>
                {report.data.notices.map((n) => (
                  <Row key={n.reason} label={reasonLabels[n.reason] ?? n.reason} value={n.count} />
                ))}
                <Row label={t.transparencyTotal} value={report.data.notices_total} />
                <Row label={t.transparencyAppeals} value={report.data.appeals} />
                <Row label={t.transparencyReversals} value={report.data.reversals} />
                <Row
                  label={t.transparencyMedian}
                  value={
                    report.data.median_handling_hours === null
                      ? t.transparencyNone
                      : t.transparencyHours(report.data.median_handling_hours)
                  }
                />
              </TableBody>
            </Table>
            <Table size="small" aria-label={t.transparencyDecisions} sx={{ alignSelf: 'start' }}>
              <TableBody>
                <TableRow>
                  <TableCell colSpan={2} sx={{ fontWeight: 600 }}>
                    {t.transparencyDecisions}
                  </TableCell>
                </TableRow>
                {report.data.decisions.map((d) => (
                  <Row
                    key={`${d.ground}-${d.action}`}
                    label={`${d.label} (${t.actions[d.action] ?? d.action})`}
                    value={d.count}
                  />
                ))}
                <Row label={t.transparencyTotal} value={report.data.decisions_total} />
              </TableBody>
            </Table>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
