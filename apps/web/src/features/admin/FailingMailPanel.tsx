import type { FailingMail } from '@marketplace/contract';
import { adminDateTime, type FailingJobColumn, FailingJobsPanel } from './FailingJobsPanel.tsx';
import { failingMailSource } from './failingJobsApi.ts';
import { failingMailTexts as t } from './texts.ts';

const identity: FailingJobColumn<FailingMail>[] = [
  { label: t.to, value: (mail) => mail.to, narrow: 'fact', wrap: 'nowrap' },
  { label: t.subject, value: (mail) => mail.subject, narrow: 'heading' },
];

const nextAttempt: FailingJobColumn<FailingMail> = {
  label: t.next,
  value: (mail) => (mail.next_attempt_at ? adminDateTime(mail.next_attempt_at) : t.givenUp),
  narrow: 'line',
  wrap: 'nowrap',
};

/**
 * Mail that keeps failing, on /admin (docs/decisions/0014-job-queue.md): masked recipient,
 * subject, attempts, last error and next attempt of every mail not delivered after 3 attempts,
 * with 'Jetzt erneut senden'. The mail's text is never shown.
 */
export function FailingMailPanel() {
  return <FailingJobsPanel source={failingMailSource} texts={t} identity={identity} status={nextAttempt} />;
}
