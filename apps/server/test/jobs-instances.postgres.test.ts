import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { MAIL_QUEUE } from '../src/jobs/mail.ts';
import { mailsTo, registerMember } from './helpers/accounts.ts';

/**
 * Jobs on two instances of one PostgreSQL database (docs/decisions/0014-job-queue.md): a job
 * enqueued on both at once runs once, and every mail is delivered by exactly one of them.
 */

const databaseUrl = process.env.TEST_DATABASE_URL as string;
const schemaName = `test_${randomUUID().replaceAll('-', '')}`;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-jobs-instances-'));
const dataDirs = ['a', 'b'].map((name) => path.join(root, name));

/** Starts one instance on the shared schema with its own DATA_DIR (and so its own outbox). */
async function startInstance(dataDir: string): Promise<FastifyInstance> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'ein-gemeinsames-geheimnis-fuer-alle-instanzen',
  });
  const app = await buildApp(config, {
    database: await openDatabase({ databaseUrl, schemaName }),
    logger: false,
  });
  await app.ready();
  return app;
}

// One after the other: the second finds the migrations and the queue's schema in place.
const apps: FastifyInstance[] = [];
for (const dataDir of dataDirs) apps.push(await startInstance(dataDir));
const [a, b] = apps as [FastifyInstance, FastifyInstance];

afterAll(async () => {
  for (const app of apps) await app.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`);
  await client.query(`DROP SCHEMA IF EXISTS "${schemaName}_jobs" CASCADE`);
  await client.end();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Waiting for a job state: up to 60 s (a busy machine), checked every 100 ms. */
const POLL = { timeout: 60_000, interval: 100 };

/** Jobs of `queue` not yet finished (waiting, due, running). */
async function unfinished(queue: string): Promise<number> {
  const [row] = await a.jobs.query(
    z.object({ count: z.number().int() }),
    `select count(*)::int as count from "${a.jobs.schema}".job
      where name = $1 and state in ('created', 'retry', 'active')`,
    [queue],
  );
  return row?.count ?? 0;
}

describe('Jobs auf zwei Instanzen einer Datenbank', () => {
  it('ein Job, den beide Instanzen zugleich einreihen, läuft genau einmal', async () => {
    const runs: string[] = [];
    const queue = `test.once-${randomUUID()}`;
    // Both declare the periodic job at the same moment and ask for a run at start.
    await Promise.all(
      apps.map((app, index) =>
        app.jobs.every(
          queue,
          '0 0 1 1 *',
          async () => {
            runs.push(dataDirs[index] as string);
          },
          { runOnStart: true },
        ),
      ),
    );
    await expect.poll(() => runs.length, { ...POLL, message: 'the run' }).toBeGreaterThan(0);
    await expect.poll(() => unfinished(queue), { ...POLL, message: 'jobs left' }).toBe(0);
    expect(runs).toHaveLength(1);
  });

  it('eine zweite Instanz, die startet, während der Start-Lauf der ersten noch läuft, fügt keinen hinzu', async () => {
    const runs: string[] = [];
    const queue = `test.running-${randomUUID()}`;
    let release = (): void => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await a.jobs.every(
      queue,
      '0 0 1 1 *',
      async () => {
        runs.push('a');
        await held;
      },
      { runOnStart: true },
    );
    await expect.poll(() => runs.length, { ...POLL, message: 'the first run' }).toBeGreaterThan(0);
    // The first run is active now: a start of B must not queue one behind it.
    await b.jobs.every(
      queue,
      '0 0 1 1 *',
      async () => {
        runs.push('b');
      },
      { runOnStart: true },
    );
    release();
    await expect.poll(() => unfinished(queue), { ...POLL, message: 'jobs left' }).toBe(0);
    expect(runs).toEqual(['a']);
  });

  it('jede Mail wird von genau einer Instanz zugestellt, auch bei 20 Registrierungen zugleich', async () => {
    const members = await Promise.all(
      Array.from({ length: 20 }, (_, index) => registerMember(index % 2 === 0 ? a : b)),
    );
    await expect.poll(() => unfinished(MAIL_QUEUE), { ...POLL, message: 'mails not delivered' }).toBe(0);
    for (const member of members) {
      const delivered = dataDirs.flatMap((dataDir) => mailsTo(dataDir, member.email));
      expect(delivered, member.email).toHaveLength(1);
    }
  });
});
