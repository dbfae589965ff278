import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';
import { MAIL_QUEUE } from '../../src/jobs/mail.ts';

/** A count of jobs. */
const countRow = z.object({ count: z.number().int() });

/**
 * How many mails the application has enqueued so far, delivered or not (docs/decisions/0014):
 * a mail job is written in the request's transaction, so the count is exact right after an
 * answer, while the outbox fills a moment later.
 */
export async function enqueuedMails(app: FastifyInstance): Promise<number> {
  const [row] = await app.jobs.query(
    countRow,
    `select count(*)::int as count from "${app.jobs.schema}".job where name = $1`,
    [MAIL_QUEUE],
  );
  return row?.count ?? 0;
}

/**
 * Waits (`expect.poll`, up to `ms`) until every mail enqueued so far has been delivered: no mail
 * job is waiting, due or running.
 * @throws an assertion error with the number of mail jobs still queued when `ms` has passed
 */
export async function allMailDelivered(app: FastifyInstance, ms = 60_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const [row] = await app.jobs.query(
          countRow,
          `select count(*)::int as count from "${app.jobs.schema}".job
            where name = $1 and state in ('created', 'retry', 'active')`,
          [MAIL_QUEUE],
        );
        return row?.count ?? 0;
      },
      { timeout: ms, interval: 50, message: 'mail jobs still queued' },
    )
    .toBe(0);
}
