import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

/** A multipart/form-data body with one file part. */
function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = '----kleinanzeigen-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A 400x200 JPEG, top half red and bottom half blue, stored sideways: EXIF orientation 6 says
 * "turn 90° clockwise to show", so shown upright its left half is blue and its right half red.
 * It also carries an EXIF description that must not survive.
 */
async function sidewaysPhoto(): Promise<Buffer> {
  const half = (color: { r: number; g: number; b: number }) =>
    sharp({ create: { width: 400, height: 100, channels: 3, background: color } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([
      { input: await half({ r: 255, g: 0, b: 0 }), top: 0, left: 0 },
      { input: await half({ r: 0, g: 0, b: 255 }), top: 100, left: 0 },
    ])
    .jpeg()
    .withExif({ IFD0: { ImageDescription: 'Geheimer Ort 52.52N 13.40E' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

describe('Profilbild', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (token: string, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });

  it('dreht nach EXIF, schneidet mittig quadratisch auf 256x256, speichert WebP ohne Metadaten', async () => {
    const member = await registerMember(t.app);
    const photo = await sidewaysPhoto();
    const original = await sharp(photo).metadata();
    expect(original.orientation).toBe(6);
    expect(original.exif?.includes('Geheimer Ort')).toBe(true);
    const res = await upload(member.access_token, multipart('file', 'urlaub.jpg', 'image/jpeg', photo));
    expect(res.statusCode).toBe(200);
    const avatar: string = res.json().avatar;
    expect(avatar).toMatch(/^\/api\/images\/avatars\/[a-f0-9]{32}\.webp$/);
    expect(res.json()).toMatchObject({ id: member.user.id, email: member.email });

    const image = await t.app.inject({ method: 'GET', url: avatar });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('Geheimer Ort'))).toBe(false);
    const { data } = await sharp(image.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 256 + x) * 3, (y * 256 + x) * 3 + 3)];
    const [lr, , lb] = pixel(40, 128);
    const [rr, , rb] = pixel(216, 128);
    expect(lb).toBeGreaterThan(200); // left: blue
    expect(lr).toBeLessThan(60);
    expect(rr).toBeGreaterThan(200); // right: red
    expect(rb).toBeLessThan(60);

    const file = path.join(t.config.dataDir, 'media', 'avatars', path.basename(avatar));
    expect(fs.existsSync(file)).toBe(true);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(member.access_token) });
    expect(me.json().avatar).toBe(avatar);
  });

  it('nimmt PNG und WebP an und entfernt beim Ersetzen die alte Datei', async () => {
    const member = await registerMember(t.app);
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#00ff00' } })
      .png()
      .toBuffer();
    const first = await upload(member.access_token, multipart('file', 'a.png', 'image/png', png));
    expect(first.statusCode).toBe(200);
    const webp = await sharp({ create: { width: 100, height: 50, channels: 3, background: '#ffff00' } })
      .webp()
      .toBuffer();
    const second = await upload(member.access_token, multipart('file', 'b.webp', 'image/webp', webp));
    expect(second.statusCode).toBe(200);
    expect(second.json().avatar).not.toBe(first.json().avatar);
    expect((await t.app.inject({ method: 'GET', url: first.json().avatar })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.json().avatar })).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/me/avatar',
      headers: bearer(member.access_token),
    });
    expect(removed.json().avatar).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: second.json().avatar })).statusCode).toBe(404);
  });

  it('prüft den Dateiinhalt, nicht Name oder Typangabe: Text und GIF werden mit 415 abgelehnt', async () => {
    const member = await registerMember(t.app);
    const dir = path.join(t.config.dataDir, 'media', 'avatars');
    const stored = () => (fs.existsSync(dir) ? fs.readdirSync(dir).length : 0);
    const before = stored();
    const text = await upload(
      member.access_token,
      multipart('file', 'foto.jpg', 'image/jpeg', Buffer.from('kein Bild, nur Text '.repeat(50))),
    );
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      detail: 'Bitte lade ein Bild im Format JPEG, PNG oder WebP hoch.',
      code: 'unsupported_image',
    });
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(
      (await upload(member.access_token, multipart('file', 'bild.png', 'image/png', gif))).statusCode,
    ).toBe(415);
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    expect(
      (await upload(member.access_token, multipart('file', 'kaputt.jpg', 'image/jpeg', broken))).statusCode,
    ).toBe(415);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(member.access_token) });
    expect(me.json().avatar).toBeNull();
    expect(stored()).toBe(before);
  });

  it('lehnt Dateien über 5 MB mit 413 ab', async () => {
    const member = await registerMember(t.app);
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const res = await upload(member.access_token, multipart('file', 'riesig.jpg', 'image/jpeg', big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Das Bild ist zu groß. Maximum: 5 MB.', code: 'payload_too_large' });
  });

  it('braucht das Feld "file", multipart und eine Anmeldung', async () => {
    const member = await registerMember(t.app);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const wrongField = await upload(member.access_token, multipart('bild', 'a.png', 'image/png', png));
    expect(wrongField.statusCode).toBe(422);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: bearer(member.access_token),
      payload: { file: 'abc' },
    });
    expect(json.statusCode).toBe(422);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      ...multipart('file', 'a.png', 'image/png', png),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('liefert für unbekannte oder unzulässige Bildnamen 404', async () => {
    for (const name of [`${'0'.repeat(32)}.webp`, '..%2F..%2Fjwt-secret', 'a.webp', 'x'.repeat(90)]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/images/avatars/${name}` });
      expect(res.statusCode).toBe(404);
    }
  });
});
