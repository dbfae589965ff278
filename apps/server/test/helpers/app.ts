import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase, selectRows } from '../../src/db/client.ts';
import { databaseUrl } from './global-setup.ts';

/** Which database this test run uses: PGlite, or PostgreSQL at TEST_DATABASE_URL. */
export const dbKind = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  /** Closes the database and removes its folder or schema. */
  destroy(): Promise<void>;
}

/**
 * Opens a fresh, migrated database: a copy of the run's migrated template
 * (helpers/global-setup.ts), as a PGlite folder in a temporary directory or as a new database on
 * the PostgreSQL server at `TEST_DATABASE_URL`.
 * @param options.onQuery told the text of every statement sent through Drizzle (`openDatabase`)
 */
export async function createTestDatabase(
  options: { onQuery?: (query: string) => void } = {},
): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-test-'));
  if (dbKind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL as string;
    const database = await copyPostgresTemplate(url);
    const handle = await openDatabase({ databaseUrl: databaseUrl(url, database), onQuery: options.onQuery });
    return {
      handle,
      dataDir,
      async destroy() {
        await handle.close().catch(() => {}); // already closed by the app that used it
        await dropDatabase(url, database);
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  fs.cpSync(inject('pgliteTemplate'), path.join(dataDir, 'db'), { recursive: true });
  const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'db'), onQuery: options.onQuery });
  return {
    handle,
    dataDir,
    async destroy() {
      await handle.close().catch(() => {}); // already closed by the app that used it
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Creates a new database on the server at `url` as a copy of the run's migrated template.
 * @returns the new database's name (drop it with `dropDatabase`)
 */
export async function copyPostgresTemplate(url: string): Promise<string> {
  const database = `test_${randomUUID().replaceAll('-', '')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${database}" TEMPLATE "${inject('postgresTemplate')}"`);
  } finally {
    await client.end();
  }
  return database;
}

/** Drops `database` on the server at `url`, ending any connection still open to it. */
export async function dropDatabase(url: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: TestDatabase;
  close(): Promise<void>;
}

/**
 * Starts the real application on a fresh database, ready for `app.inject`.
 * @param env extra environment (for example `{ ADMIN_EMAIL, ADMIN_PASSWORD }`)
 * @param options.logStream receives the log lines (set `LOG_LEVEL` in `env` too); else no log
 * @param options.webDistDir a built web app to serve (default: none, so no page is served)
 * @param options.onQuery told the text of every statement the application sends through Drizzle
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { logStream?: NodeJS.WritableStream; webDistDir?: string; onQuery?: (query: string) => void } = {},
): Promise<TestApp> {
  const db = await createTestDatabase({ onQuery: options.onQuery });
  const config = loadConfig({ DATA_DIR: db.dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp(
    config,
    options.logStream
      ? { database: db.handle, logStream: options.logStream, webDistDir: options.webDistDir }
      : { database: db.handle, logger: false, webDistDir: options.webDistDir },
  );
  await app.ready();
  return {
    app,
    config,
    db,
    async close() {
      await app.close(); // closes the database handle too
      await db.destroy().catch(() => {});
    },
  };
}

/**
 * Waits (`expect.poll`, up to 5 s) until the member's online time (`last_seen_at`, written after
 * a request or a socket's opening) is stored.
 * @param message what failed, for the assertion's text
 */
export async function onlineRecorded(t: TestApp, userId: string, message = 'online time not stored') {
  await expect
    .poll(
      async () => {
        const rows = await selectRows(
          t.db.handle.db,
          z.object({}),
          sql`select 1 from notification_settings where user_id = ${userId}::uuid and last_seen_at is not null`,
        );
        return rows.length;
      },
      { timeout: 5_000, interval: 20, message },
    )
    .toBeGreaterThan(0);
}

/**
 * The web app as `npm run build` writes it (`apps/web/dist`, with the server build that renders
 * the public pages, docs/decisions/0030-one-layout-rendered-on-the-server.md), for tests of the
 * pages the server sends. `npm test` builds it before the unit and integration tests.
 * @throws when it has not been built, naming the command that builds it
 */
export function builtWebDist(): string {
  const dist = path.resolve(import.meta.dirname, '../../../web/dist');
  if (!fs.existsSync(path.join(dist, 'server', 'entry-server.js')))
    throw new Error(`${dist} has no server build: run \`npm run build\` first`);
  return dist;
}

/**
 * A web app build in a fresh temporary folder: the built app's `index.html`, no assets, and
 * `entrySource` as its server build (`server/entry-server.js`), which stands in for the app's
 * renderer where a test decides what rendering does. Remove the folder after the test.
 */
export function standInWebDist(entrySource: string): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    fs.readFileSync(path.join(builtWebDist(), 'index.html'), 'utf8'),
  );
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, 'server'));
  fs.writeFileSync(path.join(dist, 'server', 'entry-server.js'), entrySource);
  return dist;
}
