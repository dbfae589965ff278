import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { EncodeLimiter } from '../src/modules/media/index.ts';
import { bearer, registerMember } from './helpers/accounts.ts';
import { createTestDatabase, startTestApp, type TestApp } from './helpers/app.ts';
import { multipart, upload, verifiedMember } from './helpers/marketplace.ts';

/** A PNG of random pixels: it hardly compresses, so 1100 x 1100 px are about 3.6 MB. */
function noisePng(edge: number): Promise<Buffer> {
  return sharp(randomBytes(edge * edge * 3), { raw: { width: edge, height: edge, channels: 3 } })
    .png()
    .toBuffer();
}

const UNREADABLE = 'Das Bild konnte nicht gelesen werden. Bitte versuche ein anderes.';

/**
 * Avatars take the one image pipeline of ad photos (ARCHITECTURE.md "media"): the upload is
 * streamed to a temporary file, never taken whole as a request body, and refused with the
 * same catalogue entry as a broken ad photo.
 */
describe('Profilbild über die gemeinsame Bildverarbeitung', () => {
  let t: TestApp;
  let big: Buffer;
  beforeAll(async () => {
    t = await startTestApp();
    big = await noisePng(1100);
  });
  afterAll(async () => {
    await t?.close();
  });

  const sendAvatar = (token: string, data: Buffer) => {
    const body = multipart(data, 'gross.png', 'image/png');
    return t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };
  const files = (folder: string) => {
    const dir = path.join(t.config.dataDir, folder);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  it('nimmt ein gültiges PNG weit über der Grenze für JSON-Anfragen (1 MB) an', async () => {
    expect(big.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(big.length).toBeLessThan(5 * 1024 * 1024);
    const member = await registerMember(t.app);
    const res = await sendAvatar(member.access_token, big);
    expect(res.statusCode, res.body).toBe(200);
    const image = await t.app.inject({ method: 'GET', url: res.json().avatar });
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect(files('tmp')).toEqual([]);
  });

  it('lehnt ein abgeschnittenes PNG mit 415 und deutschem Text ab und speichert nichts', async () => {
    const member = await registerMember(t.app);
    const before = files('media/avatars').length;
    const res = await sendAvatar(member.access_token, big.subarray(0, big.length >> 1));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: UNREADABLE, code: 'unsupported_image' });
    expect(files('media/avatars')).toHaveLength(before);
    expect(files('tmp')).toEqual([]);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(member.access_token) });
    expect(me.json().avatar).toBeNull();
  });

  it('ein abgeschnittenes Anzeigenfoto bekommt dieselbe Antwort', async () => {
    const seller = await verifiedMember(t);
    const res = await upload(
      t,
      seller.access_token,
      big.subarray(0, big.length >> 1),
      'foto.png',
      'image/png',
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: UNREADABLE, code: 'unsupported_image' });
  });
});

describe('Begrenzung der Bildkodierung', () => {
  it('lässt höchstens so viele Kodierungen gleichzeitig laufen wie erlaubt, die übrigen der Reihe nach', async () => {
    const limiter = new EncodeLimiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const release: (() => void)[] = [];
    const jobs = [0, 1, 2, 3, 4].map((n) =>
      limiter.run(async () => {
        running++;
        most = Math.max(most, running);
        order.push(n);
        await new Promise<void>((resolve) => release.push(resolve));
        running--;
        return n;
      }),
    );
    while (order.length < 5) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(running).toBeLessThanOrEqual(2);
      release.shift()?.();
    }
    release.forEach((go) => {
      go();
    });
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('Halbe Uploads', () => {
  it('räumt beim Start die temporären Dateien eines abgebrochenen Laufs weg, andere Dateien bleiben', async () => {
    const db = await createTestDatabase();
    const tmp = path.join(db.dataDir, 'tmp');
    fs.mkdirSync(tmp, { recursive: true });
    fs.writeFileSync(path.join(tmp, 'upload-0123456789abcdef01234567'), Buffer.alloc(1000, 1));
    fs.writeFileSync(path.join(tmp, 'notiz.txt'), 'bleibt');
    const config = loadConfig({ DATA_DIR: db.dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' });
    const app = await buildApp(config, { database: db.handle, logger: false });
    try {
      await app.ready();
      expect(fs.readdirSync(tmp)).toEqual(['notiz.txt']);
    } finally {
      await app.close(); // closes the database too
      await db.destroy().catch(() => {});
    }
  });
});
