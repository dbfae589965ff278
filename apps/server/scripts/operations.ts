// Shared parts of the operator's commands (README "Backup and restore", "Moving to
// PostgreSQL"): the tables of a database with their row counts, the media wherever they live,
// and the checks that a target is empty.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { z } from 'zod';
import { queryRows, type RowsClient } from '../src/db/client.ts';
import { createS3MediaStorage, type S3Settings } from '../src/lib/s3-media-storage.ts';

/** Thrown for a refused or failed operation; `message` is one German line for the operator. */
export class OperationError extends Error {
  override name = 'OperationError';
}

/** Anything that answers SQL with `{ rows }`: a PGlite instance or a pg client. */
export type Queryable = RowsClient;

/** A table's schema and name as `listTables` reads them. */
const tableNameRow = z.object({ schema: z.string(), table: z.string() });

/** A table as `schema.table`, both parts quoted for SQL. */
export interface TableName {
  schema: string;
  table: string;
}

/** `"schema"."table"`, safe for any name. */
export function quoted({ schema, table }: TableName): string {
  return `"${schema.replaceAll('"', '""')}"."${table.replaceAll('"', '""')}"`;
}

/** `schema.table`, as the manifest and the messages name a table. */
export function label({ schema, table }: TableName): string {
  return `${schema}.${table}`;
}

/** Schemas PostgreSQL keeps for itself; every other schema is the marketplace's data. */
const SYSTEM_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`;

/**
 * Every table of the database outside PostgreSQL's own schemas: the marketplace's tables, the
 * migration journal (schema `drizzle`) and whatever schema a job queue created, sorted by name.
 * Partitions are left out: their rows are read and counted through the partitioned table.
 */
export async function listTables(db: Queryable): Promise<TableName[]> {
  return queryRows(
    db,
    tableNameRow,
    `select n.nspname as schema, c.relname as "table"
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition and ${SYSTEM_SCHEMAS}
      order by 1, 2`,
  );
}

/** A count (`count(*)::int as n`). */
const countRow = z.object({ n: z.number().int() });

/** A relation's or column's name. */
export const nameRow = z.object({ name: z.string() });

/** Row count of every table of `listTables`, keyed by `schema.table`. */
export async function countRows(db: Queryable): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(db)) {
    const rows = await queryRows(db, countRow, `select count(*)::int as n from ${quoted(table)}`);
    counts[label(table)] = rows[0]?.n ?? 0;
  }
  return counts;
}

/** The tables whose counts differ between `expected` and `actual`, as readable lines. */
export function countDifferences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return names
    .filter((name) => expected[name] !== actual[name])
    .map(
      (name) =>
        `${name}: erwartet ${expected[name] ?? 'keine Tabelle'}, vorgefunden ${actual[name] ?? 'keine Tabelle'}`,
    );
}

/**
 * A connected client of the PostgreSQL database at `databaseUrl`; the caller ends it.
 * @throws OperationError when the database does not answer
 */
export async function connectPostgres(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    return client;
  } catch (error) {
    throw new OperationError(`Die PostgreSQL-Datenbank ist nicht erreichbar: ${(error as Error).message}`);
  }
}

/**
 * Refuses a PostgreSQL database that holds any table, view or sequence outside the system
 * schemas: restores and moves only fill an empty database, so nothing is overwritten.
 * @throws OperationError naming the database and a few of its relations
 */
export async function assertEmptyPostgres(databaseUrl: string): Promise<void> {
  const client = await connectPostgres(databaseUrl);
  try {
    const rows = await queryRows(
      client,
      nameRow,
      `select n.nspname || '.' || c.relname as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and ${SYSTEM_SCHEMAS}
        order by 1 limit 6`,
    );
    if (rows.length > 0) {
      throw new OperationError(
        `Die Ziel-Datenbank ${databaseName(databaseUrl)} ist nicht leer (${rows
          .slice(0, 5)
          .map((row) => row.name)
          .join(
            ', ',
          )}${rows.length > 5 ? ', …' : ''}); bitte eine leere Datenbank angeben (CREATE DATABASE …).`,
      );
    }
  } finally {
    await client.end();
  }
}

/** The database name of a connection string, for messages (never the password). */
export function databaseName(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `"${decodeURIComponent(url.pathname.replace(/^\//, '')) || url.username}" auf ${url.host}`;
  } catch {
    return '(ungültige Adresse)';
  }
}

/**
 * Refuses a data folder that exists and holds anything: a restore writes only into an empty
 * (or missing) `DATA_DIR`.
 * @throws OperationError naming the folder
 */
export function assertEmptyDataDir(dataDir: string): void {
  const entries = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
  if (entries.length > 0) {
    throw new OperationError(
      `DATA_DIR ${dataDir} ist nicht leer (${entries.slice(0, 5).join(', ')}); eine Sicherung wird nur in einen leeren oder neuen Ordner zurückgespielt.`,
    );
  }
}

/** One stored media file: its key `<folder>/<name>` (as in `/api/images/<key>`), size, SHA-256. */
export interface MediaEntry {
  key: string;
  size: number;
  sha256: string;
}

/** SHA-256 (hex) of a file, read as a stream. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every file below `root`, as paths relative to it with `/`, sorted. */
export function filesBelow(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** An S3 client for the media bucket, configured as the server's (path-style requests). */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
}

/** Every object key of the bucket, following the listing's pages. */
export async function listBucket(client: S3Client, bucket: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}

/** Copies every object of the bucket into `folder/<key>`, streamed. */
export async function downloadBucket(client: S3Client, bucket: string, folder: string): Promise<void> {
  for (const key of await listBucket(client, bucket)) {
    const target = path.join(folder, ...key.split('/'));
    if (!target.startsWith(path.resolve(folder) + path.sep)) {
      throw new OperationError(`Unerwarteter Objektname im Bucket: ${key}`);
    }
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    await pipeline(answer.Body as NodeJS.ReadableStream, fs.createWriteStream(target));
  }
}

/**
 * Uploads every file below `folder` (laid out `<folder>/<name>` as `DATA_DIR/media`) into the
 * bucket through the server's own S3 storage, streamed. An object that already exists with the
 * same size is left as it is (a repeated move); one with another size is an error.
 * @returns the number of objects uploaded
 */
export async function uploadFolder(settings: S3Settings, folder: string): Promise<number> {
  const storage = createS3MediaStorage(settings);
  await storage.check();
  let uploaded = 0;
  for (const key of filesBelow(folder)) {
    const [mediaFolder, name, ...rest] = key.split('/');
    if (!mediaFolder || !name || rest.length > 0) {
      throw new OperationError(`Unerwartete Datei in den Medien: ${key}`);
    }
    const file = path.join(folder, mediaFolder, name);
    const existing = await storage.size(mediaFolder, name);
    if (existing === fs.statSync(file).size) continue;
    if (existing !== null) {
      throw new OperationError(`Im Bucket ${settings.bucket} liegt ${key} schon mit anderem Inhalt.`);
    }
    await storage.writeStream(mediaFolder, name, fs.createReadStream(file));
    uploaded++;
  }
  return uploaded;
}
