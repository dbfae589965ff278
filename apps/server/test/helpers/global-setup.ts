import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite folder with every migration applied; test files copy it (server:pglite). */
    pgliteTemplate: string;
    /** A PostgreSQL database with every migration applied; test files copy it (server:postgres). */
    postgresTemplate: string;
  }
}

/** `url` with its database name replaced by `database`. */
export function databaseUrl(url: string, database: string): string {
  const copy = new URL(url);
  copy.pathname = `/${database}`;
  return copy.toString();
}

/**
 * Migrates one database for the whole run, which every test file then copies
 * (docs/decisions/0020-test-database-templates.md): on PGlite a data folder that each file
 * copies as files, on PostgreSQL a database that each file names as the `TEMPLATE` of its own
 * `CREATE DATABASE`. Applying the migrations takes seconds; a copy takes a fraction of one.
 * @returns the teardown that removes the template
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  // `test.env` reaches the test files, not this process: the project's config says which kind.
  if (project.config.env.TEST_DB_KIND === 'postgres' && url) {
    const name = `marketplace_template_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}"`);
      const template = await openDatabase({ databaseUrl: databaseUrl(url, name) });
      await template.close();
      // Only a template can be copied by others while nobody is connected to it.
      await admin.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    } finally {
      await admin.end();
    }
    project.provide('postgresTemplate', name);
    return async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE false`);
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    };
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-template-'));
  const template = await openDatabase({ pgliteDir: path.join(folder, 'db') });
  await template.close();
  project.provide('pgliteTemplate', path.join(folder, 'db'));
  return async () => fs.rmSync(folder, { recursive: true, force: true });
}
