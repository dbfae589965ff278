import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FailingMail } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { MAIL_QUEUE } from '../src/jobs/mail.ts';
import { bearer, login, registerMember } from './helpers/accounts.ts';
import { dbKind } from './helpers/app.ts';
import { startSmtpServer } from './helpers/smtp.ts';

/**
 * Mail that is never lost (docs/decisions/0014-job-queue.md): with the SMTP server down,
 * registration still answers and the mail waits in the queue; it arrives once the server is
 * up, without a restart; a restart in between keeps it; the admin area lists mail that keeps
 * failing.
 */

/** A free local port nobody listens on (until an SMTP server is started on it). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waiting for a mail or a job state: up to 60 s (retries after 1, 2, 4, … s), checked every 100 ms. */
const POLL = { timeout: 60_000, interval: 100 };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-jobs-'));
const schemaName = `test_${randomUUID().replaceAll('-', '')}`;
const databaseUrl = process.env.TEST_DATABASE_URL as string;

/** Opens the database of this file again (a restart of the server on the same data). */
function openSameDatabase(): Promise<DatabaseHandle> {
  return dbKind === 'postgres'
    ? openDatabase({ databaseUrl, schemaName })
    : openDatabase({ pgliteDir: path.join(dataDir, 'db') });
}

const smtpPort = await freePort();
const env = {
  DATA_DIR: dataDir,
  SEED_DEMO: '0',
  LOG_LEVEL: 'silent',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: 'Marktplatz <no-reply@marktplatz.example>',
  // Retries after 1, 2, 4, … seconds, so a test sees several attempts.
  MAIL_RETRY_DELAY_SECONDS: '1',
};

async function startServer(): Promise<FastifyInstance> {
  const app = await buildApp(loadConfig(env), { database: await openSameDatabase(), logger: false });
  await app.ready();
  return app;
}

/** A mail job as {@link mailJobs} reads it. */
const mailJobRow = z.object({ state: z.string(), retry_count: z.number().int() });
type MailJob = z.output<typeof mailJobRow>;

/** The mail jobs to `to`, as pg-boss stores them. */
async function mailJobs(app: FastifyInstance, to: string): Promise<MailJob[]> {
  return app.jobs.query(
    mailJobRow,
    `select state::text as state, retry_count from "${app.jobs.schema}".job where name = $1 and data->>'to' = $2`,
    [MAIL_QUEUE, to],
  );
}

const received: ParsedMail[] = [];
const mailTo = (address: string) =>
  received.find((mail) => {
    const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
    return to?.value[0]?.address === address;
  });

let app = await startServer();
let stopSmtp: (() => Promise<void>) | undefined;

afterAll(async () => {
  await app.close();
  await stopSmtp?.();
  if (dbKind === 'postgres') {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`);
    await client.query(`DROP SCHEMA IF EXISTS "${schemaName}_jobs" CASCADE`);
    await client.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('Mail bei ausgefallenem SMTP-Server', () => {
  it('versucht eine Mail mit wachsenden Pausen mindestens 24 Stunden lang', async () => {
    const queue = await app.jobs.boss.getQueue(MAIL_QUEUE);
    const { retryLimit = 0, retryDelay = 0, retryDelayMax = 0, retryBackoff } = queue ?? {};
    expect(retryBackoff).toBe(true);
    // pg-boss waits at least min(retryDelayMax, retryDelay · 2^(n-1)) before retry n.
    let waited = 0;
    for (let retry = 1; retry <= retryLimit; retry++)
      waited += Math.min(retryDelayMax, retryDelay * 2 ** (retry - 1));
    expect(waited).toBeGreaterThanOrEqual(24 * 60 * 60);
    expect(retryDelayMax).toBeLessThanOrEqual(60 * 60);
  });

  it('Registrierung antwortet, die Mail wartet und kommt an, sobald der Server läuft (ohne Neustart)', async () => {
    const member = await registerMember(app);
    const failed = await vi.waitFor(async () => {
      const [job] = await mailJobs(app, member.email);
      if (job?.state !== 'retry' || job.retry_count < 1)
        throw new Error(`no failed attempt yet: ${job?.state}`);
      return job;
    }, POLL);
    expect(failed.state).toBe('retry');
    expect(fs.existsSync(path.join(dataDir, 'outbox'))).toBe(false);

    stopSmtp = (await startSmtpServer(smtpPort, received)).close;
    const mail = await vi.waitFor(() => {
      const found = mailTo(member.email);
      if (!found) throw new Error('no verification mail yet');
      return found;
    }, POLL);
    expect(mail.subject).toMatch(/E-Mail-Adresse/);
    expect(mail.text).toMatch(/\/verify-email\?token=[\w-]+/);
    // The job is marked completed once the SMTP server has accepted the mail, a moment after
    // the server has it.
    await expect.poll(async () => (await mailJobs(app, member.email))[0]?.state, POLL).toBe('completed');
    expect(received.filter((m) => m === mailTo(member.email))).toHaveLength(1);
  });

  it('zeigt Mails, die immer wieder scheitern, nur ADMINs; ein Neustart verliert sie nicht; Erneut senden stellt sie zu', async () => {
    await stopSmtp?.();
    stopSmtp = undefined;
    const admin = await registerMember(app);
    await app.database.db.execute(sql`update users set role = 'ADMIN' where id = ${admin.user.id}::uuid`);
    const adminToken = ((await login(app, admin.email, admin.password)).json() as { access_token: string })
      .access_token;
    const member = await registerMember(app, { email: 'anna.schmidt@beispiel.de' });

    const list = async (token?: string) =>
      app.inject({ method: 'GET', url: '/api/admin/mail/failing', headers: token ? bearer(token) : {} });
    const failing = await vi.waitFor(async () => {
      const res = await list(adminToken);
      expect(res.statusCode).toBe(200);
      const found = (res.json().mails as FailingMail[]).find((mail) => mail.to === 'a…@beispiel.de');
      if (!found) throw new Error('the mail is not in the admin list yet');
      return found;
    }, POLL);
    expect(failing).toMatchObject({ state: 'retry', subject: expect.stringMatching(/E-Mail-Adresse/) });
    expect(failing.attempts).toBeGreaterThanOrEqual(3);
    expect(failing.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(Date.parse(failing.next_attempt_at ?? '')).not.toBeNaN();
    expect(JSON.stringify(failing)).not.toContain('token');
    expect((await list(member.access_token)).statusCode).toBe(403);
    expect((await list()).statusCode).toBe(401);
    const retry = (id: string, token = adminToken) =>
      app.inject({ method: 'POST', url: `/api/admin/mail/${id}/retry`, headers: bearer(token) });
    expect((await retry(failing.id, member.access_token)).statusCode).toBe(403);
    expect((await retry(randomUUID())).statusCode).toBe(404);
    expect((await retry('kein-job')).statusCode).toBe(422);

    // A restart: the queued mail is still there, and the next attempt reaches the server.
    await app.close();
    expect(mailTo(member.email)).toBeUndefined();
    stopSmtp = (await startSmtpServer(smtpPort, received)).close;
    app = await startServer();
    const [kept] = await mailJobs(app, member.email);
    expect(kept?.state).toMatch(/retry|active|completed/);
    // Retried at once instead of at its next attempt (up to a minute away by now).
    const res = await retry(failing.id);
    expect([200, 404]).toContain(res.statusCode); // 404 when the worker was quicker
    const mail = await vi.waitFor(() => {
      const found = mailTo(member.email);
      if (!found) throw new Error('no mail after the restart yet');
      return found;
    }, POLL);
    expect(mail.text).toMatch(/\/verify-email\?token=[\w-]+/);
    await expect
      .poll(async () => ((await list(adminToken)).json().mails as FailingMail[]).map((m) => m.id), POLL)
      .not.toContain(failing.id);
  });
});
