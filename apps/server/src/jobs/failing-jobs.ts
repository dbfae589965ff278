import { z } from 'zod';
import { rowDate } from '../db/client.ts';
import type { JobQueue } from './queue.ts';

/** A job of a queue that failed several times, as pg-boss's `job` table holds it. */
export interface FailingJob<T> {
  id: string;
  data: Partial<T>;
  /** Attempts made so far, the first one included. */
  attempts: number;
  /** The last error's message, at most 300 characters. */
  lastError: string | null;
  /** `retry` while further attempts follow, `failed` after the last one. */
  state: 'retry' | 'failed';
  /** When the next attempt is due (ISO 8601); null once failed for good. */
  nextAttemptAt: string | null;
  createdAt: string;
}

/** A row of pg-boss's `job` table as {@link selectFailingJobs} reads it. */
const failingJobRow = z.object({
  id: z.string(),
  data: z.unknown(),
  retry_count: z.number().int(),
  last_error: z.string().nullable(),
  state: z.enum(['retry', 'failed']),
  next_attempt_at: rowDate,
  created_at: rowDate,
});

/** The state of one job (`retryFailingJob`). */
const jobStateRow = z.object({ state: z.string() });

/** Quotes a schema name for SQL (pg-boss's schema is configuration, never user input). */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Jobs of `queue` (one queue or several) that failed `minAttempts` times or more and still wait for their next attempt,
 * or failed for good; oldest first, at most 100 (the admin lists of failing mails and reactions,
 * docs/decisions/0014-job-queue.md). Read from pg-boss's `job` table (its documented columns;
 * pg-boss has no query by state).
 */
export async function selectFailingJobs<T>(
  jobs: JobQueue,
  queue: string | readonly string[],
  minAttempts: number,
): Promise<FailingJob<T>[]> {
  const queues = typeof queue === 'string' ? [queue] : [...queue];
  const rows = await jobs.query(
    failingJobRow,
    `select id::text, data, retry_count, left(output->>'message', 300) as last_error, state::text as state,
            start_after as next_attempt_at, created_on as created_at
       from ${quoteIdentifier(jobs.schema)}.job
      where name = any($1::text[]) and (state = 'failed' or (state = 'retry' and retry_count >= $2))
      order by created_on, id
      limit 100`,
    [queues, minAttempts],
  );
  return rows.map((row) => ({
    id: row.id,
    data: (row.data ?? {}) as Partial<T>,
    // A failed job's retry_count stays at its last retry; its first attempt counts too.
    attempts: row.state === 'failed' ? row.retry_count + 1 : row.retry_count,
    lastError: row.last_error,
    state: row.state,
    nextAttemptAt: row.state === 'retry' ? row.next_attempt_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  }));
}

/**
 * Tries a failing job of `queue` again at once: one waiting for its next attempt is due now, one
 * that failed for good is queued again.
 * @returns false when no failing job of the queue has this id (done, deleted or never failed)
 */
export async function retryFailingJob(jobs: JobQueue, queue: string, id: string): Promise<boolean> {
  const [job] = await jobs.query(
    jobStateRow,
    `select state::text as state from ${quoteIdentifier(jobs.schema)}.job where name = $1 and id = $2::uuid`,
    [queue, id],
  );
  if (job?.state === 'failed') {
    // pg-boss answers the count as `affected`, which its types leave out.
    const result = (await jobs.boss.retry(queue, id)) as { affected?: number };
    return (result.affected ?? 0) > 0;
  }
  if (job?.state === 'retry') {
    const result = await jobs.boss.update(queue, undefined, { id, startAfter: new Date() });
    return result.updated > 0;
  }
  return false;
}
