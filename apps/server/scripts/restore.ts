// `npm run restore FILE`: a backup of `npm run backup` into an empty DATA_DIR or an empty
// PostgreSQL database (README "Backup and restore").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as tar from 'tar';
import { type Config, loadConfig } from '../src/config.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupManifest,
  isCommand,
  lockOrRefuse,
  run,
  runCommand,
} from './backup.ts';
import {
  assertEmptyDataDir,
  assertEmptyPostgres,
  connectPostgres,
  countDifferences,
  countRows,
  fileSha256,
  listBucket,
  type MediaEntry,
  OperationError,
  s3Client,
  uploadFolder,
} from './operations.ts';

/**
 * Brings a backup back: the database into `DATA_DIR/db` (embedded) or into the empty PostgreSQL
 * database of `DATABASE_URL` (one transaction), the media into `DATA_DIR/media` or, with `S3_*`
 * set, into the empty bucket, and the other files into `DATA_DIR`. Checks every file's SHA-256
 * against the manifest before writing anything, and the row counts after.
 *
 * Refuses (and changes nothing) when `DATA_DIR` holds anything, the database holds any table,
 * the bucket holds any object, or the backup was taken of the other kind of database (a backup
 * of the embedded database goes to PostgreSQL with `npm run db:move-to-postgres` after
 * restoring it into a DATA_DIR). When a step fails after writing began, `DATA_DIR` is emptied
 * again.
 * @returns the manifest of the restored backup
 * @throws OperationError (German, one line)
 */
export async function restore(config: Config, file: string): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new OperationError(`Die Sicherung ${file} gibt es nicht.`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-restore-'));
  let unlock = () => {};
  let writing = false;
  try {
    try {
      await tar.extract({ file, cwd: work, strict: true });
    } catch (error) {
      throw new OperationError(`${file} ist keine lesbare Sicherung: ${(error as Error).message}`);
    }
    const manifest = readManifest(work, file);
    const kind = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database.kind !== kind) {
      throw new OperationError(
        manifest.database.kind === 'pglite'
          ? 'Die Sicherung stammt aus der eingebetteten Datenbank: bitte ohne DATABASE_URL in ein leeres DATA_DIR zurückspielen und dann mit npm run db:move-to-postgres umziehen.'
          : 'Die Sicherung stammt aus einer PostgreSQL-Datenbank: bitte mit DATABASE_URL einer leeren PostgreSQL-Datenbank zurückspielen.',
      );
    }
    await verifyFiles(path.join(work, 'media'), manifest.media.files);
    await verifyFiles(path.join(work, 'data'), manifest.files);
    assertEmptyDataDir(config.dataDir);
    if (config.databaseUrl) await assertEmptyPostgres(config.databaseUrl);
    if (config.s3 && manifest.media.files.length > 0) {
      const objects = await listBucket(s3Client(config.s3), config.s3.bucket);
      if (objects.length > 0) {
        throw new OperationError(
          `Der Bucket ${config.s3.bucket} ist nicht leer (${objects.length} Objekte); die Medien werden nur in einen leeren Bucket zurückgespielt.`,
        );
      }
    }

    writing = true;
    unlock = lockOrRefuse(config.dataDir);
    const dump = path.join(work, manifest.database.file);
    const restored = config.databaseUrl
      ? await restorePostgres(config.databaseUrl, dump)
      : await restorePglite(path.join(config.dataDir, 'db'), dump);
    const differences = countDifferences(manifest.database.tables, restored);
    if (differences.length > 0) {
      throw new OperationError(`Die zurückgespielten Zeilen stimmen nicht: ${differences.join('; ')}`);
    }
    fs.cpSync(path.join(work, 'data'), config.dataDir, { recursive: true });
    if (config.s3) await uploadFolder(config.s3, path.join(work, 'media'));
    else fs.cpSync(path.join(work, 'media'), path.join(config.dataDir, 'media'), { recursive: true });
    writing = false;
    return manifest;
  } finally {
    unlock();
    // Written into a folder that was empty: a failed restore leaves it empty again.
    if (writing) {
      for (const entry of fs.readdirSync(config.dataDir)) {
        fs.rmSync(path.join(config.dataDir, entry), { recursive: true, force: true });
      }
    }
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Reads and checks `manifest.json` of an extracted backup. */
function readManifest(work: string, file: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(work, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw new OperationError(`${file} ist keine Sicherung des Marktplatzes (manifest.json fehlt).`);
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new OperationError(
      `${file} ist keine Sicherung des Marktplatzes (Format ${String(manifest.format)}).`,
    );
  }
  if (manifest.version !== BACKUP_VERSION) {
    throw new OperationError(
      `Die Sicherung hat Version ${manifest.version}; diese Fassung liest Version ${BACKUP_VERSION}.`,
    );
  }
  return manifest;
}

/** Checks that exactly the listed files are there, each with its size and SHA-256. */
async function verifyFiles(root: string, entries: MediaEntry[]): Promise<void> {
  for (const entry of entries) {
    const file = path.join(root, ...entry.key.split('/'));
    if (
      !fs.existsSync(file) ||
      fs.statSync(file).size !== entry.size ||
      (await fileSha256(file)) !== entry.sha256
    ) {
      throw new OperationError(`Die Sicherung ist beschädigt: ${entry.key} fehlt oder weicht ab.`);
    }
  }
}

/** Loads PGlite's dump into a new data folder; answers the row counts. */
async function restorePglite(dbDir: string, dump: string): Promise<Record<string, number>> {
  const client = await PGlite.create({
    dataDir: dbDir,
    loadDataDir: new Blob([fs.readFileSync(dump)]),
    extensions: { pg_trgm },
  });
  try {
    return await countRows(client);
  } finally {
    await client.exec('CHECKPOINT');
    await client.close();
  }
}

/** `pg_restore` in one transaction into the empty database; answers the row counts. */
async function restorePostgres(databaseUrl: string, dump: string): Promise<Record<string, number>> {
  await run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${databaseUrl}`,
    dump,
  ]);
  const client = await connectPostgres(databaseUrl);
  try {
    return await countRows(client);
  } finally {
    await client.end();
  }
}

if (isCommand(import.meta.url)) {
  await runCommand(async () => {
    const file = process.argv[2];
    if (!file)
      throw new OperationError('Aufruf: npm run restore -- DATEI (eine Sicherung von npm run backup)');
    const config = loadConfig();
    const manifest = await restore(config, file);
    process.stdout.write(
      `Zurückgespielt: ${Object.keys(manifest.database.tables).length} Tabellen, ${manifest.media.files.length} Mediendateien ${config.s3 ? `in den Bucket ${config.s3.bucket}` : `nach ${path.join(config.dataDir, 'media')}`}, ${manifest.files.length} weitere Dateien nach ${config.dataDir} (Stand ${manifest.createdAt}).\n`,
    );
  });
}
