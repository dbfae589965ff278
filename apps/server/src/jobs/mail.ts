import type { FailingMail } from '@marketplace/contract';
import type { Mailer, MailTransport, OutgoingMail } from '../lib/mailer.ts';
import { quoteIdentifier, retryFailingJob, selectFailingJobs } from './failing-jobs.ts';
import type { JobQueue } from './queue.ts';

/** The queue every e-mail goes through (docs/decisions/0014-job-queue.md). */
export const MAIL_QUEUE = 'mail';
/**
 * Priority of account mails (`Mailer.send` with `account`): fetched before every notification
 * mail (priority 0), and by a worker of their own besides.
 */
export const MAIL_PRIORITY_ACCOUNT = 10;
/** A mail is retried at least this long before it counts as failed: 24 hours, in seconds. */
export const MAIL_RETRY_WINDOW_SECONDS = 24 * 60 * 60;
/** The longest pause between two attempts of one mail, in seconds (one hour). */
export const MAIL_RETRY_DELAY_MAX_SECONDS = 60 * 60;
/** After this many failed attempts a mail shows in the admin list of failing mail. */
export const MAIL_FAILING_AFTER_ATTEMPTS = 3;
/** How long one delivery may take before the attempt counts as failed, in seconds. */
const MAIL_ATTEMPT_TIMEOUT_SECONDS = 5 * 60;
/**
 * A running delivery tells the queue it is alive this often (s); a mail whose process died
 * (killed, crashed) is taken up again once two beats are missed, not only after the attempt's
 * timeout.
 */
const MAIL_HEARTBEAT_SECONDS = 10;
/**
 * A delivered mail, or one that failed for good, is deleted from the queue 7 days after its last
 * attempt, in seconds: long enough for an ADMIN to see and retry a failed one. A delivered one
 * keeps only its recipient and subject meanwhile (`forgetDeliveredText`): its links are gone from
 * the database as soon as it is sent.
 */
const MAIL_KEEP_FINISHED_SECONDS = 7 * 24 * 60 * 60;

/**
 * The number of retries that covers `windowSeconds`: pg-boss waits at least
 * `min(maxDelay, firstDelay · 2^(n-1))` seconds before retry n (its backoff adds jitter on top).
 */
export function retriesCovering(
  firstDelaySeconds: number,
  maxDelaySeconds: number,
  windowSeconds: number,
): number {
  let waited = 0;
  let retries = 0;
  while (waited < windowSeconds) {
    retries += 1;
    waited += Math.min(maxDelaySeconds, firstDelaySeconds * 2 ** (retries - 1));
  }
  return retries;
}

interface MailLog {
  warn(object: object, message: string): void;
}

/**
 * Clears the text and HTML of a mail job whose mail was just delivered, keeping recipient and
 * subject: the links in it (e-mail verification, password reset, e-mail change, moderation
 * decisions) must not stay in the queue's tables for the days a finished job is kept. Only the
 * running attempt `attempt` of the job is touched (it is still `active`); pg-boss completes it
 * afterwards. pg-boss has no call to change a running job's data, so this writes its documented
 * `data` column itself.
 */
async function forgetDeliveredText(jobs: JobQueue, id: string, attempt: number): Promise<void> {
  await jobs.execute(
    `update ${quoteIdentifier(jobs.schema)}.job
        set data = jsonb_build_object('to', data->'to', 'subject', data->'subject')
      where name = $1 and id = $2::uuid and state = 'active' and retry_count = $3`,
    [MAIL_QUEUE, id, attempt],
  );
}

/** Whether a mail job still holds its mail (a delivered one's text was cleared). */
const hasText = (mail: Partial<OutgoingMail>) =>
  typeof mail.text === 'string' || typeof mail.html === 'string';

/**
 * Starts this instance's mail worker and answers the `Mailer` the modules send through: each
 * mail becomes a job of the `mail` queue, delivered by `transport` (SMTP or the dev outbox) on
 * whichever instance fetches it. A failed attempt is retried with doubling pauses from
 * `firstRetryDelaySeconds` up to one hour, for at least 24 hours, then kept as failed (7 days,
 * for the admin list); a restart in between loses nothing. Once delivered, a job keeps only
 * recipient and subject. The log names the job, attempt and error, never the text.
 */
export async function startMailQueue(
  jobs: JobQueue,
  transport: MailTransport,
  log: MailLog,
  firstRetryDelaySeconds: number,
): Promise<Mailer> {
  await jobs.work<OutgoingMail>(
    MAIL_QUEUE,
    {
      retryLimit: retriesCovering(
        firstRetryDelaySeconds,
        MAIL_RETRY_DELAY_MAX_SECONDS,
        MAIL_RETRY_WINDOW_SECONDS,
      ),
      retryDelay: firstRetryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: MAIL_RETRY_DELAY_MAX_SECONDS,
      expireInSeconds: MAIL_ATTEMPT_TIMEOUT_SECONDS,
      heartbeatSeconds: MAIL_HEARTBEAT_SECONDS,
      deleteAfterSeconds: MAIL_KEEP_FINISHED_SECONDS,
      notify: true,
      pollingIntervalSeconds: 1,
      urgentPriority: MAIL_PRIORITY_ACCOUNT,
    },
    async (job) => {
      // Delivered already, and the job only ran again because its completion was lost.
      if (!hasText(job.data)) return;
      try {
        await transport.send(job.data);
      } catch (error) {
        log.warn(
          {
            jobId: job.id,
            to: maskAddress(job.data.to),
            attempt: job.retryCount + 1,
            error: errorText(error),
          },
          'mail not delivered, will retry',
        );
        throw error;
      }
      // Delivered: a failure to clear the text must not have the mail sent again.
      await forgetDeliveredText(jobs, job.id, job.retryCount).catch((error: unknown) =>
        log.warn({ jobId: job.id, error: errorText(error) }, 'text of a delivered mail not cleared'),
      );
    },
  );
  return {
    async send(mail, { account = false, ...options } = {}) {
      await jobs.send(MAIL_QUEUE, mail, { ...options, priority: account ? MAIL_PRIORITY_ACCOUNT : 0 });
    },
  };
}

/** 'anna.schmidt@example.com' → 'a…@example.com': enough to tell mails apart, not to read addresses. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '…';
  return `${address[0]}…${address.slice(at)}`;
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}

/**
 * Mails that failed `MAIL_FAILING_AFTER_ATTEMPTS` times or more and are still waiting for their
 * next attempt, or failed for good; oldest first, at most 100.
 */
export async function listFailingMails(jobs: JobQueue): Promise<FailingMail[]> {
  const failing = await selectFailingJobs<OutgoingMail>(jobs, MAIL_QUEUE, MAIL_FAILING_AFTER_ATTEMPTS);
  return failing.map((job) => ({
    id: job.id,
    to: maskAddress(job.data.to ?? ''),
    subject: job.data.subject ?? '',
    attempts: job.attempts,
    last_error: job.lastError,
    state: job.state,
    next_attempt_at: job.nextAttemptAt,
    created_at: job.createdAt,
  }));
}

/**
 * Tries a failing mail again at once (admin area): a mail waiting for its next attempt is due
 * now, a mail that failed for good is queued again.
 * @returns false when no failing mail has this id (delivered, deleted or never failed)
 */
export function retryMail(jobs: JobQueue, id: string): Promise<boolean> {
  return retryFailingJob(jobs, MAIL_QUEUE, id);
}
