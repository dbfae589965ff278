import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** A Drizzle database on either driver; services use only what both share. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database with its driver-specific lifecycle. */
export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs `select 1`; resolves false instead of throwing. */
  ping(): Promise<boolean>;
  /** Flushes (CHECKPOINT on PGlite, which runs with fsync off) and closes the connections. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; unset opens PGlite in `pgliteDir`. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database, normally `DATA_DIR/db`. */
  pgliteDir?: string | undefined;
  /** Schema to work in on PostgreSQL (tests use a fresh one per file). */
  schemaName?: string | undefined;
}

/**
 * Opens the database and applies the committed migrations (ARCHITECTURE.md "database").
 * @throws when the server cannot be reached or a migration fails
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const schemaName = options.schemaName;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 20,
      ...(schemaName ? { options: `-c search_path=${schemaName},public` } : {}),
    });
    try {
      if (schemaName) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schemaName}"`);
      const db = drizzlePg(pool, { schema });
      await migratePg(db, { migrationsFolder, migrationsSchema: schemaName ?? 'drizzle' });
      return {
        db: db as unknown as Database,
        kind: 'postgres',
        ping: () => ping(db as unknown as Database),
        close: () => pool.end(),
      };
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
  }
  if (!options.pgliteDir) throw new Error('openDatabase needs databaseUrl or pgliteDir');
  const client = await PGlite.create({ dataDir: options.pgliteDir, extensions: { pg_trgm } });
  try {
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      ping: () => ping(db as unknown as Database),
      async close() {
        await client.exec('CHECKPOINT');
        await client.close();
      },
    };
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs raw SQL and returns its rows; both drivers answer `{ rows }`.
 * For the few queries Drizzle's builder cannot express (full-text ranking, recursive CTEs).
 */
export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
