import type { FailingMail } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { errorDetailOr } from '../../lib/api.ts';
import { type FailingJobSource, useFailingJobs, useRetryFailingJob } from './failingJobsApi.ts';
import { failingJobTexts } from './texts.ts';

/** What every failing job shows, whatever its queue (`failingJobSchema` of the contract). */
export type FailingJob = Omit<FailingMail, 'to' | 'subject'>;

/**
 * One column of a failing-jobs panel. In the table every column is a cell, in their order. In
 * the narrow layout (one block per job) the `heading` column is the block's bold first line,
 * the `fact` columns share the next line (`Label: value · Label: value`), and each `line`
 * column has a line of its own. `wrap`: `nowrap` keeps a short value on one line in the table,
 * `anywhere` lets a long one (an error message) break anywhere.
 */
export interface FailingJobColumn<J> {
  label: string;
  value: (job: J) => string;
  narrow: 'heading' | 'fact' | 'line';
  wrap?: 'nowrap' | 'anywhere';
}

/** The German texts of one panel (texts.ts). */
export interface FailingJobsPanelTexts {
  title: string;
  intro: string;
  empty: string;
  retry: string;
  loadError: string;
  retryError: string;
}

/** A date and time as the admin lists show it (`24.11.2026, 13:00:00`, the browser's zone). */
export const adminDateTime = (iso: string) => new Date(iso).toLocaleString('de-DE');

/** The columns every failing job has, between its identifying columns and its status. */
const attemptsColumn: FailingJobColumn<FailingJob> = {
  label: failingJobTexts.attempts,
  value: (job) => String(job.attempts),
  narrow: 'fact',
};
const lastErrorColumn: FailingJobColumn<FailingJob> = {
  label: failingJobTexts.lastError,
  value: (job) => job.last_error ?? '–',
  narrow: 'line',
  wrap: 'anywhere',
};

const cellSx = { nowrap: { whiteSpace: 'nowrap' }, anywhere: { overflowWrap: 'anywhere' } } as const;

/**
 * An /admin panel of the jobs of one queue that keep failing (docs/decisions/0014-job-queue.md,
 * 0022-durable-reactions.md): a card headed `texts.title` (id `admin-<path>-title`), the intro,
 * one row per job with the `identity` columns, attempts, last error, the `status` column and a
 * retry button that calls `POST /api/admin/<path>/{id}/retry` and reloads the list; the
 * server's answer or error above the list, `texts.empty` when nothing fails. Below the md
 * breakpoint (900 px, SPEC.md §2 "Mobile") each job is a block instead of a row.
 */
export function FailingJobsPanel<J extends FailingJob>({
  source,
  texts: t,
  identity,
  status,
}: {
  source: FailingJobSource<J>;
  texts: FailingJobsPanelTexts;
  identity: FailingJobColumn<J>[];
  status: FailingJobColumn<J>;
}) {
  const titleId = `admin-${source.path}-title`;
  const columns = [...identity, attemptsColumn, lastErrorColumn, status];
  const jobs = useFailingJobs(source);
  const retry = useRetryFailingJob(source);
  const wide = useMediaQuery((theme) => theme.breakpoints.up('md'), { noSsr: true });
  const retryButton = (job: J) => (
    <Button size="small" variant="outlined" disabled={retry.isPending} onClick={() => retry.mutate(job.id)}>
      {t.retry}
    </Button>
  );
  const narrow = (kind: FailingJobColumn<J>['narrow']) => columns.filter((column) => column.narrow === kind);
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2" gutterBottom>
          {t.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.intro}
        </Typography>
        {jobs.isError ? <Alert severity="error">{errorDetailOr(jobs.error, t.loadError)}</Alert> : null}
        {retry.isError ? <Alert severity="error">{errorDetailOr(retry.error, t.retryError)}</Alert> : null}
        {retry.isSuccess ? <Alert severity="success">{retry.data.detail}</Alert> : null}
        {jobs.data?.length === 0 ? <Typography color="text.secondary">{t.empty}</Typography> : null}
        {jobs.data?.length && !wide ? (
          <Box component="ul" aria-label={t.title} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {jobs.data.map((job) => (
              <Box component="li" key={job.id} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
                {narrow('heading').map((column) => (
                  <Typography key={column.label} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {column.value(job)}
                  </Typography>
                ))}
                <Typography variant="body2">
                  {narrow('fact')
                    .map((column) => `${column.label}: ${column.value(job)}`)
                    .join(' · ')}
                </Typography>
                {narrow('line').map((column, index, lines) => (
                  <Typography
                    key={column.label}
                    variant="body2"
                    sx={{ overflowWrap: 'anywhere', mb: index === lines.length - 1 ? 1 : 0 }}
                  >
                    {column.label}: {column.value(job)}
                  </Typography>
                ))}
                {retryButton(job)}
              </Box>
            ))}
          </Box>
        ) : null}
        {jobs.data?.length && wide ? (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t.title}>
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell key={column.label}>{column.label}</TableCell>
                  ))}
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {jobs.data.map((job) => (
                  <TableRow key={job.id}>
                    {columns.map((column) => (
                      <TableCell key={column.label} sx={column.wrap && cellSx[column.wrap]}>
                        {column.value(job)}
                      </TableCell>
                    ))}
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{retryButton(job)}</TableCell>
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
