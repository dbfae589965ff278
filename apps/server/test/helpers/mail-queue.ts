import type { FastifyInstance } from 'fastify';
import { MAIL_QUEUE } from '../../src/jobs/mail.ts';

/**
 * How many mails the application has enqueued so far, delivered or not (docs/decisions/0014):
 * a mail job is written in the request's transaction, so the count is exact right after an
 * answer, while the outbox fills a moment later.
 */
export async function enqueuedMails(app: FastifyInstance): Promise<number> {
  const [row] = await app.jobs.query<{ count: number }>(
    `select count(*)::int as count from "${app.jobs.schema}".job where name = $1`,
    [MAIL_QUEUE],
  );
  return row?.count ?? 0;
}

/**
 * Waits (up to `ms`) until every mail enqueued so far has been delivered: no mail job is
 * waiting, due or running.
 */
export async function allMailDelivered(app: FastifyInstance, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const [row] = await app.jobs.query<{ count: number }>(
      `select count(*)::int as count from "${app.jobs.schema}".job
        where name = $1 and state in ('created', 'retry', 'active')`,
      [MAIL_QUEUE],
    );
    if ((row?.count ?? 0) === 0) return;
    if (Date.now() > end) throw new Error('mail still queued');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
