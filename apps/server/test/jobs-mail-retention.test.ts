import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MAIL_QUEUE } from '../src/jobs/mail.ts';
import { linkToken, mailsTo, registerMember, waitForLinkToken } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

/**
 * The links in mails (e-mail verification, password reset, e-mail change) do not stay in the
 * job queue's tables once the mail is sent (docs/decisions/0014-job-queue.md, "E-mail"): a
 * delivered mail's job keeps recipient and subject only. A mail that could not be delivered
 * keeps its text, so that its retries (and the admin's "Erneut senden") still deliver it.
 */

let t: TestApp;

beforeAll(async () => {
  // Retries after 1, 2, 4, … seconds.
  t = await startTestApp({ MAIL_RETRY_DELAY_SECONDS: '1' });
});
afterAll(async () => t?.close());

/** A mail job as {@link mailJobsTo} reads it. */
const mailJobRow = z.object({
  id: z.string(),
  state: z.string(),
  retry_count: z.number().int(),
  data: z.record(z.string(), z.unknown()),
  stored: z.string(),
});
type MailJobRow = z.output<typeof mailJobRow>;

/** The mail jobs to `to`, with everything pg-boss keeps of them as text in `stored`. */
function mailJobsTo(to: string): Promise<MailJobRow[]> {
  return t.app.jobs.query(
    mailJobRow,
    `select id::text, state::text as state, retry_count, data,
            concat_ws(' ', data::text, output::text, singleton_key) as stored
       from "${t.app.jobs.schema}".job where name = $1 and data->>'to' = $2 order by created_on`,
    [MAIL_QUEUE, to],
  );
}

/** How long a mail job may take to reach a state, retries after 1, 2, 4, … s included (ms). */
const JOB_WAIT_MS = 60_000;

/** Waits until every mail job to `to` is completed; answers them. */
const allCompleted = (to: string, count: number) =>
  vi.waitFor(
    async () => {
      const jobs = await mailJobsTo(to);
      expect(jobs.map((job) => job.state)).toEqual(Array(count).fill('completed'));
      return jobs;
    },
    { timeout: JOB_WAIT_MS, interval: 50 },
  );

describe('delivered mails leave no link in the job tables', () => {
  it('the verification and the password reset mail keep only recipient and subject once sent', async () => {
    const member = await registerMember(t.app);
    const verifyToken = await waitForLinkToken(t.db.dataDir, member.email, 'verify-email');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: member.email },
    });
    expect(reset.statusCode).toBe(202);
    const resetToken = await waitForLinkToken(t.db.dataDir, member.email, 'reset-password');

    const jobs = await allCompleted(member.email, 2);
    for (const job of jobs) {
      expect(Object.keys(job.data).sort()).toEqual(['subject', 'to']);
      expect(job.data.to).toBe(member.email);
      expect(job.stored).not.toContain(verifyToken);
      expect(job.stored).not.toContain(resetToken);
    }
    expect(jobs.map((job) => job.data.subject)).toEqual([
      expect.stringMatching(/E-Mail-Adresse/),
      expect.stringMatching(/Passwort/),
    ]);
  });

  it('a mail that cannot be delivered keeps its text for the retries and loses it once delivered', async () => {
    // The outbox cannot be written while a file stands where its folder belongs.
    const outbox = path.join(t.db.dataDir, 'outbox');
    const kept = `${outbox}.kept`;
    if (fs.existsSync(outbox)) fs.renameSync(outbox, kept);
    fs.writeFileSync(outbox, '');
    const member = await registerMember(t.app);

    const failing = await vi.waitFor(
      async () => {
        const [job] = await mailJobsTo(member.email);
        if (job?.state !== 'retry' || job.retry_count < 1)
          throw new Error(`no failed attempt yet: ${job?.state}`);
        return job;
      },
      { timeout: JOB_WAIT_MS, interval: 50 },
    );
    expect(failing.data.text).toMatch(/\/verify-email\?token=[\w-]+/);
    expect(failing.data.html).toEqual(expect.any(String));

    fs.rmSync(outbox);
    if (fs.existsSync(kept)) fs.renameSync(kept, outbox);
    // Delivered at the next attempt, a few seconds later.
    const mail = await vi.waitFor(
      () => {
        const [delivered] = mailsTo(t.db.dataDir, member.email);
        if (!delivered) throw new Error('the mail is not delivered yet');
        return delivered;
      },
      { timeout: JOB_WAIT_MS, interval: 50 },
    );
    const token = linkToken(mail, 'verify-email');
    expect(failing.data.text).toContain(token);
    const [delivered] = await allCompleted(member.email, 1);
    expect(delivered?.id).toBe(failing.id);
    expect(Object.keys(delivered?.data ?? {}).sort()).toEqual(['subject', 'to']);
    expect(delivered?.stored).not.toContain(token);
  });
});
