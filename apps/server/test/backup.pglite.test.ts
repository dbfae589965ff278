// Backup and restore (README "Backup and restore"): a backup brought back into a fresh DATA_DIR
// or a fresh PostgreSQL database holds the same rows and media. Runs once (PGlite project); the
// PostgreSQL part uses a fresh database on the server at 127.0.0.1:5432 when one answers.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backup } from '../scripts/backup.ts';
import { countRows } from '../scripts/operations.ts';
import { restore } from '../scripts/restore.ts';
import { loadConfig } from '../src/config.ts';
import { login, PASSWORD } from './helpers/accounts.ts';
import {
  fillMarketplace,
  folderContents,
  freshDatabase,
  openApp,
  postgresServer,
  tempDataDir,
} from './helpers/operations.ts';

const folders: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => {});
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});
function folder(): string {
  const dir = tempDataDir();
  folders.push(dir);
  return dir;
}

/** Another process that holds the data folder's lock, as a running server does. */
async function holdLock(dataDir: string): Promise<ChildProcess> {
  const lockModule = new URL('../src/lib/data-dir-lock.ts', import.meta.url).href;
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { lockDataDir } = await import(${JSON.stringify(lockModule)}); lockDataDir(${JSON.stringify(dataDir)}); console.log('gesperrt'); setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('gesperrt')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  return child;
}

async function pgliteCounts(dataDir: string): Promise<Record<string, number>> {
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'db'), extensions: { pg_trgm } });
  try {
    return await countRows(client);
  } finally {
    await client.close();
  }
}

async function postgresCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await countRows(client);
  } finally {
    await client.end();
  }
}

describe('backup and restore of the embedded database', { timeout: 240_000 }, () => {
  it('brings rows, media and the generated secret back into a fresh DATA_DIR, and the app serves them', async () => {
    const source = folder();
    const t = await openApp({ DATA_DIR: source });
    const filled = await fillMarketplace(t);
    await t.close();
    const before = await pgliteCounts(source);
    expect(before['public.listings']).toBe(1);
    expect(before['public.chat_messages']).toBeGreaterThanOrEqual(1);

    const file = path.join(folder(), 'sicherung.tar.gz');
    const manifest = await backup(loadConfig({ DATA_DIR: source }), file);
    expect(manifest.database.tables).toEqual(before);
    expect(manifest.media.files.length).toBeGreaterThan(0);

    const target = path.join(folder(), 'neu');
    await restore(loadConfig({ DATA_DIR: target }), file);
    expect(await pgliteCounts(target)).toEqual(before);
    expect(folderContents(path.join(target, 'media'))).toEqual(folderContents(path.join(source, 'media')));
    expect(fs.readFileSync(path.join(target, 'jwt-secret'), 'utf8')).toBe(
      fs.readFileSync(path.join(source, 'jwt-secret'), 'utf8'),
    );
    expect(fs.existsSync(path.join(target, 'server.pid'))).toBe(false);

    const restored = await openApp({ DATA_DIR: target });
    try {
      // The old token still holds (same secret, same sessions); the ad and its photo are there.
      const ad = await restored.app.inject({ method: 'GET', url: `/api/listings/${filled.listing.id}` });
      expect(ad.statusCode).toBe(200);
      expect(ad.json().images).toEqual([filled.photoUrl]);
      const photo = await restored.app.inject({ method: 'GET', url: filled.photoUrl });
      expect(photo.statusCode).toBe(200);
      expect(photo.rawPayload.length).toBeGreaterThan(0);
      const again = await login(restored.app, filled.seller.user.email, PASSWORD);
      expect(again.statusCode).toBe(200);
    } finally {
      await restored.close();
    }
  });

  it('refuses a DATA_DIR that holds anything, and changes nothing there', async () => {
    const source = folder();
    await (await openApp({ DATA_DIR: source })).close();
    const file = path.join(folder(), 'sicherung.tar.gz');
    await backup(loadConfig({ DATA_DIR: source }), file);

    const target = folder();
    fs.writeFileSync(path.join(target, 'notiz.txt'), 'bleibt');
    await expect(restore(loadConfig({ DATA_DIR: target }), file)).rejects.toThrow(
      /DATA_DIR .* ist nicht leer \(notiz\.txt\)/,
    );
    expect(fs.readdirSync(target)).toEqual(['notiz.txt']);
  });

  it('refuses while a server holds the data folder, and a file that is no backup', async () => {
    const source = folder();
    await (await openApp({ DATA_DIR: source })).close();
    const holder = await holdLock(source);
    const file = path.join(folder(), 'sicherung.tar.gz');
    try {
      await expect(backup(loadConfig({ DATA_DIR: source }), file)).rejects.toThrow(/Server zuerst beenden/);
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      holder.kill('SIGKILL');
    }
    const notBackup = path.join(folder(), 'kaputt.tar.gz');
    fs.writeFileSync(notBackup, 'kein tar');
    const target = path.join(folder(), 'neu');
    await expect(restore(loadConfig({ DATA_DIR: target }), notBackup)).rejects.toThrow(
      /keine lesbare Sicherung/,
    );
    expect(fs.existsSync(target) ? fs.readdirSync(target) : []).toEqual([]);
  });
});

const server = await postgresServer();

describe.skipIf(!server)('backup and restore on PostgreSQL', { timeout: 240_000 }, () => {
  it('dumps every schema while the server runs and restores into an empty database only', async () => {
    const source = await freshDatabase(server as string);
    cleanups.push(source.drop);
    const sourceDir = folder();
    const t = await openApp({ DATA_DIR: sourceDir, DATABASE_URL: source.url });
    let before: Record<string, number>;
    const file = path.join(folder(), 'sicherung.tar.gz');
    try {
      await fillMarketplace(t);
      // A schema of its own beside the marketplace's (as a job queue keeps): the dump takes all.
      const client = new pg.Client({ connectionString: source.url });
      await client.connect();
      await client.query(
        'create schema warteschlange; create table warteschlange.auftraege (id int primary key)',
      );
      await client.query('insert into warteschlange.auftraege select generate_series(1, 3)');
      await client.end();
      before = await postgresCounts(source.url);
      // The server keeps running during the backup.
      const manifest = await backup(loadConfig({ DATA_DIR: sourceDir, DATABASE_URL: source.url }), file);
      expect(manifest.database.tables).toEqual(before);
    } finally {
      await t.close();
    }
    expect(before['warteschlange.auftraege']).toBe(3);
    expect(before['public.listings']).toBe(1);

    const target = await freshDatabase(server as string);
    cleanups.push(target.drop);
    const targetDir = path.join(folder(), 'neu');
    await restore(loadConfig({ DATA_DIR: targetDir, DATABASE_URL: target.url }), file);
    expect(await postgresCounts(target.url)).toEqual(before);
    expect(folderContents(path.join(targetDir, 'media'))).toEqual(
      folderContents(path.join(sourceDir, 'media')),
    );

    // A second restore into the now filled database is refused, naming what is there.
    const otherDir = path.join(folder(), 'nochmal');
    await expect(restore(loadConfig({ DATA_DIR: otherDir, DATABASE_URL: target.url }), file)).rejects.toThrow(
      /Ziel-Datenbank .* ist nicht leer/,
    );
    expect(fs.existsSync(otherDir) ? fs.readdirSync(otherDir) : []).toEqual([]);
    expect(await postgresCounts(target.url)).toEqual(before);
  });
});
