import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { registerMember } from './helpers/accounts.ts';
import { createTestDatabase, type TestDatabase } from './helpers/app.ts';
import { createAd, emitEvent, verifiedMember } from './helpers/marketplace.ts';

/**
 * Closing the application stops the job queue (its workers, schedules and, on PostgreSQL, its
 * own pool) before the database closes (docs/decisions/0014-job-queue.md "How it is wired"), so
 * nothing of the queue reaches a closed database: the log of a shutdown with mail still being
 * delivered holds no error and no warning.
 */

const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const db of databases) await db.destroy().catch(() => {});
});

interface LogLine {
  level: number;
  time: number;
  msg: string;
  err?: { message?: string };
}

describe('shutdown with a busy job queue', () => {
  it('stops the queue before the database and logs no error', async () => {
    const db = await createTestDatabase();
    databases.push(db);
    const closed: string[] = [];
    let log = '';
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    const config = loadConfig({ DATA_DIR: db.dataDir, SEED_DEMO: '0', LOG_LEVEL: 'debug' });
    const app = await buildApp(config, {
      database: {
        ...db.handle,
        async close() {
          closed.push('database');
          await db.handle.close();
        },
      },
      logStream: stream,
    });
    await app.ready();
    app.jobs.boss.once('stopped', () => closed.push('jobs'));
    const t = { app, config, db, close: () => app.close() };

    // Work for the queue: verification mails, and a notice mailed in the notification's transaction.
    const reporter = await verifiedMember(t);
    const seller = await verifiedMember(t);
    const ad = await createAd(t, seller.access_token, { title: 'Gartenbank aus Lärche' });
    await emitEvent(app, 'listing.reported', {
      listingId: ad.id,
      reporterId: reporter.user.id,
      title: ad.title,
    });
    // More mails, still waiting or being delivered when the application closes.
    await Promise.all([registerMember(app), registerMember(app), registerMember(app)]);
    const closing = Date.now();
    await app.close();

    expect(closed).toEqual(['jobs', 'database']);
    const lines = log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
    const problems = lines.filter((line) => line.level >= 40 && line.time >= closing);
    expect(problems.map((line) => `${line.msg}: ${line.err?.message ?? ''}`)).toEqual([]);
    expect(log).not.toMatch(/Cannot use a pool|pool after calling end|is closed/i);
  });
});
