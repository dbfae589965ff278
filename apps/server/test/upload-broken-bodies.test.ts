import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { countRows, jpeg, verifiedMember } from './helpers/marketplace.ts';

/**
 * Multipart bodies that cannot be read (no boundary, cut off, not multipart at all) on every
 * upload route: a German 400 that stores nothing, never a 500 (ARCHITECTURE.md "Errors").
 */

const DETAIL =
  'Die Formulardaten der Anfrage sind unvollständig oder fehlerhaft. Bitte sende sie noch einmal (multipart/form-data).';

/** The upload routes with the field their file goes in and a text field before it. */
const ROUTES = [
  { url: '/api/upload', file: 'file', field: ['hinweis', 'Vorderansicht'] },
  { url: '/api/me/avatar', file: 'file', field: ['hinweis', 'Profilbild'] },
  { url: '/api/stories/', file: 'media', field: ['caption', 'Mein neues Rad'] },
  {
    url: '/api/verification',
    file: 'file',
    field: [
      'data',
      JSON.stringify({
        kind: 'private',
        name: 'Anna Beispiel',
        street: 'Hauptstraße 1',
        postal_code: '80331',
        city: 'München',
        phone: '+49 89 123456',
      }),
    ],
  },
] as const;

const BOUNDARY = '----marktplatzKaputt';

/** A complete body: the text field, then the file, then the closing boundary. */
function completeBody(route: (typeof ROUTES)[number], photo: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${route.field[0]}"\r\n\r\n${route.field[1]}\r\n`,
    ),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${route.file}"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** Broken forms of a complete body, each with its content type. */
function brokenBodies(body: Buffer): [string, string, Buffer][] {
  const withBoundary = `multipart/form-data; boundary=${BOUNDARY}`;
  const fileStart = body.indexOf('\r\n\r\n', body.indexOf('filename=')) + 4;
  return [
    ['without a boundary in the content type', 'multipart/form-data', body],
    ['cut off inside the file', withBoundary, body.subarray(0, fileStart + 40)],
    ['cut off inside the text field', withBoundary, body.subarray(0, body.indexOf('\r\n\r\n') + 6)],
    [
      'without its closing boundary',
      withBoundary,
      body.subarray(0, body.length - `--${BOUNDARY}--\r\n`.length),
    ],
    ['not multipart at all', withBoundary, Buffer.from('Hallo, hier kommt ein Foto.')],
  ];
}

let t: TestApp;
let member: RegisteredMember;
let photo: Buffer;

/** Files under the data folder's media, private and tmp folders. */
function storedFiles(): number {
  return ['media', 'private', 'tmp']
    .map((folder) => path.join(t.config.dataDir, folder))
    .filter((dir) => fs.existsSync(dir))
    .flatMap((dir) => fs.readdirSync(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile()).length;
}

/** What an upload could have changed: rows of uploads, stories and verifications, the avatar, files. */
async function state() {
  const me = await t.app.inject({ url: '/api/me', headers: bearer(member.access_token) });
  return {
    uploads: await countRows(t, 'uploads'),
    stories: await countRows(t, 'stories'),
    verifications: await countRows(t, 'seller_verifications'),
    avatar: (me.json() as { avatar: string | null }).avatar,
    files: storedFiles(),
  };
}

beforeAll(async () => {
  t = await startTestApp();
  member = await verifiedMember(t, { nickname: 'Fotografin' });
  photo = await jpeg(64, 48);
});
afterAll(async () => t?.close());

describe('a multipart body that cannot be read is a German 400 that stores nothing', () => {
  for (const route of ROUTES) {
    it(`POST ${route.url}`, async () => {
      const before = await state();
      for (const [name, contentType, payload] of brokenBodies(completeBody(route, photo))) {
        const res = await t.app.inject({
          method: 'POST',
          url: route.url,
          headers: { ...bearer(member.access_token), 'content-type': contentType },
          payload,
        });
        expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
        expect(res.json(), name).toEqual({ detail: DETAIL, code: 'bad_request' });
      }
      expect(await state()).toEqual(before);
    });
  }
});
