import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Logger, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { z } from 'zod';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * A Drizzle database on either driver, and also the type of a transaction on it (a transaction
 * is a database whose statements run in it): services use only what both share. It knows no tables:
 * each module queries its own tables from its `schema.ts`, and `db/schema.ts` only gathers them
 * for drizzle-kit (docs/decisions/0006-module-doors.md).
 */
export type Database = PgDatabase<PgQueryResultHKT>;

/** An open database with its driver-specific lifecycle. */
export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs `select 1`; resolves false instead of throwing. */
  ping(): Promise<boolean>;
  /**
   * Whether every committed migration is recorded as applied in the database (readiness);
   * resolves false instead of throwing, also when the database does not answer.
   */
  migrated(): Promise<boolean>;
  /** Connections of the PostgreSQL pool (total, idle, waiting requests); null on PGlite. */
  poolUse(): { total: number; idle: number; waiting: number } | null;
  /**
   * Runs `work` on one connection for its whole length, for statements that must share a session
   * (a session-level advisory lock and what it guards); outside a transaction, so `work` may run
   * `CREATE INDEX CONCURRENTLY`. PGlite has one connection anyway.
   */
  session<T>(work: (db: Database) => Promise<T>): Promise<T>;
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
  /**
   * Told about errors of idle pooled PostgreSQL connections (the server restarted or a
   * connection broke); the pool drops such a connection and opens a new one when needed.
   */
  onConnectionError?: ((error: Error) => void) | undefined;
  /**
   * Told the text of every statement the application sends through Drizzle, without its
   * parameters (Drizzle's query logger), e.g. for a test that compares the work of two requests.
   */
  onQuery?: ((query: string) => void) | undefined;
}

/**
 * How long a request waits for a PostgreSQL connection before it fails with 503 (ms): the wait
 * for a free connection of the pool as well as for a new one. A server that is away refuses the
 * connection at once, so this bound only matters in a burst (200 requests queued behind the
 * pool's 20 connections on a busy 2-core machine) or a network that drops packets; it is long
 * enough for the burst to be served instead of refused.
 */
const CONNECT_TIMEOUT_MS = 15_000;

let committedCount: number | undefined;

/**
 * Number of migrations committed in `migrationsFolder` (its journal's entries), read once: the
 * migrations this process was started with, which it applied at start.
 */
function committedMigrations(): number {
  if (committedCount === undefined) {
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    committedCount = journal.entries.length;
  }
  return committedCount;
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
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ...(schemaName ? { options: `-c search_path=${schemaName},public` } : {}),
    });
    // A connection that breaks (PostgreSQL restarts, fails over, or a network drop) emits
    // 'error' on its client, and when it was idle in the pool on the pool too; unhandled, either
    // ends the process. The pool drops a broken connection and connects anew on the next query;
    // one checked out (a transaction between two queries) fails its next query, answered 503.
    pool.on('connect', (client) => {
      client.on('error', (error) => options.onConnectionError?.(error));
    });
    pool.on('error', () => {
      // already told through the client's own listener above
    });
    const migrationsSchema = schemaName ?? 'drizzle';
    try {
      if (schemaName) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schemaName}"`);
      const db = drizzlePg(pool, { logger: queryLogger(options.onQuery) });
      await migratePg(db, { migrationsFolder, migrationsSchema });
      return {
        db,
        kind: 'postgres',
        ping: () => ping(db),
        migrated: () => migrated(db, migrationsSchema),
        poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
        async session(work) {
          const client = await pool.connect();
          let result: Awaited<ReturnType<typeof work>>;
          try {
            result = await work(drizzlePg(client, { logger: queryLogger(options.onQuery) }));
          } catch (error) {
            // The connection is closed, not pooled: nothing the session held (a lock) outlives it.
            client.release(error instanceof Error ? error : true);
            throw error;
          }
          client.release();
          return result;
        },
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
    const db = drizzlePglite(client, { logger: queryLogger(options.onQuery) });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      ping: () => ping(db),
      migrated: () => migrated(db, 'drizzle'),
      poolUse: () => null,
      session: (work) => work(db),
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

/** Drizzle's logger for `onQuery`, or none. */
function queryLogger(onQuery: ((query: string) => void) | undefined): Logger | false {
  return onQuery ? { logQuery: (query) => onQuery(query) } : false;
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

async function migrated(db: Database, migrationsSchema: string): Promise<boolean> {
  try {
    const rows = await selectRows(
      db,
      appliedRow,
      sql`select count(*)::int as applied from ${sql.identifier(migrationsSchema)}.__drizzle_migrations`,
    );
    return (rows[0]?.applied ?? 0) >= committedMigrations();
  } catch {
    return false;
  }
}

/** Error codes of Node's sockets when the database or Redis cannot be reached. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/**
 * Whether `error` (or an error in its `cause` chain, as Drizzle wraps the driver's) means the
 * database server is away for the moment rather than that the query is wrong: a refused or
 * broken connection, a pool that got no connection in time, or PostgreSQL shutting down,
 * starting up or ending the session (SQLSTATE class 57P, 08xxx connection exceptions). Such
 * requests answer 503 and can be repeated (ARCHITECTURE.md "Errors").
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_ERROR_CODES.has(code) || /^(57P0[1-4]|08...)$/.test(code))) {
      return true;
    }
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i.test(
        message,
      )
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A row of raw SQL that does not have the shape its query declares: a renamed column, a
 * `bigint` that arrived as text where a number was declared, a null where none may be. The
 * message names the statement's start and every field that differs; it is a programming error
 * and answers 500.
 */
export class RowShapeError extends Error {
  override readonly name = 'RowShapeError';
  /** The statement's first words ({@link statementStart}). */
  readonly statement: string;
  readonly issues: readonly z.core.$ZodIssue[];
  constructor(statement: string, issues: readonly z.core.$ZodIssue[]) {
    super(
      `A row of "${statement}" does not have the declared shape: ${issues
        .map((issue) => `${issue.path.join('.') || '(row)'}: ${issue.message}`)
        .join('; ')}`,
    );
    this.statement = statement;
    this.issues = issues;
  }
}

/** Renders statements for error messages (PostgreSQL's placeholders, no parameters). */
const dialect = new PgDialect();

/** The first words of a statement for an error message (whitespace folded, at most 80 characters). */
function statementStart(query: SQL): string {
  return shortened(dialect.sqlToQuery(query).sql);
}

/** A statement's text, whitespace folded, at most 80 characters. */
function shortened(statement: string): string {
  const text = statement.replace(/\s+/g, ' ').trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/**
 * Runs raw SQL and parses every row with `row`, a zod object schema written next to the query
 * (both drivers answer `{ rows }`; PostgreSQL's `bigint` and `numeric` arrive as text on
 * node-postgres, so counts are declared with {@link rowCount}). For the queries Drizzle's builder
 * cannot express (full-text ranking, keyset cursors over expressions, window functions,
 * recursive CTEs); everything else uses the builder, whose rows are typed by the tables.
 * @returns the parsed rows, in the query's order
 * @throws {RowShapeError} when a row does not match `row`
 */
export async function selectRows<Row extends z.ZodType>(
  db: Database,
  row: Row,
  query: SQL,
): Promise<z.output<Row>[]> {
  const result = (await db.execute(query)) as unknown as { rows: unknown[] };
  return parseRows(row, result.rows, statementStart(query));
}

/**
 * Parses the rows a driver answered for a statement that did not go through Drizzle (pg-boss's
 * connection, a `pg` client of a script or bench) with `row`, as {@link selectRows} does.
 * @param statement the statement's text; its first words name it in the error
 * @returns the parsed rows, in the given order
 * @throws {RowShapeError} when a row does not match `row`
 */
export function parseRows<Row extends z.ZodType>(
  row: Row,
  rows: readonly unknown[],
  statement: string,
): z.output<Row>[] {
  const parsed = z.array(row).safeParse(rows);
  if (!parsed.success) throw new RowShapeError(shortened(statement), parsed.error.issues);
  return parsed.data;
}

/** A driver's own client, below Drizzle, that answers SQL with `{ rows }`: a `pg` client or pool, or PGlite. */
export interface RowsClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Runs `text` on a driver's own client and parses every row with `row`, as {@link selectRows}
 * does through Drizzle: for the operator's scripts, the benches and the tests that work below
 * Drizzle (docs/decisions/0034-rows-of-raw-sql-are-parsed.md). node-postgres' own client hands
 * over `timestamptz` as a `Date` and `bigint` as text.
 * @returns the parsed rows, in the statement's order
 * @throws {RowShapeError} when a row does not match `row`
 */
export async function queryRows<Row extends z.ZodType>(
  client: RowsClient,
  row: Row,
  text: string,
  values?: unknown[],
): Promise<z.output<Row>[]> {
  const result = await client.query(text, values);
  return parseRows(row, result.rows, text);
}

/**
 * A count or sum of raw SQL (`count(*)`, `sum(...)`: `bigint` or `numeric`), which node-postgres
 * hands over as text and PGlite as a number: a finite number either way.
 */
export const rowCount = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).pipe(z.coerce.number());

/**
 * A `timestamptz` column of raw SQL as a `Date`: PGlite hands over a `Date`, node-postgres under
 * Drizzle PostgreSQL's text (`2026-03-29 01:30:00.123+00`), which is read as ISO 8601.
 */
export const rowDate = z.union([
  z.date(),
  z.string().transform((text, context) => {
    const date = new Date(text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
    if (Number.isNaN(date.getTime())) {
      context.addIssue({ code: 'custom', message: `not a timestamp: ${text}` });
      return z.NEVER;
    }
    return date;
  }),
]);

/** The count of applied migrations (`migrated`). */
const appliedRow = z.object({ applied: rowCount });
