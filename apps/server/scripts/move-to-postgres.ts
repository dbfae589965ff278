// `npm run db:move-to-postgres -- DATABASE_URL`: everything from the embedded database into an
// empty PostgreSQL database, media into S3 when configured (README "Moving to PostgreSQL").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { JWT_SECRET_FILE } from '../src/lib/jwt-secret.ts';
import { assertEmbeddedDatabase, isCommand, lockOrRefuse, runCommand } from './backup.ts';
import {
  assertEmptyPostgres,
  countDifferences,
  countRows,
  databaseName,
  label,
  listTables,
  nameRow,
  OperationError,
  type Queryable,
  quoted,
  type TableName,
  uploadFolder,
} from './operations.ts';

/** Rows read from the embedded database and written to PostgreSQL per statement. */
const BATCH_ROWS = 1_000;

/** What a move did: rows per table (equal on both sides), media uploaded to the bucket. */
export interface MoveResult {
  tables: Record<string, number>;
  mediaUploaded: number | null;
}

/**
 * Copies the embedded database of `DATA_DIR/db` into the empty PostgreSQL database at
 * `targetUrl`: the server is started on it once first (migrations, the job queue's schema: the
 * schema is the one the server expects), then, in one transaction, the rows of every table in every schema (the
 * migrations' own rows replaced by the source's), the sequences' positions, and the foreign
 * keys checked again; the row counts of both sides are compared before the commit. With `S3_*`
 * set the files of `DATA_DIR/media` are uploaded into that bucket (their URLs stay the same,
 * `/api/images/…`). The embedded database is only read; it stays as it was.
 *
 * The server must be stopped (the data folder's lock, docs/decisions/0001).
 * @throws OperationError (German, one line): target not empty or unreachable, a table the
 *   migrations did not create, differing counts; nothing is committed then
 */
export async function moveToPostgres(config: Config, targetUrl: string): Promise<MoveResult> {
  const dbDir = path.join(config.dataDir, 'db');
  assertEmbeddedDatabase(dbDir);
  await assertEmptyPostgres(targetUrl);
  const unlock = lockOrRefuse(config.dataDir);
  try {
    // Brings the embedded database to the newest migration too, so both sides have one schema.
    await (await openDatabase({ pgliteDir: dbDir })).close();
    await installSchema(targetUrl);

    const source = await PGlite.create({ dataDir: dbDir, extensions: { pg_trgm } });
    const target = new pg.Client({ connectionString: targetUrl });
    await target.connect();
    try {
      const tables = await copyRows(source, target);
      const mediaDir = path.join(config.dataDir, 'media');
      const mediaUploaded = config.s3 ? await uploadFolder(config.s3, mediaDir) : null;
      return { tables, mediaUploaded };
    } finally {
      await target.end();
      await source.close();
    }
  } finally {
    unlock();
  }
}

/**
 * Starts the server once on the empty target (without demo data, in a temporary DATA_DIR) and
 * stops it again: the migrations and whatever the server installs itself on start (the job
 * queue's schema) are then there, exactly as a start on PostgreSQL makes them. Their rows are
 * replaced by the copy.
 */
async function installSchema(targetUrl: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-move-'));
  try {
    const app = await buildApp(
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: targetUrl, SEED_DEMO: '0', LOG_LEVEL: 'silent' }),
      { logger: false },
    );
    await app.ready();
    await app.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Tables the move copies: all but the migration journal, which the target keeps as applied. */
const isCopied = (table: TableName) => table.schema !== 'drizzle';

/** Copies all rows and sequence positions in one transaction of `target`; answers the counts. */
async function copyRows(source: PGlite, target: pg.Client): Promise<Record<string, number>> {
  const tables = (await listTables(source)).filter(isCopied);
  const targetTables = new Set((await listTables(target)).map(label));
  const missing = tables.map(label).filter((name) => !targetTables.has(name));
  if (missing.length > 0) {
    throw new OperationError(
      `Diese Tabellen legen die Migrationen nicht an, der Umzug kann sie nicht übernehmen: ${missing.join(', ')}`,
    );
  }
  await target.query('begin');
  try {
    // Foreign keys are dropped for the copy and added again at the end, which checks every row
    // (tables refer to each other and to themselves, so no insert order fits all). User
    // triggers stay quiet: the rows arrive as they were, counters included.
    const foreignKeys = await queryRows(
      target,
      z.object({ table: z.string(), name: z.string(), definition: z.string() }),
      `select conrelid::regclass::text as "table", conname as name, pg_get_constraintdef(oid) as definition
         from pg_constraint where contype = 'f' and connamespace::regnamespace::text <> 'drizzle'`,
    );
    for (const key of foreignKeys) {
      await target.query(`alter table ${key.table} drop constraint "${key.name.replaceAll('"', '""')}"`);
    }
    for (const table of tables) await target.query(`alter table ${quoted(table)} disable trigger user`);
    await target.query(`truncate ${tables.map(quoted).join(', ')}`);

    for (const table of tables) await copyTable(source, target, table);

    for (const key of foreignKeys) {
      await target.query(
        `alter table ${key.table} add constraint "${key.name.replaceAll('"', '""')}" ${key.definition}`,
      );
    }
    for (const table of tables) await target.query(`alter table ${quoted(table)} enable trigger user`);
    await copySequences(source, target);

    const expected = pick(await countRows(source));
    const actual = pick(await countRows(target));
    const differences = countDifferences(expected, actual);
    if (differences.length > 0) {
      throw new OperationError(
        `Die Zeilenzahlen weichen ab, nichts wurde übernommen: ${differences.join('; ')}`,
      );
    }
    await target.query('commit');
    return expected;
  } catch (error) {
    await target.query('rollback').catch(() => {});
    throw error;
  }
}

/** The counts of the copied tables only. */
function pick(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).filter(([name]) => !name.startsWith('drizzle.')));
}

/**
 * Copies one table in batches of `BATCH_ROWS`: read as JSON from the embedded database, written
 * with `json_populate_recordset`, so every column keeps its type. Generated columns (search
 * vectors) are computed again by PostgreSQL; identity columns keep their values.
 */
async function copyTable(source: PGlite, target: Queryable, table: TableName): Promise<void> {
  const columns = await queryRows(
    source,
    nameRow,
    `select a.attname as name from pg_attribute a
      where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attnum`,
    [quoted(table)],
  );
  const list = columns.map((column) => `"${column.name.replaceAll('"', '""')}"`).join(', ');
  for (let offset = 0; ; offset += BATCH_ROWS) {
    const rows = await queryRows(
      source,
      z.object({ batch: z.string().nullable() }),
      `select json_agg(t)::text as batch from (select ${list} from ${quoted(table)} order by ctid limit ${BATCH_ROWS} offset ${offset}) t`,
    );
    const batch = rows[0]?.batch;
    if (!batch) return;
    await target.query(
      `insert into ${quoted(table)} (${list}) overriding system value
       select ${list} from json_populate_recordset(null::${quoted(table)}, $1::json)`,
      [batch],
    );
  }
}

/** Sets every sequence of the target to the position it has in the embedded database. */
async function copySequences(source: PGlite, target: Queryable): Promise<void> {
  const rows = await queryRows(
    source,
    z.object({ name: z.string(), last: z.string().nullable() }),
    `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text as last
       from pg_sequences where schemaname <> 'drizzle'`,
  );
  for (const sequence of rows) {
    if (sequence.last === null) await target.query('select setval($1::regclass, 1, false)', [sequence.name]);
    else await target.query('select setval($1::regclass, $2::bigint, true)', [sequence.name, sequence.last]);
  }
}

/** The settings to start the server with after a move, one `NAME=value` line each, for the operator. */
export function settingsAfterMove(config: Config, targetUrl: string): string[] {
  const lines = [`DATABASE_URL=${targetUrl}`];
  if (config.s3) {
    lines.push(
      `S3_ENDPOINT=${config.s3.endpoint}`,
      `S3_BUCKET=${config.s3.bucket}`,
      `S3_REGION=${config.s3.region}`,
      'S3_ACCESS_KEY_ID=… S3_SECRET_ACCESS_KEY=… (wie bisher)',
    );
  }
  if (!config.jwtSecret && fs.existsSync(path.join(config.dataDir, JWT_SECRET_FILE))) {
    lines.push(
      `JWT_SECRET=<Inhalt von ${path.join(config.dataDir, JWT_SECRET_FILE)}> (sonst bleiben alle abgemeldet)`,
    );
  }
  return lines;
}

const urlSchema = z
  .string()
  .trim()
  .regex(/^postgres(ql)?:\/\//, 'eine Adresse wie postgres://benutzer@host:5432/datenbank');

if (isCommand(import.meta.url)) {
  await runCommand(async () => {
    const parsed = urlSchema.safeParse(process.argv[2] ?? '');
    if (!parsed.success) {
      throw new OperationError(
        `Aufruf: npm run db:move-to-postgres -- DATABASE_URL (${parsed.error.issues[0]?.message ?? 'fehlt'})`,
      );
    }
    const config = loadConfig();
    const targetUrl = parsed.data;
    const result = await moveToPostgres(config, targetUrl);
    const lines = Object.entries(result.tables).map(([name, count]) => `  ${name}: ${count}`);
    const media =
      result.mediaUploaded === null
        ? `Die Medien bleiben in ${path.join(config.dataDir, 'media')}: DATA_DIR weiter verwenden (oder S3_* setzen und den Umzug in eine neue Datenbank wiederholen).`
        : `${result.mediaUploaded} Mediendateien in den Bucket ${config.s3?.bucket} hochgeladen.`;
    process.stdout.write(
      [
        `Umgezogen nach ${databaseName(targetUrl)}; Zeilen je Tabelle (auf beiden Seiten gleich):`,
        ...lines,
        media,
        'Von nun an den Server so starten:',
        ...settingsAfterMove(config, targetUrl).map((line) => `  ${line}`),
        `Die eingebettete Datenbank in ${path.join(config.dataDir, 'db')} bleibt unverändert; sie kann gelöscht werden, sobald alles läuft.`,
        '',
      ].join('\n'),
    );
  });
}
