import type { Listing } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { bearer, type RegisteredMember, registerMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { adBody, countRows, createAd, postAd, uploadPhoto, verifiedMember } from './helpers/marketplace.ts';

let t: TestApp;
let seller: RegisteredMember;

beforeAll(async () => {
  t = await startTestApp();
  seller = await verifiedMember(t, { nickname: 'Radhändler' });
});
afterAll(async () => t?.close());

/** Posts `body`, expects `status`, and that no ad was stored. */
async function refused(body: unknown, status: number, detail: string | RegExp) {
  const before = await countRows(t, 'listings');
  const res = await postAd(t, seller.access_token, body);
  expect(res.statusCode, res.body).toBe(status);
  const answer = res.json() as { detail: string; code: string };
  if (typeof detail === 'string') expect(answer.detail).toBe(detail);
  else expect(answer.detail).toMatch(detail);
  expect(await countRows(t, 'listings')).toBe(before);
  return answer;
}

describe('POST /api/listings', () => {
  it('publishes an ad for 60 days with the place of its postal code, price in euros stored as cents', async () => {
    const res = await postAd(t, seller.access_token, adBody({ price: 99.99 }));
    expect(res.statusCode).toBe(201);
    const ad = res.json() as Listing;
    expect(ad).toMatchObject({
      title: 'Gut erhaltenes Fahrrad',
      price: 99.99,
      price_type: 'negotiable',
      offer_type: 'offer',
      status: 'active',
      postal_code: '80331',
      location: 'München',
      views: 0,
      favorites_count: 0,
      is_favorite: false,
      category: { slug: 'fahrraeder-zubehoer', parent: { slug: 'auto-rad-boot' } },
      seller: { id: seller.user.id, name: 'Radhändler', rating: null, reviewCount: 0, active_listings: 1 },
    });
    const lifetime = Date.parse(ad.expires_at) - Date.parse(ad.created_at);
    expect(Math.round(lifetime / 86_400_000)).toBe(60);
    const stored = await selectRows(
      t.db.handle.db,
      z.object({ price_cents: z.number() }),
      sql`select price_cents from listings where id = ${ad.id}::uuid`,
    );
    expect(stored[0]?.price_cents).toBe(9999);
  });

  it('takes a place of the postal code case-insensitively and answers its spelling', async () => {
    const ad = await createAd(t, seller.access_token, { postal_code: '20095', location: 'hamburg altstadt' });
    expect(ad.location).toBe('Hamburg Altstadt');
  });

  it('keeps SQL and HTML typed into title and description as plain text', async () => {
    const title = `<script>alert('x')</script> Robert'); DROP TABLE listings;--`;
    const description = '<img src=x onerror=alert(1)> "; DELETE FROM users; -- & <b>fett</b>';
    const ad = await createAd(t, seller.access_token, { title, description });
    expect(ad.title).toBe(title);
    expect(ad.description).toBe(description);
    const again = await t.app.inject({ url: `/api/listings/${ad.id}` });
    expect(again.json()).toMatchObject({ title, description });
    expect(await countRows(t, 'users')).toBeGreaterThan(0);
  });

  it('accepts free ads at 0 € and wanted ads', async () => {
    const ad = await createAd(t, seller.access_token, {
      price: 0,
      price_type: 'free',
      offer_type: 'wanted',
      category: 'zu-verschenken',
      attributes: {},
    });
    expect(ad).toMatchObject({ price: 0, price_type: 'free', offer_type: 'wanted' });
  });

  it('needs a token (401) and a verified e-mail (403)', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/listings', payload: adBody() });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toBe('Nicht authentifiziert - Bitte melden Sie sich erneut an');
    const unverified = await registerMember(t.app);
    const res = await postAd(t, unverified.access_token, adBody());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: 'Bitte bestätige zuerst deine E-Mail-Adresse.',
      code: 'email_not_verified',
    });
  });
});

describe('POST /api/listings refuses bad input with a German detail and stores nothing', () => {
  it('titles that are too short or too long', async () => {
    await refused(
      adBody({ title: 'ab' }),
      422,
      "Feld 'title': Der Titel muss mindestens 3 Zeichen lang sein.",
    );
    await refused(
      adBody({ title: 'x'.repeat(101) }),
      422,
      "Feld 'title': Der Titel darf höchstens 100 Zeichen lang sein.",
    );
  });

  it('a missing, too short or 100 kB description', async () => {
    const { description: _, ...withoutDescription } = adBody();
    await refused(withoutDescription, 422, "Feld 'description': Bitte gib eine Beschreibung ein.");
    await refused(
      adBody({ description: 'kurz' }),
      422,
      "Feld 'description': Die Beschreibung muss mindestens 10 Zeichen lang sein.",
    );
    await refused(
      adBody({ description: 'Sehr lang. '.repeat(10_000) }),
      422,
      "Feld 'description': Die Beschreibung darf höchstens 4000 Zeichen lang sein.",
    );
  });

  it('negative, huge, three-decimal and non-numeric prices, and a price on a free ad', async () => {
    await refused(adBody({ price: -1 }), 422, "Feld 'price': Der Preis darf nicht negativ sein.");
    await refused(adBody({ price: 10_000_000.01 }), 422, "Feld 'price': Der Preis ist zu hoch.");
    await refused(adBody({ price: 1e12 }), 422, "Feld 'price': Der Preis ist zu hoch.");
    await refused(
      adBody({ price: 12.345 }),
      422,
      "Feld 'price': Der Preis darf höchstens zwei Nachkommastellen haben.",
    );
    // Below a cent: checked in cents, never stored as a 0 € 'Festpreis'.
    for (const price of [1e-9, 0.001, 4.999_999_9])
      await refused(
        adBody({ price, price_type: 'fixed' }),
        422,
        "Feld 'price': Der Preis darf höchstens zwei Nachkommastellen haben.",
      );
    await refused({ ...adBody(), price: '12' }, 422, "Feld 'price': Bitte gib einen Preis ein.");
    await refused(
      adBody({ price: 5, price_type: 'free' }),
      422,
      "Feld 'price': Bei „Zu verschenken“ ist der Preis 0 €.",
    );
  });

  it('wrong types and unknown price or offer types', async () => {
    await refused({ ...adBody(), title: 42 }, 422, "Feld 'title': Bitte gib einen Titel ein.");
    await refused({ ...adBody(), price_type: 'cheap' }, 422, /^Feld 'price_type': /);
    await refused({ ...adBody(), offer_type: 'rent' }, 422, /^Feld 'offer_type': /);
    await refused({ ...adBody(), images: 'foto.jpg' }, 422, /^Feld 'images': /);
    await refused({ ...adBody(), attributes: ['x'] }, 422, /^Feld 'attributes': /);
  });

  it('unknown categories and top-level categories that have subcategories', async () => {
    await refused(
      adBody({ category: 'gibt-es-nicht' }),
      422,
      "Feld 'category': Diese Kategorie gibt es nicht.",
    );
    await refused(adBody({ category: 999_999 }), 422, "Feld 'category': Diese Kategorie gibt es nicht.");
    await refused(
      adBody({ category: 'auto-rad-boot' }),
      422,
      "Feld 'category': Bitte wähle eine Unterkategorie.",
    );
  });

  it('attributes the category does not know, outside their options or range, or of the wrong type', async () => {
    await refused(
      adBody({ attributes: { bike_type: 'Trekkingrad', colour: 'rot' } }),
      422,
      "Feld 'attributes.colour': Dieses Merkmal gibt es in dieser Kategorie nicht.",
    );
    await refused(
      adBody({ attributes: { bike_type: 'Hollandrad XXL' } }),
      422,
      "Feld 'attributes.bike_type': Bitte wähle für Art einen der vorgegebenen Werte.",
    );
    await refused(
      adBody({ attributes: { frame_size_cm: 200 } }),
      422,
      "Feld 'attributes.frame_size_cm': Rahmenhöhe muss zwischen 20 und 80 cm sein.",
    );
    await refused(
      adBody({ attributes: { frame_size_cm: 'groß' } }),
      422,
      "Feld 'attributes.frame_size_cm': Rahmenhöhe muss eine Zahl sein.",
    );
    const car = { category: 'autos', title: 'VW Golf 1.4 TSI', price: 8500 };
    await refused(
      adBody({ ...car, attributes: { model: 'Golf' } }),
      422,
      "Feld 'attributes.make': Bitte gib Marke an.",
    );
    await refused(
      adBody({ ...car, attributes: { make: 'Volkswagen', first_registration: 2015.5 } }),
      422,
      "Feld 'attributes.first_registration': Erstzulassung muss eine Jahreszahl sein.",
    );
    await refused(
      adBody({ ...car, attributes: { make: 'Volkswagen', mileage_km: -5 } }),
      422,
      "Feld 'attributes.mileage_km': Kilometerstand muss zwischen 0 und 2.000.000 km sein.",
    );
    await refused(
      adBody({
        category: 'konzerte',
        title: 'Zwei Karten',
        price: 80,
        attributes: { event_date: '2026-02-30' },
      }),
      422,
      "Feld 'attributes.event_date': Datum der Veranstaltung muss ein Datum (JJJJ-MM-TT) sein.",
    );
  });

  it('stores valid attributes with numbers as numbers', async () => {
    const ad = await createAd(t, seller.access_token, {
      category: 'autos',
      title: 'VW Golf 1.4 TSI',
      price: 8500,
      attributes: {
        make: 'Volkswagen',
        model: ' Golf ',
        mileage_km: '120000',
        first_registration: 2015,
        fuel: 'Benzin',
      },
    });
    expect(ad.attributes).toEqual({
      make: 'Volkswagen',
      model: 'Golf',
      mileage_km: 120000,
      first_registration: 2015,
      fuel: 'Benzin',
    });
  });

  it('postal codes that are malformed or unknown, and places not of the postal code', async () => {
    await refused(
      adBody({ postal_code: '8033' }),
      422,
      "Feld 'postal_code': Bitte gib eine gültige Postleitzahl mit 5 Ziffern ein.",
    );
    await refused(
      adBody({ postal_code: '00000' }),
      422,
      "Feld 'postal_code': Diese Postleitzahl kennen wir nicht.",
    );
    await refused(
      adBody({ postal_code: '80331', location: 'Berlin' }),
      422,
      "Feld 'location': „Berlin“ gehört nicht zur Postleitzahl 80331.",
    );
  });

  it('photo URLs that this server did not answer, or that belong to another member', async () => {
    await refused(
      adBody({ images: ['https://example.com/foto.jpg'] }),
      422,
      "Feld 'images': Fotos müssen über „Foto hinzufügen“ hochgeladen werden; fremde Bildadressen sind nicht erlaubt.",
    );
    await refused(
      adBody({ images: [`/api/images/${'a'.repeat(32)}-detail.webp`] }),
      422,
      "Feld 'images': Mindestens ein Foto ist unbekannt oder gehört zu einer anderen Anzeige. Bitte lade es erneut hoch.",
    );
    const other = await verifiedMember(t);
    const theirs = await uploadPhoto(t, other.access_token);
    await refused(adBody({ images: [theirs] }), 422, /^Feld 'images': Mindestens ein Foto ist unbekannt/);
  });

  it('attaches own photos in order, once each, and a photo belongs to one ad only', async () => {
    const first = await uploadPhoto(t, seller.access_token);
    const second = await uploadPhoto(t, seller.access_token);
    const ad = await createAd(t, seller.access_token, {
      images: [second, first, second.replace('-detail', '-card')],
    });
    expect(ad.images).toEqual([second, first]);
    await refused(adBody({ images: [first] }), 422, /gehört zu einer anderen Anzeige/);
  });

  it('takes up to 20 photos and refuses a 21st with its German message', async () => {
    const photos: string[] = [];
    for (let i = 0; i < 21; i++) photos.push(await uploadPhoto(t, seller.access_token));
    await refused(adBody({ images: photos }), 422, "Feld 'images': Du kannst höchstens 20 Fotos hochladen.");
    const ad = await createAd(t, seller.access_token, { images: photos.slice(0, 20) });
    expect(ad.images).toEqual(photos.slice(0, 20));
  });

  it('limits posting to 30 ads per member and hour (429)', async () => {
    const busy = await verifiedMember(t);
    for (let i = 0; i < 30; i++) {
      const res = await postAd(t, busy.access_token, adBody({ title: `Fahrrad Nummer ${i}` }));
      expect(res.statusCode).toBe(201);
    }
    const res = await postAd(t, busy.access_token, adBody());
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toMatch(
      /^Du hast in kurzer Zeit sehr viele Anzeigen aufgegeben\. Bitte versuche es in \d+ Minuten? erneut\.$/,
    );
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('GET /api/listings/{id}', () => {
  it("answers 404 'Anzeige nicht gefunden' for unknown and malformed ids", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'keine-id', "1' or '1'='1"]) {
      const res = await t.app.inject({ url: `/api/listings/${encodeURIComponent(id)}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Anzeige nicht gefunden', code: 'listing_not_found' });
    }
  });

  it('tells the member with a token whether the ad is a favourite', async () => {
    const ad = await createAd(t, seller.access_token);
    const fan = await verifiedMember(t);
    await t.app.inject({ method: 'POST', url: `/api/favorites/${ad.id}`, headers: bearer(fan.access_token) });
    const res = await t.app.inject({ url: `/api/listings/${ad.id}`, headers: bearer(fan.access_token) });
    expect(res.json()).toMatchObject({ is_favorite: true, favorites_count: 1 });
    const visitor = await t.app.inject({ url: `/api/listings/${ad.id}` });
    expect(visitor.json()).toMatchObject({ is_favorite: false, favorites_count: 1 });
  });

  it('counts one view per member or address and day, and not the seller’s own visits', async () => {
    const ad = await createAd(t, seller.access_token);
    const view = (headers: Record<string, string>, remoteAddress: string) =>
      t.app.inject({ url: `/api/listings/${ad.id}`, headers, remoteAddress });
    expect((await view({ 'user-agent': 'Firefox' }, '192.0.2.1')).json().views).toBe(1);
    expect((await view({ 'user-agent': 'Firefox' }, '192.0.2.1')).json().views).toBe(1);
    // Another browser on the same address is the same visitor.
    expect((await view({ 'user-agent': 'Chrome' }, '192.0.2.1')).json().views).toBe(1);
    expect((await view({ 'user-agent': 'Firefox' }, '192.0.2.2')).json().views).toBe(2);
    expect((await view(bearer(seller.access_token), '192.0.2.3')).json().views).toBe(2);
    const member = await verifiedMember(t);
    expect((await view(bearer(member.access_token), '192.0.2.4')).json().views).toBe(3);
    expect((await view(bearer(member.access_token), '192.0.2.5')).json().views).toBe(3);
    const stored = await selectRows(
      t.db.handle.db,
      z.object({ visitor: z.string() }),
      sql`select visitor from listing_views where listing_id = ${ad.id}::uuid`,
    );
    expect(stored.map((row) => row.visitor).join(' ')).not.toMatch(/192\.0\.2/);
  });
});
