import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_VARIANTS, imageVariantUrl } from '@marketplace/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredMember, registerMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { countRows, jpeg, multipart, upload, verifiedMember } from './helpers/marketplace.ts';

let t: TestApp;
let member: RegisteredMember;

const mediaFiles = () => {
  const dir = path.join(t.config.dataDir, 'media', 'listings');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
const tmpFiles = () => {
  const dir = path.join(t.config.dataDir, 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

/** Uploads `data` and expects a refusal that stores nothing. */
async function refused(data: Buffer, filename: string, type: string, status: number, detail: string) {
  const uploads = await countRows(t, 'uploads');
  const files = mediaFiles();
  const res = await upload(t, member.access_token, data, filename, type);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().detail).toBe(detail);
  expect(await countRows(t, 'uploads')).toBe(uploads);
  expect(mediaFiles()).toBe(files);
  expect(tmpFiles()).toBe(0);
}

const fetchImage = async (url: string) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

beforeAll(async () => {
  t = await startTestApp();
  member = await verifiedMember(t);
});
afterAll(async () => t?.close());

describe('POST /api/upload', () => {
  it('stores card, detail and full WebP sizes and answers the detail URL (201)', async () => {
    const photo = await jpeg(3000, 2000);
    const res = await upload(t, member.access_token, photo);
    expect(res.statusCode).toBe(201);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^\/api\/images\/[a-f0-9]{32}-detail\.webp$/);
    for (const [variant, edge] of Object.entries(IMAGE_VARIANTS)) {
      const served = await t.app.inject({
        url: imageVariantUrl(url, variant as keyof typeof IMAGE_VARIANTS),
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(edge);
      expect(meta.height).toBe(Math.round((edge * 2) / 3));
    }
    expect(tmpFiles()).toBe(0);
  });

  it('never enlarges small photos', async () => {
    const res = await upload(t, member.access_token, await jpeg(300, 200));
    const meta = await sharp(await fetchImage(imageVariantUrl(res.json().url, 'full'))).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
  });

  it('removes EXIF with GPS positions from every size it serves', async () => {
    const withGps = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8a5' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Phone', Model: 'X' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 8/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '11/1 34/1 0/1',
        },
      })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const res = await upload(t, member.access_token, withGps);
    expect(res.statusCode).toBe(201);
    for (const variant of ['card', 'detail', 'full'] as const) {
      const served = await fetchImage(imageVariantUrl(res.json().url, variant));
      const meta = await sharp(served).metadata();
      expect(meta.exif, variant).toBeUndefined();
      expect(meta.xmp, variant).toBeUndefined();
      expect(served.includes(Buffer.from('GPS')), variant).toBe(false);
    }
  });

  it('applies the EXIF orientation (a portrait taken sideways stands upright)', async () => {
    const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#345' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(t, member.access_token, sideways);
    const meta = await sharp(await fetchImage(imageVariantUrl(res.json().url, 'full'))).metadata();
    expect([meta.width, meta.height]).toEqual([200, 400]);
    expect(meta.orientation).toBeUndefined();
  });

  it('accepts PNG, WebP and AVIF by their bytes, whatever the file name says', async () => {
    const base = sharp({ create: { width: 120, height: 80, channels: 4, background: '#c33a' } });
    for (const [data, name] of [
      [await base.clone().png().toBuffer(), 'bild.png'],
      [await base.clone().webp().toBuffer(), 'bild.jpg'],
      [await base.clone().avif().toBuffer(), 'bild.bin'],
    ] as const) {
      const res = await upload(t, member.access_token, data, name, 'application/octet-stream');
      expect(res.statusCode, name).toBe(201);
    }
  });

  it("refuses a PDF renamed .jpg and other files with 415 'Nur JPEG-, PNG-, WebP- oder AVIF-Bilder sind erlaubt.'", async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const detail = 'Nur JPEG-, PNG-, WebP- oder AVIF-Bilder sind erlaubt.';
    await refused(pdf, 'urlaub.jpg', 'image/jpeg', 415, detail);
    await refused(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'logo.svg',
      'image/svg+xml',
      415,
      detail,
    );
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await refused(gif, 'animation.gif', 'image/gif', 415, detail);
    await refused(Buffer.alloc(0), 'leer.jpg', 'image/jpeg', 415, detail);
  });

  it('refuses an image whose bytes cannot be decoded (415)', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    await refused(
      broken,
      'kaputt.jpg',
      'image/jpeg',
      415,
      'Das Bild konnte nicht gelesen werden. Bitte versuche ein anderes.',
    );
  });

  it("refuses a 25 MB file with 413 'Die Datei ist zu groß. Maximal 20 MB.'", async () => {
    const huge = Buffer.alloc(25 * 1024 * 1024, 0);
    (await jpeg()).copy(huge);
    await refused(huge, 'riesig.jpg', 'image/jpeg', 413, 'Die Datei ist zu groß. Maximal 20 MB.');
  });

  it('needs a file in the field file (422)', async () => {
    const other = multipart(await jpeg(), 'foto.jpg', 'image/jpeg', 'bild');
    const wrongField = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...bearer(member.access_token), ...other.headers },
      payload: other.payload,
    });
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().detail).toBe("Bitte lade ein Bild im Feld 'file' hoch (multipart/form-data).");
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: bearer(member.access_token),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(422);
  });

  it('needs a token (401) and a verified e-mail (403)', async () => {
    const body = multipart(await jpeg(), 'foto.jpg', 'image/jpeg');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    const unverified = await registerMember(t.app);
    const res = await upload(t, unverified.access_token, await jpeg());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('email_not_verified');
  });
});

describe('GET /api/images/{name}', () => {
  it("answers 404 'Bild nicht gefunden.' for unknown and invalid names, without leaving the media folder", async () => {
    for (const name of [
      `${'b'.repeat(32)}-detail.webp`,
      `${'b'.repeat(32)}-huge.webp`,
      '..%2F..%2Fjwt-secret',
      '..%2Fjwt-secret',
      'jwt-secret',
      '%2Fetc%2Fpasswd',
    ]) {
      const res = await t.app.inject({ url: `/api/images/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.json().detail).toBe('Bild nicht gefunden.');
    }
    // The URL resolves to /jwt-secret, outside /api: never the key file.
    const traversal = await t.app.inject({ url: '/api/images/../../jwt-secret' });
    expect(traversal.body).not.toContain(
      fs.readFileSync(path.join(t.config.dataDir, 'jwt-secret'), 'utf8').trim(),
    );
  });
});

describe('imageVariantUrl', () => {
  it('switches the size of an uploaded photo and leaves other URLs alone', () => {
    const url = `/api/images/${'c'.repeat(32)}-detail.webp`;
    expect(imageVariantUrl(url, 'card')).toBe(`/api/images/${'c'.repeat(32)}-card.webp`);
    expect(imageVariantUrl(url, 'full')).toBe(`/api/images/${'c'.repeat(32)}-full.webp`);
    expect(imageVariantUrl('/placeholder.svg', 'card')).toBe('/placeholder.svg');
    expect(imageVariantUrl('https://example.com/a.jpg', 'card')).toBe('https://example.com/a.jpg');
  });
});
