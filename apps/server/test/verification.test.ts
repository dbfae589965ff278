import fs from 'node:fs';
import path from 'node:path';
import type {
  AdminVerification,
  Listing,
  ListingList,
  MyVerification,
  Notification,
  Verification,
  VerificationRequestData,
} from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { removeExpiredVerificationDocuments } from '../src/modules/verification/index.ts';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import {
  createAd,
  formWithFile,
  jpeg,
  makeAdmin,
  reactionsDone,
  verifiedMember,
} from './helpers/marketplace.ts';

/** A small but complete PDF (one empty page). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const PRIVATE: VerificationRequestData = {
  kind: 'private',
  name: 'Anna Beispiel',
  street: 'Hauptstraße 1',
  postal_code: '80331',
  city: 'München',
  phone: '+49 89 123456',
};
const BUSINESS: VerificationRequestData = {
  kind: 'business',
  name: 'Rad & Co. GmbH',
  legal_form: 'GmbH',
  street: 'Marktplatz 5',
  postal_code: '10115',
  city: 'Berlin',
  phone: '030 987654',
  email: 'info@rad-und-co.example',
  register_number: 'HRB 12345 B',
};

let t: TestApp;
let a: RegisteredMember;
let b: RegisteredMember;
let admin: RegisteredMember;

beforeAll(async () => {
  t = await startTestApp();
  a = await verifiedMember(t, { nickname: 'Anna' });
  b = await verifiedMember(t, { nickname: 'Bernd' });
  admin = await verifiedMember(t, { nickname: 'Admina' });
  await makeAdmin(t, admin.user.id);
});
afterAll(async () => t?.close());

function apply(
  member: RegisteredMember,
  data: unknown,
  file?: { bytes: Buffer; name: string; type: string },
) {
  const body = formWithFile(data, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/verification',
    headers: { ...bearer(member.access_token), ...body.headers },
    payload: body.payload,
  });
}

const pdf = { bytes: PDF, name: 'handelsregister.pdf', type: 'application/pdf' };

function decide(id: string, body: unknown, token = admin.access_token) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/verifications/${id}/decision`,
    headers: bearer(token),
    payload: body as object,
  });
}

async function status(member: RegisteredMember): Promise<MyVerification> {
  const res = await t.app.inject({ url: '/api/verification/me', headers: bearer(member.access_token) });
  expect(res.statusCode).toBe(200);
  return res.json() as MyVerification;
}

describe('seller verification', () => {
  let request: Verification;

  it('refuses bad fields, a missing document, and files that are not photos or PDFs by their bytes', async () => {
    const noVat = { ...BUSINESS, register_number: '' };
    const missing = await apply(a, noVat, pdf);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toBe('Bitte gib eine Handelsregisternummer oder eine USt-IdNr. an.');
    const badPostal = await apply(a, { ...PRIVATE, postal_code: '123' }, pdf);
    expect(badPostal.statusCode).toBe(422);
    expect(badPostal.json().detail).toBe('Bitte gib eine fünfstellige Postleitzahl an.');
    expect((await apply(a, 'kein json', pdf)).statusCode).toBe(422);
    const noFile = await apply(a, BUSINESS);
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().detail).toBe("Bitte lade ein Dokument im Feld 'file' hoch (multipart/form-data).");
    // Text named .pdf with a PDF content type: the bytes decide.
    const fake = await apply(a, BUSINESS, {
      bytes: Buffer.from('Hallo, ich bin kein PDF'),
      name: 'x.pdf',
      type: 'application/pdf',
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().detail).toBe('Nur JPEG-, PNG- oder WebP-Fotos und PDF-Dokumente sind erlaubt.');
    const tooLarge = await apply(a, BUSINESS, {
      bytes: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]),
      name: 'gross.pdf',
      type: 'application/pdf',
    });
    expect(tooLarge.statusCode).toBe(413);
    expect((await status(a)).verification).toBeNull();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/verification',
      ...formWithFile(BUSINESS, pdf),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores a business request with a PDF checked by its bytes; one open request per member', async () => {
    const res = await apply(a, BUSINESS, pdf);
    expect(res.statusCode, res.body).toBe(201);
    request = res.json() as Verification;
    expect(request).toMatchObject({
      kind: 'business',
      status: 'pending',
      name: 'Rad & Co. GmbH',
      legal_form: 'GmbH',
      register_number: 'HRB 12345 B',
      vat_id: null,
      document_type: 'application/pdf',
    });
    expect(request.document_url).toBe(`/api/verification/${request.id}/document`);
    const again = await apply(a, PRIVATE, pdf);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Du hast bereits eine offene Verifizierungsanfrage.');
    expect(await status(a)).toMatchObject({
      can_apply: false,
      verification: { id: request.id, status: 'pending' },
    });
  });

  it('stores the document outside the public media folder', async () => {
    const files = fs.readdirSync(path.join(t.config.dataDir, 'private', 'verification'));
    expect(files.some((name) => name.endsWith('.pdf'))).toBe(true);
    expect(fs.existsSync(path.join(t.config.dataDir, 'media', 'verification'))).toBe(false);
  });

  it('serves the document to its owner and ADMINs only: 403 for other members and visitors', async () => {
    const url = request.document_url as string;
    const owner = await t.app.inject({ url, headers: bearer(a.access_token) });
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['content-type']).toBe('application/pdf');
    expect(owner.rawPayload.equals(PDF)).toBe(true);
    const byAdmin = await t.app.inject({ url, headers: bearer(admin.access_token) });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.rawPayload.equals(PDF)).toBe(true);
    for (const headers of [bearer(b.access_token), {}, { authorization: 'Bearer kaputt' }]) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('Keine Berechtigung, dieses Dokument anzusehen.');
    }
    const unknown = await t.app.inject({
      url: '/api/verification/00000000-0000-0000-0000-000000000000/document',
      headers: bearer(b.access_token),
    });
    expect(unknown.statusCode).toBe(403);
  });

  it('a photo of an ID document loses its metadata (EXIF with GPS)', async () => {
    const photo = await sharp(await jpeg(320, 200, '#aa3344'))
      .withExif({
        IFD0: { Make: 'Geheimkamera' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 0/1' },
      })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await apply(b, PRIVATE, { bytes: photo, name: 'ausweis.jpg', type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Verification;
    expect(created.document_type).toBe('image/webp');
    const file = await t.app.inject({ url: created.document_url as string, headers: bearer(b.access_token) });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('Geheimkamera'))).toBe(false);
    // A's document stays closed to B, B's to A.
    expect(
      (await t.app.inject({ url: created.document_url as string, headers: bearer(a.access_token) }))
        .statusCode,
    ).toBe(403);
  });

  it('the ADMIN queue lists pending requests oldest first; members get 403, visitors 401', async () => {
    const res = await t.app.inject({ url: '/api/admin/verifications', headers: bearer(admin.access_token) });
    expect(res.statusCode).toBe(200);
    const queue = (res.json() as { verifications: AdminVerification[] }).verifications;
    expect(queue.map((item) => item.user_id)).toEqual([a.user.id, b.user.id]);
    expect(queue[0]).toMatchObject({ member_name: 'Anna', member_email: a.email });
    expect(
      (await t.app.inject({ url: '/api/admin/verifications', headers: bearer(a.access_token) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/verifications' })).statusCode).toBe(401);
    expect((await decide(request.id, { decision: 'approve' }, a.access_token)).statusCode).toBe(403);
  });

  it('rejecting needs a reason; the member is notified, sees it, and may try again', async () => {
    const queue = (
      await t.app.inject({ url: '/api/admin/verifications', headers: bearer(admin.access_token) })
    ).json() as { verifications: AdminVerification[] };
    const ofB = queue.verifications.find((item) => item.user_id === b.user.id) as AdminVerification;
    const noReason = await decide(ofB.id, { decision: 'reject' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().detail).toContain(
      'Bitte gib einen Grund für die Ablehnung an (mindestens 5 Zeichen).',
    );
    const rejected = await decide(ofB.id, { decision: 'reject', reason: 'Das Foto ist unscharf.' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'Das Foto ist unscharf.' });
    expect((await decide(ofB.id, { decision: 'approve' })).statusCode).toBe(409);
    expect(await status(b)).toMatchObject({
      can_apply: true,
      verification: { status: 'rejected', reason: 'Das Foto ist unscharf.' },
    });
    await reactionsDone(t);
    const notes = (
      await t.app.inject({ url: '/api/notifications?type=verification', headers: bearer(b.access_token) })
    ).json() as { notifications: Notification[] };
    expect(notes.notifications[0]).toMatchObject({
      type: 'verification',
      title: 'Verifizierung abgelehnt',
      link: '/verification-status',
    });
    expect(notes.notifications[0]?.message).toContain('Das Foto ist unscharf.');
    // The decision is an admin action of the audit log (written once the decision's event arrives).
    const audit = async () =>
      (
        (
          await t.app.inject({
            url: `/api/admin/audit-log?target_id=${b.user.id}`,
            headers: bearer(admin.access_token),
          })
        ).json() as { entries: { action: string; admin_id: string | null; reason: string }[] }
      ).entries;
    await expect
      .poll(async () => (await audit()).map((entry) => entry.action))
      .toEqual(['verification_rejected']);
    expect((await audit())[0]).toMatchObject({ admin_id: admin.user.id, reason: 'Das Foto ist unscharf.' });
    const again = await apply(b, PRIVATE, pdf);
    expect(again.statusCode).toBe(201);
  });

  it('approving makes the member verified; a verified member cannot ask again', async () => {
    const res = await decide(request.id, { decision: 'approve' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved' });
    expect(await status(a)).toMatchObject({ can_apply: false, verification: { status: 'approved' } });
    await reactionsDone(t);
    const notes = (
      await t.app.inject({ url: '/api/notifications?type=verification', headers: bearer(a.access_token) })
    ).json() as { notifications: Notification[] };
    expect(notes.notifications[0]).toMatchObject({ title: 'Verifizierung bestätigt' });
    const again = await apply(a, BUSINESS, pdf);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Du bist bereits verifiziert.');
  });

  it('deletes documents 30 days after the decision, not before', async () => {
    const url = request.document_url as string;
    const stored = () => fs.readdirSync(path.join(t.config.dataDir, 'private', 'verification')).length;
    const before = stored();
    await t.db.handle.db.execute(
      sql`update seller_verifications set decided_at = now() - interval '29 days' where id = ${request.id}::uuid`,
    );
    expect(await removeExpiredVerificationDocuments(t.app.verificationDeps)).toBe(0);
    expect((await t.app.inject({ url, headers: bearer(a.access_token) })).statusCode).toBe(200);
    await t.db.handle.db.execute(
      sql`update seller_verifications set decided_at = now() - interval '30 days 1 minute' where id = ${request.id}::uuid`,
    );
    expect(await removeExpiredVerificationDocuments(t.app.verificationDeps)).toBe(1);
    expect(stored()).toBe(before - 1);
    const gone = await t.app.inject({ url, headers: bearer(admin.access_token) });
    expect(gone.statusCode).toBe(404);
    expect((await status(a)).verification).toMatchObject({ status: 'approved', document_url: null });
  });

  it('one open request holds under 200 parallel requests', async () => {
    const c = await verifiedMember(t, { nickname: 'Carla' });
    const answers = await Promise.all(Array.from({ length: 200 }, () => apply(c, PRIVATE, pdf)));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code !== 201 && code !== 409)).toEqual([]);
    const rows = await selectRows(
      t.db.handle.db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from seller_verifications where user_id = ${c.user.id}::uuid`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it("verified sellers' ads carry the badge, a business's ads its trader information, and search filters by it", async () => {
    const adOfA = await createAd(t, a.access_token, { title: 'Gewerbliches Rennrad' });
    const adOfB = await createAd(t, b.access_token, { title: 'Privates Rennrad' });
    const page = (
      await t.app.inject({ url: `/api/listings/${adOfA.id}`, headers: bearer(b.access_token) })
    ).json() as Listing;
    expect(page.seller.badge).toBe('business');
    expect(page.seller.trader).toMatchObject({
      name: 'Rad & Co. GmbH',
      street: 'Marktplatz 5',
      postal_code: '10115',
      city: 'Berlin',
    });
    const other = (
      await t.app.inject({ url: `/api/listings/${adOfB.id}`, headers: bearer(a.access_token) })
    ).json() as Listing;
    expect(other.seller.badge).toBeNull();
    expect(other.seller.trader).toBeNull();
    const search = async (query: string) =>
      (
        (
          await t.app.inject({ url: `/api/listings?q=rennrad${query}`, headers: bearer(admin.access_token) })
        ).json() as ListingList
      ).listings.map((ad) => ad.id);
    expect(await search('')).toEqual(expect.arrayContaining([adOfA.id, adOfB.id]));
    const verifiedOnly = await search('&verified_only=true');
    expect(verifiedOnly).toContain(adOfA.id);
    expect(verifiedOnly).not.toContain(adOfB.id);
    const list = (
      await t.app.inject({ url: '/api/listings?q=rennrad', headers: bearer(b.access_token) })
    ).json() as ListingList;
    expect(list.listings.find((ad) => ad.id === adOfA.id)?.seller.badge).toBe('business');
  });
});
