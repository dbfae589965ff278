import {
  JOB_APPLICATION_STATUS_NAMES,
  JOB_APPLICATION_STATUSES,
  type JobApplication,
  type JobApplicationStatus,
} from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { errorDetailOr } from '../../lib/api.ts';
import {
  JOB_APPLICATIONS_PAGE_SIZE,
  openCv,
  useChangeApplicationStatus,
  useJobApplications,
} from './careerApi.ts';
import { adminDateTime } from './FailingJobsPanel.tsx';
import { InboxEntry, InboxPanel } from './InboxPanel.tsx';
import { jobApplicationTexts as t } from './texts.ts';

/** One page of the applications as the inbox shows it. */
function useApplicationInbox(status: JobApplicationStatus | null, page: number) {
  const query = useJobApplications(status, page);
  const data = query.data && {
    items: query.data.applications,
    total: query.data.total,
    open: query.data.open,
  };
  return { data, isError: query.isError, error: query.error };
}

/** One application: who, for which position, when, the status, the cover letter, the CV and next steps. */
function ApplicationEntry({ application }: { application: JobApplication }) {
  const change = useChangeApplicationStatus();
  const cv = useMutation({ mutationFn: () => openCv(application.cv_url, application.name) });
  return (
    <InboxEntry
      name={application.name}
      status={application.status}
      statusName={JOB_APPLICATION_STATUS_NAMES[application.status]}
      meta={`${t.position}: ${application.position_title} · ${adminDateTime(application.created_at)}`}
      email={application.email}
      phone={application.phone}
      message={application.message}
      statusChangedAt={application.status_changed_at}
      texts={t}
      change={{ ...change, mutate: (status) => change.mutate({ id: application.id, status }) }}
      actionError={cv.isError ? <Alert severity="error">{errorDetailOr(cv.error, t.cvError)}</Alert> : null}
      action={
        <>
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
        </>
      }
    />
  );
}

/**
 * The inbox 'Bewerbungen' on /admin: applications newest first, ten a page, filtered by status,
 * each with name, position, time, mail and phone links, the cover letter, the CV (fetched with the
 * session, never a public address; the opening is in the audit log) and buttons that take it on,
 * mark it handled or open it again. The heading counts the open applications.
 */
export function JobApplicationsPanel() {
  return (
    <InboxPanel
      headingId="admin-applications-title"
      texts={t}
      statuses={JOB_APPLICATION_STATUSES}
      statusNames={JOB_APPLICATION_STATUS_NAMES}
      pageSize={JOB_APPLICATIONS_PAGE_SIZE}
      useInbox={useApplicationInbox}
      renderEntry={(application: JobApplication) => <ApplicationEntry application={application} />}
    />
  );
}
