import {
  JOB_APPLICATION_STATUS_NAMES,
  JOB_APPLICATION_STATUSES,
  type JobApplication,
  type JobApplicationStatus,
} from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorDetailOr } from '../../lib/api.ts';
import {
  JOB_APPLICATIONS_PAGE_SIZE,
  openCv,
  useChangeApplicationStatus,
  useJobApplications,
} from './careerApi.ts';
import { adminDateTime } from './FailingJobsPanel.tsx';
import { jobApplicationTexts as t } from './texts.ts';

const STATUS_COLORS: Record<JobApplicationStatus, 'info' | 'warning' | 'default'> = {
  new: 'info',
  in_progress: 'warning',
  done: 'default',
};

/** The status changes an application offers: take it on and finish it, or open a handled one again. */
const NEXT_STEPS: Record<JobApplicationStatus, [JobApplicationStatus, string][]> = {
  new: [
    ['in_progress', t.startWork],
    ['done', t.markDone],
  ],
  in_progress: [['done', t.markDone]],
  done: [['in_progress', t.reopen]],
};

/** One application: who, for which position, when, the status, the cover letter, the CV and next steps. */
function ApplicationItem({ application }: { application: JobApplication }) {
  const change = useChangeApplicationStatus();
  const cv = useMutation({ mutationFn: () => openCv(application.cv_url, application.name) });
  return (
    <Stack component="li" spacing={0.75} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {application.name}
        </Typography>
        <Chip
          size="small"
          label={JOB_APPLICATION_STATUS_NAMES[application.status]}
          color={STATUS_COLORS[application.status]}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t.position}: {application.position_title} · {adminDateTime(application.created_at)}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        <Link href={`mailto:${application.email}`}>{application.email}</Link>
        {application.phone ? (
          <>
            {' '}
            · {t.phone}:{' '}
            <Link href={`tel:${application.phone.replace(/[^\d+]/g, '')}`}>{application.phone}</Link>
          </>
        ) : null}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {application.message}
      </Typography>
      {application.status_changed_at ? (
        <Typography variant="caption" color="text.secondary">
          {t.changed(adminDateTime(application.status_changed_at))}
        </Typography>
      ) : null}
      {change.isError ? <Alert severity="error">{errorDetailOr(change.error, t.saveError)}</Alert> : null}
      {cv.isError ? <Alert severity="error">{errorDetailOr(cv.error, t.cvError)}</Alert> : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          size="small"
          variant="contained"
          disabled={cv.isPending}
          aria-label={t.actionOn(t.openCv, application.name)}
          onClick={() => cv.mutate()}
        >
          {t.openCv}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {t.cvSize(application.cv_bytes)}
        </Typography>
        {NEXT_STEPS[application.status].map(([status, label]) => (
          <Button
            key={status}
            size="small"
            variant="outlined"
            disabled={change.isPending}
            aria-label={t.actionOn(label, application.name)}
            onClick={() => change.mutate({ id: application.id, status })}
          >
            {label}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The inbox 'Bewerbungen' on /admin: applications newest first, ten a page, filtered by status,
 * each with name, position, time, mail and phone links, the cover letter, the CV (fetched with the
 * session, never a public address; the opening is in the audit log) and buttons that take it on,
 * mark it handled or open it again. The heading counts the open applications.
 */
export function JobApplicationsPanel() {
  const [status, setStatus] = useState<JobApplicationStatus | null>(null);
  const [page, setPage] = useState(0);
  const inbox = useJobApplications(status, page);
  const pages = inbox.data ? Math.ceil(inbox.data.total / JOB_APPLICATIONS_PAGE_SIZE) : 0;
  return (
    <Card variant="outlined" component="section" aria-labelledby="admin-applications-title">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Typography id="admin-applications-title" variant="h6" component="h2">
            {t.title}
            {inbox.data ? ` (${t.openCount(inbox.data.open)})` : ''}
          </Typography>
          <TextField
            select
            size="small"
            label={t.filter}
            value={status ?? 'all'}
            onChange={(event) => {
              const value = event.target.value;
              setStatus(value === 'all' ? null : (value as JobApplicationStatus));
              setPage(0);
            }}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="all">{t.all}</MenuItem>
            {JOB_APPLICATION_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {JOB_APPLICATION_STATUS_NAMES[value]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {inbox.isError ? <Alert severity="error">{errorDetailOr(inbox.error, t.loadError)}</Alert> : null}
        {inbox.data?.applications.length === 0 ? (
          <Typography color="text.secondary">{t.empty}</Typography>
        ) : null}
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {inbox.data?.applications.map((application) => (
            <ApplicationItem key={application.id} application={application} />
          ))}
        </Stack>
        {pages > 1 ? (
          <Pagination
            sx={{ mt: 2 }}
            count={pages}
            page={page + 1}
            onChange={(_event, next) => setPage(next - 1)}
            aria-label={t.pages}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
