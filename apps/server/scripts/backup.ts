// `npm run backup [FILE]`: the database and the media in one file (README "Backup and restore").
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as tar from 'tar';
import { z } from 'zod';
import { type Config, ConfigError, loadConfig } from '../src/config.ts';
import { queryRows } from '../src/db/client.ts';
import { DataDirLockedError, lockDataDir } from '../src/lib/data-dir-lock.ts';
import {
  connectPostgres,
  countRows,
  downloadBucket,
  fileSha256,
  filesBelow,
  type MediaEntry,
  OperationError,
  s3Client,
} from './operations.ts';

/** Format name and version written into every backup's manifest. */
export const BACKUP_FORMAT = 'marketplace-backup';
export const BACKUP_VERSION = 1;

/**
 * What a backup holds (`manifest.json` at the top of the tar):
 * - `database.kind` 'pglite': `database/pglite.tar.gz`, PGlite's own dump of its data folder;
 *   'postgres': `database/postgres.dump`, `pg_dump --format=custom` of the whole database (every
 *   schema, so also a job queue's own);
 * - `database.tables`: row count per `schema.table` at the moment of the dump;
 * - `media`: the media files (`media/<folder>/<name>`), from `DATA_DIR/media` or the S3 bucket;
 * - `files`: the other files of `DATA_DIR` (`data/…`: generated JWT secret, seller verification
 *   documents, mail outbox), without the database folder, temporary uploads and the PID file.
 */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  database: { kind: 'pglite' | 'postgres'; file: string; tables: Record<string, number> };
  media: { source: 'local' | 's3'; files: MediaEntry[] };
  files: MediaEntry[];
}

/** Entries of `DATA_DIR` that a backup leaves out: the database itself, uploads in progress, the lock. */
const NOT_BACKED_UP = new Set(['db', 'tmp', 'media', 'server.pid']);

/**
 * Writes a consistent backup of the database and the media to `file` (a gzip-compressed tar;
 * written beside it first and renamed, so a failed backup leaves no half file).
 *
 * On the embedded database the server must be stopped: the backup takes the data folder's lock
 * (docs/decisions/0001) and refuses while a server holds it. On PostgreSQL the server may run:
 * the row counts and `pg_dump` share one exported snapshot; the media are copied after the dump,
 * so every file a dumped row names is there (files added meanwhile are extra).
 * @returns the manifest written
 * @throws OperationError (German, one line) when the folder is locked or a step fails
 */
export async function backup(config: Config, file: string): Promise<BackupManifest> {
  const target = path.resolve(file);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-backup-'));
  let unlock = () => {};
  try {
    if (!config.databaseUrl) {
      assertEmbeddedDatabase(path.join(config.dataDir, 'db'));
      unlock = lockOrRefuse(config.dataDir);
    }
    fs.mkdirSync(path.join(work, 'database'));
    const database = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, path.join(work, 'database', 'postgres.dump'))
      : await dumpPglite(path.join(config.dataDir, 'db'), path.join(work, 'database', 'pglite.tar.gz'));

    const mediaDir = path.join(work, 'media');
    fs.mkdirSync(mediaDir);
    if (config.s3) await downloadBucket(s3Client(config.s3), config.s3.bucket, mediaDir);
    else if (fs.existsSync(path.join(config.dataDir, 'media'))) {
      fs.cpSync(path.join(config.dataDir, 'media'), mediaDir, { recursive: true });
    }
    const dataDir = path.join(work, 'data');
    fs.mkdirSync(dataDir);
    for (const entry of fs.existsSync(config.dataDir) ? fs.readdirSync(config.dataDir) : []) {
      if (!NOT_BACKED_UP.has(entry)) {
        fs.cpSync(path.join(config.dataDir, entry), path.join(dataDir, entry), { recursive: true });
      }
    }
    unlock();

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      database,
      media: { source: config.s3 ? 's3' : 'local', files: await describeFiles(mediaDir) },
      files: await describeFiles(dataDir),
    };
    fs.writeFileSync(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: work, portable: true }, [
      'manifest.json',
      'database',
      'media',
      'data',
    ]);
    fs.renameSync(partial, target);
    return manifest;
  } finally {
    unlock();
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(`${target}.partial`, { force: true });
  }
}

/**
 * Takes the data folder's lock for an operation on the embedded database.
 * @throws OperationError saying the server must be stopped first
 */
export function lockOrRefuse(dataDir: string): () => void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    return lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new OperationError(
        `${error.message}. Für die eingebettete Datenbank bitte den Server zuerst beenden (docs/decisions/0001).`,
      );
    }
    throw error;
  }
}

/** Size and SHA-256 of every file below `root`. */
async function describeFiles(root: string): Promise<MediaEntry[]> {
  const entries: MediaEntry[] = [];
  for (const key of filesBelow(root)) {
    const file = path.join(root, ...key.split('/'));
    entries.push({ key, size: fs.statSync(file).size, sha256: await fileSha256(file) });
  }
  return entries;
}

/**
 * Refuses a folder that holds no embedded database (a wrong `DATA_DIR`).
 * @throws OperationError naming the folder
 */
export function assertEmbeddedDatabase(dbDir: string): void {
  if (!fs.existsSync(path.join(dbDir, 'PG_VERSION'))) {
    throw new OperationError(`In ${dbDir} liegt keine eingebettete Datenbank (DATA_DIR prüfen).`);
  }
}

/** The embedded database as PGlite's own dump of its data folder, with its row counts. */
async function dumpPglite(dbDir: string, file: string): Promise<BackupManifest['database']> {
  const client = await PGlite.create({ dataDir: dbDir, extensions: { pg_trgm } });
  try {
    const tables = await countRows(client);
    const dump = await client.dumpDataDir('gzip');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return { kind: 'pglite', file: 'database/pglite.tar.gz', tables };
  } finally {
    await client.close();
  }
}

/**
 * The PostgreSQL database with `pg_dump --format=custom` (every schema), and its row counts
 * read in the same snapshot: a repeatable-read transaction exports it and `pg_dump --snapshot`
 * uses it, so counts and dump describe one moment while the server keeps running.
 */
async function dumpPostgres(databaseUrl: string, file: string): Promise<BackupManifest['database']> {
  const client = await connectPostgres(databaseUrl);
  try {
    await client.query('begin isolation level repeatable read read only');
    const [exported] = await queryRows(
      client,
      z.object({ id: z.string() }),
      'select pg_export_snapshot() as id',
    );
    const snapshot = exported?.id;
    const tables = await countRows(client);
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${snapshot}`,
      `--file=${file}`,
      `--dbname=${databaseUrl}`,
    ]);
    await client.query('commit');
    return { kind: 'postgres', file: 'database/postgres.dump', tables };
  } finally {
    await client.end();
  }
}

/**
 * Runs one of PostgreSQL's client programs (Debian: `apt-get install postgresql-client`).
 * @throws OperationError with the program's last lines when it fails or is missing
 */
export function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', (error) =>
      reject(
        new OperationError(
          `${program} ließ sich nicht starten (${error.message}); es kommt mit PostgreSQL (Debian: apt-get install postgresql-client).`,
        ),
      ),
    );
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else
        reject(
          new OperationError(
            `${program} endete mit ${code}: ${output.trim().split('\n').slice(-5).join(' | ')}`,
          ),
        );
    });
  });
}

/**
 * Runs a command's main function: prints an OperationError or ConfigError as one line and
 * exits 1, other errors with their stack.
 */
export async function runCommand(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof OperationError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    }
    process.exit(1);
  }
}

/** Whether this module was started as the command (not imported by a test). */
export function isCommand(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && moduleUrl === pathToFileURL(path.resolve(process.argv[1])).href;
}

if (isCommand(import.meta.url)) {
  await runCommand(async () => {
    const config = loadConfig();
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = process.argv[2] ?? `marketplace-backup-${stamp}.tar.gz`;
    const manifest = await backup(config, file);
    const rows = Object.values(manifest.database.tables).reduce((sum, n) => sum + n, 0);
    process.stdout.write(
      `Sicherung geschrieben: ${path.resolve(file)} (${Object.keys(manifest.database.tables).length} Tabellen, ${rows} Zeilen, ${manifest.media.files.length} Mediendateien, ${manifest.files.length} weitere Dateien aus DATA_DIR)\n`,
    );
  });
}
