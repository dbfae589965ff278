import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import Fastify from 'fastify';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createS3MediaStorage } from '../src/lib/s3-media-storage.ts';
import mediaStoragePlugin from '../src/plugins/media-storage.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { multipart, verifiedMember } from './helpers/marketplace.ts';

// A real S3-compatible server (s3rver) in the test process: the storage talks S3 over HTTP to it,
// signed by the AWS SDK, as it would to AWS or MinIO (ARCHITECTURE.md "media").

const BUCKET = 'marktplatz-medien';
let server: S3rver;
let directory: string;
let endpoint: string;
const apps: TestApp[] = [];

const settings = () => ({
  endpoint,
  bucket: BUCKET,
  region: 'eu-central-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
});
const s3Env = (overrides: Record<string, string> = {}) => ({
  S3_ENDPOINT: endpoint,
  S3_BUCKET: BUCKET,
  S3_REGION: 'eu-central-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  ...overrides,
});
const NAME = `${'a1'.repeat(16)}.mp4`;

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-s3-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  for (const t of apps) await t.close();
  await server?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe('media in an S3 bucket', () => {
  it('writes, reads whole and by byte range, sizes and removes a file', async () => {
    const storage = createS3MediaStorage(settings());
    await storage.check();
    await storage.write('stories', NAME, Buffer.from('0123456789'));
    await expect(storage.write('stories', NAME, Buffer.from('x'))).rejects.toThrow(/exists/);
    expect(await storage.size('stories', NAME)).toBe(10);
    const whole = await storage.read('stories', NAME);
    expect(whole?.size).toBe(10);
    expect(await text(whole?.stream as Readable)).toBe('0123456789');
    const part = await storage.read('stories', NAME, { start: 2, end: 5 });
    expect(part?.size).toBe(10);
    expect(await text(part?.stream as Readable)).toBe('2345');
    await storage.remove('stories', NAME);
    expect(await storage.read('stories', NAME)).toBeNull();
    expect(await storage.size('stories', NAME)).toBeNull();
    // Names outside the pattern never reach the bucket.
    expect(await storage.read('stories', '../secret.mp4')).toBeNull();
    await expect(storage.write('stories', 'x.mp4', Buffer.from('x'))).rejects.toThrow(/invalid/);
  });

  it('streams a 12 MB upload in parts and reads it back byte for byte', async () => {
    const storage = createS3MediaStorage(settings());
    const chunk = Buffer.alloc(1024 * 1024);
    const chunks = Array.from({ length: 12 }, (_, i) => Buffer.from(chunk.fill(i + 1)));
    const name = `${'b2'.repeat(16)}.mp4`;
    await storage.writeStream('stories', name, Readable.from(chunks));
    expect(await storage.size('stories', name)).toBe(12 * 1024 * 1024);
    const tail = await storage.read('stories', name, {
      start: 12 * 1024 * 1024 - 3,
      end: 12 * 1024 * 1024 - 1,
    });
    if (!tail) throw new Error('the uploaded video is missing');
    const bytes = Buffer.concat(await tail.stream.toArray());
    expect([...bytes]).toEqual([12, 12, 12]);
  });

  it('leaves no object behind when the source fails', async () => {
    const storage = createS3MediaStorage(settings());
    const name = `${'c3'.repeat(16)}.mp4`;
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 1));
        this.destroy(new Error('Datei ist zu groß'));
      },
    });
    await expect(storage.writeStream('stories', name, failing)).rejects.toThrow();
    expect(await storage.size('stories', name)).toBeNull();
  });

  it('an ad photo uploaded through one instance is served by another on the same bucket', {
    timeout: 180_000,
  }, async () => {
    const first = await startTestApp(s3Env());
    const second = await startTestApp(s3Env());
    apps.push(first, second);
    expect(first.config.s3?.bucket).toBe(BUCKET);
    const member = await verifiedMember(first);
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    const body = multipart(photo, 'foto.jpg', 'image/jpeg');
    const uploaded = await first.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { authorization: `Bearer ${member.access_token}`, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const url = (uploaded.json() as { url: string }).url;
    const served = await second.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    // Nothing was written to either instance's own folder.
    expect(fs.existsSync(path.join(first.config.dataDir, 'media'))).toBe(false);
  });

  it('stops the start with one line when the bucket is missing or the keys are wrong', {
    timeout: 180_000,
  }, async () => {
    for (const [env, reason] of [
      [{ S3_BUCKET: 'gibt-es-nicht' }, /„gibt-es-nicht“ .* gibt es nicht/],
      [{ S3_ACCESS_KEY_ID: 'FALSCH', S3_SECRET_ACCESS_KEY: 'falsch' }, /lässt diese Zugangsdaten nicht zu/],
    ] as const) {
      // The media storage plugin as the app registers it, on an app of its own.
      const config = loadConfig({ DATA_DIR: directory, ...s3Env(env) });
      const app = Fastify({ logger: false });
      const error = await app
        .register(mediaStoragePlugin, { config })
        .ready()
        .then(
          () => null,
          (e: Error) => e,
        );
      await app.close();
      expect(error?.message).toMatch(reason);
      expect(error?.message.split('\n')).toHaveLength(1);
    }
  });
});
