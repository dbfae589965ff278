// The move from the embedded database to PostgreSQL (README "Moving to PostgreSQL"): every ad,
// member, message and photo arrives, and the app started on the PostgreSQL database shows them.
// Runs once (PGlite project) on fresh databases of the server at 127.0.0.1:5432 when one answers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveToPostgres, settingsAfterMove } from '../scripts/move-to-postgres.ts';
import { filesBelow, listBucket, s3Client } from '../scripts/operations.ts';
import { loadConfig } from '../src/config.ts';
import { bearer, login, PASSWORD } from './helpers/accounts.ts';
import { adBody } from './helpers/marketplace.ts';
import {
  fillMarketplace,
  freshDatabase,
  openApp,
  postgresServer,
  tempDataDir,
} from './helpers/operations.ts';

const server = await postgresServer();
const folders: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => {});
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const BUCKET = 'marktplatz-medien';
let s3: S3rver;
let s3Env: Record<string, string>;
beforeAll(async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-move-s3-'));
  folders.push(directory);
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  s3Env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: BUCKET,
    S3_REGION: 'eu-central-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  cleanups.push(() => s3.close());
});

describe.skipIf(!server)('moving the embedded database to PostgreSQL', { timeout: 300_000 }, () => {
  it('keeps every ad, member, message and photo; the app on PostgreSQL and S3 shows the ad with its photo', async () => {
    const dataDir = tempDataDir();
    folders.push(dataDir);
    const embedded = await openApp({ DATA_DIR: dataDir });
    const filled = await fillMarketplace(embedded);
    await embedded.close();

    const target = await freshDatabase(server as string);
    cleanups.push(target.drop);
    const config = loadConfig({ DATA_DIR: dataDir, ...s3Env });
    const result = await moveToPostgres(config, target.url);
    expect(result.tables['public.users']).toBe(2);
    expect(result.tables['public.listings']).toBe(1);
    expect(result.tables['public.chat_messages']).toBeGreaterThanOrEqual(1);
    expect(result.tables['public.favorites']).toBe(1);
    expect(result.tables['public.postal_codes']).toBeGreaterThan(1000);
    // Every file of DATA_DIR/media is now an object of the bucket under the same key.
    const localMedia = filesBelow(path.join(dataDir, 'media'));
    expect(localMedia.length).toBeGreaterThan(0);
    expect(result.mediaUploaded).toBe(localMedia.length);
    expect(await listBucket(s3Client(config.s3 as NonNullable<typeof config.s3>), BUCKET)).toEqual(
      localMedia,
    );
    expect(settingsAfterMove(config, target.url)).toContain(`DATABASE_URL=${target.url}`);

    // The app on PostgreSQL, with a new DATA_DIR and the media in the bucket: the old data only.
    const movedDir = tempDataDir();
    folders.push(movedDir);
    fs.copyFileSync(path.join(dataDir, 'jwt-secret'), path.join(movedDir, 'jwt-secret'));
    const moved = await openApp({ DATA_DIR: movedDir, DATABASE_URL: target.url, ...s3Env });
    try {
      const ad = await moved.app.inject({ method: 'GET', url: `/api/listings/${filled.listing.id}` });
      expect(ad.statusCode).toBe(200);
      expect(ad.json()).toMatchObject({ title: filled.listing.title, images: [filled.photoUrl] });
      const photo = await moved.app.inject({ method: 'GET', url: filled.photoUrl });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toMatch(/^image\//);
      expect((await login(moved.app, filled.buyer.user.email, PASSWORD)).statusCode).toBe(200);
      // The buyer's token from before the move still holds; the conversation and message are there.
      const conversations = await moved.app.inject({
        method: 'GET',
        url: '/api/chat/conversations',
        headers: bearer(filled.buyer.access_token),
      });
      expect(conversations.statusCode).toBe(200);
      expect(JSON.stringify(conversations.json())).toContain('Ist das Fahrrad noch zu haben?');
      // The moved database takes new rows beside the old ones.
      const next = await moved.app.inject({
        method: 'POST',
        url: '/api/listings',
        headers: bearer(filled.seller.access_token),
        payload: adBody({ title: 'Zweites Fahrrad' }),
      });
      expect(next.statusCode).toBe(201);
    } finally {
      await moved.close();
    }
  });

  it('refuses a database that holds tables, and a DATA_DIR without an embedded database', async () => {
    const dataDir = tempDataDir();
    folders.push(dataDir);
    await (await openApp({ DATA_DIR: dataDir })).close();
    const target = await freshDatabase(server as string);
    cleanups.push(target.drop);
    const config = loadConfig({ DATA_DIR: dataDir });
    await moveToPostgres(config, target.url);
    await expect(moveToPostgres(config, target.url)).rejects.toThrow(/Ziel-Datenbank .* ist nicht leer/);
    await expect(moveToPostgres(loadConfig({ DATA_DIR: tempDataDir() }), target.url)).rejects.toThrow(
      /keine eingebettete Datenbank/,
    );
  });
});
