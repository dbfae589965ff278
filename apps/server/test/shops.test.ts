import type {
  AdminProfileList,
  Listing,
  MyProfiles,
  Profile,
  ProfileCardList,
  ProfileCreate,
} from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createAd, makeAdmin, uploadPhoto, verifiedMember } from './helpers/marketplace.ts';

/**
 * Shops and provider profiles (contract shops.ts): registration waiting for an ADMIN together
 * with the business verification, editing by the owner only (business data back to review),
 * one of each kind per member under parallel submissions, the directory's radius search, the
 * trader details on a business seller's ads, and German 422s that change nothing.
 */

let t: TestApp;
let admin: RegisteredMember;

beforeAll(async () => {
  t = await startTestApp();
  admin = await verifiedMember(t, { nickname: 'Admina' });
  await makeAdmin(t, admin.user.id);
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (token: string | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const BUSINESS = {
  name: 'Fahrradhaus Müller',
  legal_form: 'GmbH',
  street: 'Marktplatz 5',
  postal_code: '10115',
  city: 'Berlin',
  register_court: 'Amtsgericht Charlottenburg',
  register_number: 'HRB 12345 B',
  vat_id: 'DE123456789',
  email: 'info@fahrradhaus.example',
  phone: '030 987654',
} as const;

const shopBody = (overrides: Partial<ProfileCreate> = {}): ProfileCreate => ({
  kind: 'shop',
  business: { ...BUSINESS },
  description: 'Fahrräder, E-Bikes und Zubehör aus Berlin-Mitte, mit eigener Werkstatt.',
  categories: ['fahrraeder-zubehoer'],
  hours: [
    { day: 1, opens: '09:00', closes: '18:00' },
    { day: 6, opens: '10:00', closes: '14:00' },
  ],
  ...overrides,
});

const providerBody = (postalCode: string, name: string, radius = 30): ProfileCreate => ({
  kind: 'provider',
  business: {
    ...BUSINESS,
    name,
    legal_form: 'Einzelunternehmen',
    register_court: '',
    register_number: '',
    vat_id: '',
    postal_code: postalCode,
  },
  description: 'Malerarbeiten, Tapezieren und Fassaden – sauber, pünktlich und zum Festpreis.',
  categories: ['dienstleistungen'],
  area: { postal_code: postalCode, radius_km: radius },
  services: [
    { name: 'Malerarbeiten', price_type: 'hourly', price_min: 40, price_max: null },
    { name: 'Tür lackieren', price_type: 'fixed', price_min: 120, price_max: null },
  ],
  hours: [{ day: 2, opens: '08:00', closes: '17:00' }],
});

async function register(member: RegisteredMember, body: unknown): Promise<Profile> {
  const res = await call(member.access_token, 'POST', '/api/profiles', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Profile;
}

async function decide(id: string, decision: 'approve' | 'reject', reason = '') {
  const res = await call(admin.access_token, 'POST', `/api/admin/profiles/${id}/decision`, {
    decision,
    reason,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Profile;
}

const profileCount = async (userId: string) => {
  const [row] = await selectRows(
    t.app.database.db,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from business_profiles where user_id = ${userId}::uuid`,
  );
  return row?.n ?? 0;
};

describe('registration and approval', () => {
  it('a shop waits hidden for an ADMIN, who approves it with the business verification; then everyone sees it', async () => {
    const owner = await verifiedMember(t, { nickname: 'Müller' });
    const logo = await uploadPhoto(t, owner.access_token);
    const profile = await register(owner, shopBody({ logo }));
    expect(profile).toMatchObject({
      status: 'pending',
      display_name: 'Fahrradhaus Müller GmbH',
      verified: false,
      logo,
    });

    // Hidden from visitors and other members; the owner reads it.
    expect((await call(null, 'GET', `/api/profiles/${profile.id}`)).statusCode).toBe(404);
    const stranger = await verifiedMember(t, { nickname: 'Fremder' });
    expect((await call(stranger.access_token, 'GET', `/api/profiles/${profile.id}`)).statusCode).toBe(404);
    const mine = (await call(owner.access_token, 'GET', '/api/profiles/me')).json() as MyProfiles;
    expect(mine.shop?.id).toBe(profile.id);
    expect(mine.provider).toBeNull();

    // A business verification was started and sits in the ADMIN queue with the profile.
    const queue = (await call(admin.access_token, 'GET', '/api/admin/profiles')).json() as AdminProfileList;
    expect(queue.profiles.find((p) => p.id === profile.id)).toMatchObject({ verified: false });
    const pending = await call(admin.access_token, 'GET', '/api/admin/verifications');
    expect(pending.body).toContain('Fahrradhaus Müller');

    // Only ADMINs decide.
    const refused = await call(owner.access_token, 'POST', `/api/admin/profiles/${profile.id}/decision`, {
      decision: 'approve',
    });
    expect(refused.statusCode).toBe(403);
    const approved = await decide(profile.id, 'approve');
    expect(approved).toMatchObject({ status: 'approved', verified: true });
    const decided = (
      await call(admin.access_token, 'GET', '/api/admin/profiles?status=approved')
    ).json() as AdminProfileList;
    expect(decided.profiles.find((p) => p.id === profile.id)).toMatchObject({ verified: true });
    const seen = await call(null, 'GET', `/api/profiles/${profile.id}`);
    expect(seen.statusCode).toBe(200);
    expect((seen.json() as Profile).reason).toBeNull();
    // A second decision is refused.
    const again = await call(admin.access_token, 'POST', `/api/admin/profiles/${profile.id}/decision`, {
      decision: 'reject',
      reason: 'Doch nicht',
    });
    expect(again.statusCode).toBe(409);
  });

  it('a rejected profile stays hidden; its owner reads the reason', async () => {
    const owner = await verifiedMember(t, { nickname: 'Abgelehnt' });
    const profile = await register(owner, shopBody());
    const missing = await call(admin.access_token, 'POST', `/api/admin/profiles/${profile.id}/decision`, {
      decision: 'reject',
    });
    expect(missing.statusCode).toBe(422);
    await decide(profile.id, 'reject', 'Die Registernummer passt nicht zum Firmennamen.');
    expect((await call(null, 'GET', `/api/profiles/${profile.id}`)).statusCode).toBe(404);
    const mine = (await call(owner.access_token, 'GET', '/api/profiles/me')).json() as MyProfiles;
    expect(mine.shop).toMatchObject({
      status: 'rejected',
      reason: 'Die Registernummer passt nicht zum Firmennamen.',
    });
    const directory = (
      await call(null, 'GET', '/api/profiles?kind=shop&q=Fahrradhaus')
    ).json() as ProfileCardList;
    expect(directory.profiles.map((p) => p.id)).not.toContain(profile.id);
    // Any change, also of the texts alone, sends it to review again.
    const resent = await call(owner.access_token, 'PATCH', `/api/profiles/${profile.id}`, {
      description: 'Fahrräder und Zubehör, jetzt mit den richtigen Angaben im Impressum.',
    });
    expect(resent.json()).toMatchObject({ status: 'pending', reason: null });
  });

  it('one shop and one provider profile per member, also under 200 parallel submissions', async () => {
    const owner = await verifiedMember(t, { nickname: 'Eilig' });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(
          owner.access_token,
          'POST',
          '/api/profiles',
          i % 2 === 0 ? shopBody() : providerBody('80331', 'Maler Eilig'),
        ),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(2);
    expect(codes.filter((code) => code === 409)).toHaveLength(198);
    expect(answers.find((res) => res.statusCode === 409)?.json().detail).toMatch(/bereits/);
    expect(await profileCount(owner.user.id)).toBe(2);
  });
});

describe('editing', () => {
  it('only the owner edits; business data go back to review, texts and hours do not', async () => {
    const owner = await verifiedMember(t, { nickname: 'Inhaberin' });
    const other = await verifiedMember(t, { nickname: 'Nachbar' });
    const profile = await register(owner, shopBody());
    await decide(profile.id, 'approve');

    const foreign = await call(other.access_token, 'PATCH', `/api/profiles/${profile.id}`, {
      description: 'Gekapert! '.repeat(5),
    });
    expect(foreign.statusCode).toBe(403);
    const byAdmin = await call(admin.access_token, 'PATCH', `/api/profiles/${profile.id}`, {
      description: 'Admin schreibt hier etwas.',
    });
    expect(byAdmin.statusCode).toBe(403);
    expect((await call(null, 'PATCH', `/api/profiles/${profile.id}`, {})).statusCode).toBe(401);

    const texts = await call(owner.access_token, 'PATCH', `/api/profiles/${profile.id}`, {
      description: 'Neu: jetzt auch Lastenräder und Kinderanhänger zum Probefahren.',
      hours: [{ day: 3, opens: '08:30', closes: '19:00' }],
    });
    expect(texts.statusCode, texts.body).toBe(200);
    expect(texts.json()).toMatchObject({
      status: 'approved',
      hours: [{ day: 3, opens: '08:30', closes: '19:00' }],
    });
    expect((await call(null, 'GET', `/api/profiles/${profile.id}`)).statusCode).toBe(200);

    const business = await call(owner.access_token, 'PATCH', `/api/profiles/${profile.id}`, {
      business: { ...BUSINESS, street: 'Torstraße 1' },
    });
    expect(business.statusCode, business.body).toBe(200);
    expect(business.json()).toMatchObject({ status: 'pending' });
    expect((await call(null, 'GET', `/api/profiles/${profile.id}`)).statusCode).toBe(404);
    await decide(profile.id, 'approve');
    expect((await call(null, 'GET', `/api/profiles/${profile.id}`)).json()).toMatchObject({
      business: { street: 'Torstraße 1' },
    });
  });

  it('bad input gets a German 422 and changes nothing', async () => {
    const owner = await verifiedMember(t, { nickname: 'Falsch' });
    const bad: [string, unknown, RegExp][] = [
      ['VAT id', shopBody({ business: { ...BUSINESS, vat_id: 'DE12345' } }), /USt-IdNr/],
      ['hours', shopBody({ hours: [{ day: 1, opens: '18:00', closes: '09:00' }] }), /Schließzeit/],
      ['radius', providerBody('80331', 'Weit', 250), /höchstens 200 km/],
      ['description', shopBody({ description: 'x'.repeat(10_000) }), /höchstens 5\.000 Zeichen/],
      ['register', shopBody({ business: { ...BUSINESS, register_number: '' } }), /Registergericht/],
    ];
    for (const [what, body, detail] of bad) {
      const res = await call(owner.access_token, 'POST', '/api/profiles', body);
      expect(res.statusCode, what).toBe(422);
      expect(res.json().detail, what).toMatch(detail);
    }
    expect(await profileCount(owner.user.id)).toBe(0);

    const profile = await register(owner, shopBody());
    const patch = await call(owner.access_token, 'PATCH', `/api/profiles/${profile.id}`, {
      description: 'y'.repeat(10_000),
    });
    expect(patch.statusCode).toBe(422);
    const still = (await call(owner.access_token, 'GET', `/api/profiles/${profile.id}`)).json() as Profile;
    expect(still.description).toBe(profile.description);
  });
});

describe('the directory and the trader details', () => {
  it('keeps providers within the radius of a place, nearest first, with the distance', async () => {
    // Berlin Mitte, Potsdam (about 27 km) and München (about 500 km).
    const places: [string, string][] = [
      ['10117', 'Maler Mitte'],
      ['14467', 'Maler Potsdam'],
      ['80331', 'Maler München'],
    ];
    for (const [code, name] of places) {
      const member = await verifiedMember(t, { nickname: name.replace(/\s/g, '') });
      const profile = await register(member, providerBody(code, name));
      await decide(profile.id, 'approve');
    }
    const res = await call(null, 'GET', '/api/profiles?kind=provider&near=10115&radius_km=50&q=Maler');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as ProfileCardList;
    expect(list.profiles.map((p) => p.display_name)).toEqual(['Maler Mitte', 'Maler Potsdam']);
    const [first, second] = list.profiles;
    expect(first?.distance_km).toBeLessThan(3);
    expect(second?.distance_km).toBeGreaterThan(20);
    expect(second?.distance_km).toBeLessThan(40);

    const tooFar = await call(null, 'GET', '/api/profiles?kind=provider&near=10115&radius_km=201');
    expect(tooFar.statusCode).toBe(422);
    expect(tooFar.json().detail).toMatch(/200 km/);

    const provider = (await call(null, 'GET', `/api/profiles/${first?.id}`)).json() as Profile;
    expect(provider.area?.radius_km).toBe(30);
    expect(provider.area?.towns.map((town) => town.place)).toContain('Berlin');
  });

  it("every ad of a verified business seller carries the trader's details and the shop's card, none of a private seller", async () => {
    const trader = await verifiedMember(t, { nickname: 'Händler' });
    const privateSeller = await verifiedMember(t, { nickname: 'Privat' });
    const logo = await uploadPhoto(t, trader.access_token);
    const profile = await register(trader, shopBody({ logo }));
    // An ad posted while the shop waits for review is the member's until the shop is approved.
    const early = await createAd(t, trader.access_token, { title: 'Erstes Rad' });
    const waiting = (await call(trader.access_token, 'GET', `/api/listings/${early.id}`)).json() as Listing;
    expect(waiting.seller.shop ?? null).toBeNull();
    await decide(profile.id, 'approve');
    const ads = [
      early,
      await createAd(t, trader.access_token),
      await createAd(t, trader.access_token, { title: 'Zweites Rad' }),
    ];
    for (const ad of ads) {
      const seen = (await call(trader.access_token, 'GET', `/api/listings/${ad.id}`)).json() as Listing;
      expect(seen.seller.trader).toMatchObject({
        name: 'Fahrradhaus Müller',
        legal_form: 'GmbH',
        vat_id: 'DE123456789',
      });
      expect(seen.seller.shop).toEqual({ id: profile.id, name: 'Fahrradhaus Müller GmbH', logo });
    }
    const own = await createAd(t, privateSeller.access_token);
    const seen = (await call(null, 'GET', `/api/listings/${own.id}`)).json() as Listing;
    expect(seen.seller.trader ?? null).toBeNull();
    expect(seen.seller.shop ?? null).toBeNull();
  });
});

describe('banner and photo captions', () => {
  /** The profile an upload belongs to (`uploads.business_profile_id`), null when detached. */
  const claimedBy = async (url: string) => {
    const id = /([a-f0-9]{32})-detail\.webp$/.exec(url)?.[1] ?? '';
    const [row] = await selectRows(
      t.app.database.db,
      z.object({ profile: z.string().nullable() }),
      sql`select business_profile_id::text as profile from uploads where id = ${id}`,
    );
    return row?.profile ?? null;
  };

  it('stores and answers the banner and the captions; a new banner detaches the old one', async () => {
    const owner = await verifiedMember(t, { nickname: 'Titelbild' });
    const [banner, workshop, shopFront] = [
      await uploadPhoto(t, owner.access_token),
      await uploadPhoto(t, owner.access_token),
      await uploadPhoto(t, owner.access_token),
    ];
    const profile = await register(
      owner,
      shopBody({
        banner,
        photos: [{ url: workshop, caption: '  Unsere Werkstatt in Mitte ' }, { url: shopFront }],
      }),
    );
    const photos = [
      { url: workshop, caption: 'Unsere Werkstatt in Mitte' },
      { url: shopFront, caption: '' },
    ];
    expect(profile).toMatchObject({ banner, photos });
    await decide(profile.id, 'approve');
    expect((await call(null, 'GET', `/api/profiles/${profile.id}`)).json()).toMatchObject({ banner, photos });
    expect(await claimedBy(banner)).toBe(profile.id);

    const next = await uploadPhoto(t, owner.access_token);
    const changed = await call(owner.access_token, 'PATCH', `/api/profiles/${profile.id}`, {
      banner: next,
      photos: [{ url: shopFront, caption: 'Der Laden von außen' }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      status: 'approved',
      banner: next,
      photos: [{ url: shopFront, caption: 'Der Laden von außen' }],
    });
    expect([await claimedBy(next), await claimedBy(banner), await claimedBy(workshop)]).toEqual([
      profile.id,
      null,
      null,
    ]);
    const removed = await call(owner.access_token, 'PATCH', `/api/profiles/${profile.id}`, { banner: null });
    expect(removed.json()).toMatchObject({ banner: null, photos: [{ url: shopFront }] });
    expect(await claimedBy(next)).toBeNull();
  });

  it('refuses a caption over 120 characters with a German 422 naming the field, and changes nothing', async () => {
    const owner = await verifiedMember(t, { nickname: 'Lang' });
    const photo = await uploadPhoto(t, owner.access_token);
    const tooLong = [{ url: photo, caption: 'x'.repeat(121) }];
    const created = await call(owner.access_token, 'POST', '/api/profiles', shopBody({ photos: tooLong }));
    expect(created.statusCode).toBe(422);
    expect(created.json().detail).toBe(
      "Feld 'photos.0.caption': Die Bildunterschrift darf höchstens 120 Zeichen lang sein.",
    );
    expect(await profileCount(owner.user.id)).toBe(0);

    const fits = [{ url: photo, caption: 'y'.repeat(120) }];
    const profile = await register(owner, shopBody({ photos: fits }));
    const patch = await call(owner.access_token, 'PATCH', `/api/profiles/${profile.id}`, { photos: tooLong });
    expect(patch.statusCode).toBe(422);
    expect(patch.json().detail).toMatch(/^Feld 'photos\.0\.caption': Die Bildunterschrift/);
    const still = (await call(owner.access_token, 'GET', `/api/profiles/${profile.id}`)).json() as Profile;
    expect(still.photos).toEqual(fits);
  });

  it("refuses a banner that is not the owner's upload the way it refuses such a logo", async () => {
    const owner = await verifiedMember(t, { nickname: 'Eigen' });
    const stranger = await verifiedMember(t, { nickname: 'Fremdbild' });
    const foreign = await uploadPhoto(t, stranger.access_token);
    const asLogo = await call(owner.access_token, 'POST', '/api/profiles', shopBody({ logo: foreign }));
    const asBanner = await call(owner.access_token, 'POST', '/api/profiles', shopBody({ banner: foreign }));
    expect([asLogo.statusCode, asBanner.statusCode]).toEqual([422, 422]);
    expect(asBanner.json().detail).toBe(asLogo.json().detail);
    expect(asBanner.json().detail).toMatch(/Titelbild.*fremde/);
    expect(await profileCount(owner.user.id)).toBe(0);
    expect(await claimedBy(foreign)).toBeNull();

    const profile = await register(owner, shopBody());
    const patch = await call(owner.access_token, 'PATCH', `/api/profiles/${profile.id}`, { banner: foreign });
    expect(patch.statusCode).toBe(422);
    const still = (await call(owner.access_token, 'GET', `/api/profiles/${profile.id}`)).json() as Profile;
    expect(still.banner).toBeNull();
  });
});
