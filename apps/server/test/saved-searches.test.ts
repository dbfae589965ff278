import { randomUUID } from 'node:crypto';
import type { NotificationList, SavedSearch, SavedSearchList } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { quoteIdentifier } from '../src/jobs/failing-jobs.ts';
import { PARALLEL_REACTION_QUEUE } from '../src/jobs/reactions.ts';
import { sendSavedSearchAlerts, tellInstantSearches } from '../src/modules/saved-searches/index.ts';
import { bearer, mailsTo, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { allMailDelivered } from './helpers/mail-queue.ts';
import { adBody, countRows, createAd, postAd, reactionsDone, verifiedMember } from './helpers/marketplace.ts';
import { listen, TestSocket } from './helpers/sockets.ts';

/**
 * Saved searches with alerts ('Suchaufträge'): members keep a search's filters, see, switch and
 * delete them, and hear once per search and run of new matching ads of other members.
 */

let t: TestApp;
let owner: RegisteredMember;
let other: RegisteredMember;

beforeAll(async () => {
  t = await startTestApp();
  owner = await verifiedMember(t, { nickname: 'Suchende' });
  other = await verifiedMember(t, { nickname: 'Anbieter' });
});
afterAll(async () => t?.close());

const save = (token: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/saved-searches',
    headers: bearer(token),
    payload: body as object,
  });
const list = async (token: string) =>
  (await t.app.inject({ url: '/api/saved-searches', headers: bearer(token) })).json() as SavedSearchList;
const rowsOf = async (userId: string) => {
  const [row] = await selectRows(
    t.app.database.db,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from saved_searches where user_id = ${userId}::uuid`,
  );
  return row?.n ?? 0;
};
/** A run of the daily check with every daily search due (as a day after its last check). */
const alerts = () =>
  sendSavedSearchAlerts(
    {
      db: t.app.database.db,
      categories: t.app.categories,
      mailer: t.app.mailer,
      realtime: t.app.realtime,
      log: t.app.log,
      publicUrl: t.config.publicUrl,
      siteName: t.config.siteName,
    },
    new Date(),
    new Date(),
  );
/** Puts the member's last online time 20 minutes into the past: mails go to members away. */
const away = (member: RegisteredMember) =>
  t.app.database.db.execute(
    sql`insert into notification_settings (user_id, last_seen_at) values (${member.user.id}::uuid, now() - interval '20 minutes')
        on conflict (user_id) do update set last_seen_at = excluded.last_seen_at`,
  );
const searchNotifications = async (token: string) =>
  (
    (
      await t.app.inject({ url: '/api/notifications?type=saved_search', headers: bearer(token) })
    ).json() as NotificationList
  ).notifications;

describe('saved searches: create, list, change, delete', () => {
  it('keeps the filters once, named after them, and only their owner sees and changes them', async () => {
    const first = await save(owner.access_token, {
      filters: {
        q: ' Fahrrad ',
        category: 'fahrraeder-zubehoer',
        price_max: 500,
        verified_only: false,
        sort: undefined,
      },
    });
    expect(first.statusCode, first.body).toBe(201);
    const saved = first.json() as SavedSearch;
    expect(saved.filters).toEqual({ category: 'fahrraeder-zubehoer', price_max: '500', q: 'Fahrrad' });
    expect(saved.name).toMatch(/^„Fahrrad“ in .+ bis 500 €$/);
    expect(saved.path).toBe('/search?q=Fahrrad&category=fahrraeder-zubehoer&price_max=500');
    expect(saved.alerts).toBe(true);
    expect(saved.frequency).toBe('instant');

    // The same filters again, written differently: the saved search, no second one.
    const again = await save(owner.access_token, {
      filters: { price_max: '500', q: 'Fahrrad', category: 'fahrraeder-zubehoer' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as SavedSearch).id).toBe(saved.id);
    expect(await rowsOf(owner.user.id)).toBe(1);
    expect((await list(owner.access_token)).saved_searches.map((s) => s.id)).toEqual([saved.id]);

    // Another member neither sees, changes nor deletes it: 404 as for an unknown id.
    expect((await list(other.access_token)).saved_searches).toEqual([]);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/saved-searches/${saved.id}`,
        headers: bearer(other.access_token),
        ...(method === 'PATCH' ? { payload: { alerts: false } } : {}),
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().detail).toBe('Diese gespeicherte Suche gibt es nicht.');
    }
    expect((await list(owner.access_token)).saved_searches[0]?.alerts).toBe(true);

    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/saved-searches/${saved.id}`,
      headers: bearer(owner.access_token),
      payload: { alerts: false, name: 'Mein Rad' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ alerts: false, frequency: 'off', name: 'Mein Rad' });
    // On again: 'Sofort' for a search that was off; then daily, and a bad choice refused.
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/saved-searches/${saved.id}`,
        headers: bearer(owner.access_token),
        payload,
      });
    expect((await patch({ alerts: true })).json()).toMatchObject({ alerts: true, frequency: 'instant' });
    expect((await patch({ frequency: 'daily' })).json()).toMatchObject({ alerts: true, frequency: 'daily' });
    expect((await patch({ alerts: true })).json()).toMatchObject({ frequency: 'daily' });
    const bad = await patch({ frequency: 'weekly' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Bitte wähle Sofort, Täglich oder Aus.');
    expect((await list(owner.access_token)).saved_searches[0]?.frequency).toBe('daily');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/saved-searches/${saved.id}`,
      headers: bearer(owner.access_token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await list(owner.access_token)).saved_searches).toEqual([]);
    const twice = await t.app.inject({
      method: 'DELETE',
      url: `/api/saved-searches/${saved.id}`,
      headers: bearer(owner.access_token),
    });
    expect(twice.statusCode).toBe(404);
  });

  it('need a login: 401 without a token', async () => {
    const answers = await Promise.all([
      t.app.inject({ url: '/api/saved-searches' }),
      t.app.inject({ method: 'POST', url: '/api/saved-searches', payload: { filters: { q: 'Sofa' } } }),
      t.app.inject({ method: 'PATCH', url: '/api/saved-searches/x', payload: { alerts: false } }),
      t.app.inject({ method: 'DELETE', url: '/api/saved-searches/x' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([401, 401, 401, 401]);
  });

  it('refuses bad filters with 422 and a German message and stores nothing', async () => {
    const member = await verifiedMember(t);
    const cases: [unknown, RegExp][] = [
      [{ filters: { price_min: 'viel' } }, /Bitte gib einen Preis als Zahl ein\./],
      [{ filters: { farbe: 'rot' } }, /Unbekannter Filter „farbe“\./],
      [{ filters: {} }, /Bitte gib einen Suchbegriff ein oder wähle mindestens einen Filter\./],
      [{ filters: { q: '   ' } }, /Bitte gib einen Suchbegriff ein oder wähle mindestens einen Filter\./],
      [{ filters: { price_min: 500, price_max: 100 } }, /Mindestpreis darf nicht über dem Höchstpreis/],
      [{ filters: { category: 'gibt-es-nicht' } }, /Diese Kategorie gibt es nicht\./],
      [{ filters: { q: 'Sofa' }, name: '' }, /Bitte gib einen Namen ein\./],
      [{ q: 'Sofa' }, /filters/],
    ];
    for (const [body, detail] of cases) {
      const res = await save(member.access_token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().detail, JSON.stringify(body)).toMatch(detail);
    }
    const badPatch = await t.app.inject({
      method: 'PATCH',
      url: '/api/saved-searches/00000000-0000-4000-8000-000000000000',
      headers: bearer(member.access_token),
      payload: { alerts: 'ja' },
    });
    expect(badPatch.statusCode).toBe(422);
    expect(await rowsOf(member.user.id)).toBe(0);
  });

  it('keeps exactly 20 searches per member under 200 parallel requests (409 beyond)', async () => {
    const member = await verifiedMember(t);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => save(member.access_token, { filters: { q: `Suche ${i + 1}` } })),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 409)).toHaveLength(180);
    expect(answers.find((res) => res.statusCode === 409)?.json().detail).toBe(
      'Du kannst höchstens 20 Suchen speichern. Lösche eine gespeicherte Suche, um eine neue anzulegen.',
    );
    expect(await rowsOf(member.user.id)).toBe(20);
    // A saved one again still answers it; the account's deletion takes them all.
    const known = (await list(member.access_token)).saved_searches[0];
    const again = await save(member.access_token, { filters: known?.filters });
    expect(again.statusCode).toBe(200);
    await t.app.database.db.execute(sql`delete from users where id = ${member.user.id}::uuid`);
    expect(await rowsOf(member.user.id)).toBe(0);
  });
});

describe('alerts of new ads for saved searches', () => {
  it('tells once of new matching ads of others, with count and link, in the app and by mail when away', async () => {
    const searcher = await verifiedMember(t, { nickname: 'Tandemfan' });
    const seller = await verifiedMember(t);
    const saved = await save(searcher.access_token, { filters: { q: 'Tandem' }, frequency: 'daily' });
    expect(saved.statusCode, saved.body).toBe(201);
    const path = (saved.json() as SavedSearch).path;
    // Everything before saving and all that is due now is checked first.
    await alerts();
    expect(await searchNotifications(searcher.access_token)).toEqual([]);

    await createAd(t, seller.access_token, { title: 'Tandem für zwei Personen' });
    await createAd(t, seller.access_token, { title: 'Tandem aus Aluminium' });
    await createAd(t, seller.access_token, { title: 'Gartenstuhl aus Holz' });
    await createAd(t, searcher.access_token, { title: 'Mein altes Tandem' });

    await away(searcher);
    // Three runs at once (instances, a retried job) tell of the new ads exactly once.
    const runs = await Promise.all([alerts(), alerts(), alerts()]);
    expect(runs.reduce((sum, notified) => sum + notified, 0)).toBeGreaterThanOrEqual(1);
    const notifications = await searchNotifications(searcher.access_token);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      type: 'saved_search',
      title: 'Neue Anzeigen zu deiner Suche',
      message: '2 neue Anzeigen zu deiner gespeicherten Suche: „Tandem“',
      link: `${path}&src=alert`,
      is_read: false,
    });

    // A second run without new ads notifies nothing.
    await alerts();
    expect(await searchNotifications(searcher.access_token)).toHaveLength(1);

    await allMailDelivered(t.app);
    const mails = mailsTo(t.config.dataDir, searcher.email).filter((m) =>
      m.subject.startsWith('Neue Anzeigen zu deiner Suche'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`${t.config.publicUrl}${path}`);
  });

  it('ignores own ads and switched-off searches, and mails nothing with the e-mail channel off', async () => {
    const searcher = await verifiedMember(t);
    const seller = await verifiedMember(t);
    const own = await save(searcher.access_token, { filters: { q: 'Einrad' }, frequency: 'daily' });
    const muted = await save(searcher.access_token, { filters: { q: 'Kajak' }, frequency: 'daily' });
    expect([own.statusCode, muted.statusCode]).toEqual([201, 201]);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/saved-searches/${(muted.json() as SavedSearch).id}`,
      headers: bearer(searcher.access_token),
      payload: { alerts: false },
    });
    await alerts();
    await createAd(t, searcher.access_token, { title: 'Einrad für Anfänger' });
    await createAd(t, seller.access_token, { title: 'Kajak mit Paddel' });
    await alerts();
    expect(await searchNotifications(searcher.access_token)).toEqual([]);

    // With the e-mail channel off: the notification, no mail.
    const prefs = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: bearer(searcher.access_token),
      payload: { preferences: { saved_search: { email: false } } },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    await createAd(t, seller.access_token, { title: 'Einrad 20 Zoll' });
    await away(searcher);
    await alerts();
    const notifications = await searchNotifications(searcher.access_token);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]?.message).toBe('1 neue Anzeige zu deiner gespeicherten Suche: „Einrad“');
    await allMailDelivered(t.app);
    expect(
      mailsTo(t.config.dataDir, searcher.email).filter((m) => m.subject.includes('deiner Suche')),
    ).toEqual([]);
    expect(await countRows(t, 'saved_searches')).toBeGreaterThan(0);
  });
});

describe("instant alerts ('Sofort'): a new ad tested against the saved searches", () => {
  it('tells each member whose search matches once per ad, in the app and live, and nobody else', async () => {
    const [near, anywhere, munich, compound, seller] = await Promise.all([
      verifiedMember(t, { nickname: 'Koelnerin' }),
      verifiedMember(t),
      verifiedMember(t),
      verifiedMember(t),
      verifiedMember(t, { nickname: 'Radhaus' }),
    ]);
    const saves = await Promise.all([
      // Two matching searches of one member, one off and one daily: one notification.
      save(near.access_token, { filters: { q: 'Lastenrad', postal_code: '50667', radius_km: 20 } }),
      save(near.access_token, {
        filters: { category: 'fahrraeder-zubehoer', postal_code: '50667', radius_km: 20, price_min: 500 },
        frequency: 'instant',
      }),
      save(near.access_token, { filters: { q: 'Lastenrad' }, frequency: 'off' }),
      save(near.access_token, { filters: { q: 'Lastenrad', price_max: 5000 }, frequency: 'daily' }),
      save(anywhere.access_token, { filters: { q: 'lastenrad' } }),
      save(munich.access_token, { filters: { q: 'Lastenrad', postal_code: '80331', radius_km: 10 } }),
      save(compound.access_token, { filters: { q: 'Anhänger' } }),
      save(seller.access_token, { filters: { q: 'Lastenrad' } }),
    ]);
    expect(saves.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201, 201, 201, 201]);

    const socket = await TestSocket.connect(await listen(t.app), near.access_token);
    const ad = await createAd(t, seller.access_token, {
      title: 'Lastenrad mit Fahrradanhänger',
      postal_code: '50667',
      price: 900,
    });
    await reactionsDone(t);
    const told = async (member: RegisteredMember) =>
      (await searchNotifications(member.access_token)).filter(
        (n) => n.link === `/listing/${ad.id}?src=alert`,
      );
    const nearNotes = await told(near);
    expect(nearNotes).toHaveLength(1);
    expect(nearNotes[0]).toMatchObject({
      type: 'saved_search',
      title: 'Neue Anzeige zu deiner Suche',
      is_read: false,
    });
    expect(nearNotes[0]?.message).toMatch(
      /^„Lastenrad mit Fahrradanhänger“ passt zu deiner gespeicherten Suche: /,
    );
    // Live on the member's open socket, without a reload.
    const live = await socket.next('notification');
    expect(live.notification).toMatchObject({ type: 'saved_search', link: `/listing/${ad.id}?src=alert` });
    socket.ws.close();
    expect(await told(anywhere)).toHaveLength(1);
    expect(await told(munich)).toEqual([]);
    expect(await told(seller)).toEqual([]);
    // The compound is found as the search finds it: 'Anhänger' in 'Fahrradanhänger'.
    const searched = await t.app.inject({ url: '/api/listings?q=Anh%C3%A4nger' });
    const found = (searched.json() as { listings: { id: string }[] }).listings.some((l) => l.id === ad.id);
    expect(await told(compound)).toHaveLength(found ? 1 : 0);
    expect(found).toBe(true);

    // The reaction run again (a retry after a crash, another instance) tells nobody twice.
    const again = await t.app.database.db.transaction((tx) =>
      tellInstantSearches(
        {
          categories: t.app.categories,
          mailer: t.app.mailer,
          realtime: t.app.realtime,
          publicUrl: t.config.publicUrl,
          siteName: t.config.siteName,
        },
        { tx, afterCommit: () => {} },
        { listingId: ad.id, sellerId: seller.user.id, title: ad.title },
      ),
    );
    expect(again).toBe(0);
    expect(await told(near)).toHaveLength(1);
    expect(await told(anywhere)).toHaveLength(1);

    // An ad that matches none of them (the category search asks for 500 € or more): nothing; the
    // next matching ad: told again.
    await createAd(t, seller.access_token, { title: 'Rennrad aus Carbon', postal_code: '50667' });
    const second = await createAd(t, seller.access_token, {
      title: 'Lastenrad ohne Motor',
      postal_code: '50667',
    });
    await reactionsDone(t);
    const all = await searchNotifications(near.access_token);
    expect(all.map((n) => n.link).sort()).toEqual(
      [`/listing/${ad.id}?src=alert`, `/listing/${second.id}?src=alert`].sort(),
    );
    expect((await searchNotifications(munich.access_token)).length).toBe(0);
  });
});

describe("instant alerts ('Sofort'): price, type, seller and radius decide as in the ad lists", () => {
  it('tells exactly the members whose search lists the new ad, at the limits of price and radius', async () => {
    const seller = await verifiedMember(t);
    // Each search's filters, and whether the ad below is among what they find.
    const cases: [Record<string, string | number>, boolean][] = [
      [{ category: 'fahrraeder-zubehoer', price_min: 900 }, true],
      [{ category: 'fahrraeder-zubehoer', price_max: 899.99 }, false],
      [{ q: 'Tandem', price_max: 900 }, true],
      [{ q: 'Tandem', price_type: 'fixed' }, false],
      [{ q: 'Tandem', price_type: 'negotiable', offer_type: 'offer' }, true],
      [{ q: 'Tandem', offer_type: 'wanted' }, false],
      [{ q: 'Tandem', postal_code: '50667', radius_km: 5 }, true],
      [{ q: 'Tandem', postal_code: '53111', radius_km: 10 }, false],
      [{ q: 'Tandem', postal_code: '53111', radius_km: 50 }, true],
      [{ q: 'Tandem', seller_id: seller.user.id }, true],
      [{ q: 'Tandem', seller_id: owner.user.id }, false],
    ];
    const members = await Promise.all(cases.map(() => verifiedMember(t)));
    const saves = await Promise.all(
      cases.map(([filters], index) =>
        save((members[index] as RegisteredMember).access_token, { filters, frequency: 'instant' }),
      ),
    );
    expect(saves.map((res) => res.statusCode)).toEqual(cases.map(() => 201));
    const ad = await createAd(t, seller.access_token, {
      title: 'Tandem für zwei',
      postal_code: '50667',
      price: 900,
      price_type: 'negotiable',
      offer_type: 'offer',
    });
    await reactionsDone(t);
    for (const [index, [filters, expected]] of cases.entries()) {
      const member = members[index] as RegisteredMember;
      const query = new URLSearchParams(
        Object.entries(filters).map(([key, value]): [string, string] => [key, String(value)]),
      );
      const listed = (
        (await t.app.inject({ url: `/api/listings?${query}` })).json() as { listings: { id: string }[] }
      ).listings.some((listing) => listing.id === ad.id);
      const told = (await searchNotifications(member.access_token)).some(
        (n) => n.link === `/listing/${ad.id}?src=alert`,
      );
      expect({ filters, listed, told }).toEqual({ filters, listed: expected, told: expected });
    }
  });
  it("tells of an ad whose compound of the search's word stands only in its description, as the search lists it", async () => {
    const seller = await verifiedMember(t);
    const member = await verifiedMember(t);
    // A title puts the compound into the vocabulary the search widens its words with (0011).
    await createAd(t, seller.access_token, { title: 'Kinderfahrrad 20 Zoll' });
    await reactionsDone(t);
    const saved = await save(member.access_token, { filters: { q: 'Fahrrad' }, frequency: 'instant' });
    expect(saved.statusCode).toBe(201);
    const ad = await createAd(t, seller.access_token, {
      title: 'Für Kinder ab sechs Jahren',
      description: 'Ein gut erhaltenes Kinderfahrrad mit Licht und Klingel, Abholung in Köln.',
    });
    await reactionsDone(t);
    const listed = (
      (await t.app.inject({ url: '/api/listings?q=Fahrrad' })).json() as { listings: { id: string }[] }
    ).listings.some((listing) => listing.id === ad.id);
    const told = (await searchNotifications(member.access_token)).some(
      (n) => n.link === `/listing/${ad.id}?src=alert`,
    );
    expect({ listed, told }).toEqual({ listed: true, told: true });
  });
});

describe("instant alerts ('Sofort') run several at a time", () => {
  const jobsOf = async (ids: string[]) =>
    (
      await t.app.jobs.query(
        z.object({ n: z.number().int() }),
        `select count(*)::int as n from ${quoteIdentifier(t.app.jobs.schema)}.job
          where name = $1 and data->>'reaction' = 'saved-searches.instant'
            and data->'payload'->>'listingId' = any($2::text[])`,
        [PARALLEL_REACTION_QUEUE, ids],
      )
    )[0]?.n ?? 0;
  /** The member's `saved_search` notifications: how many, and for how many distinct ads. */
  const toldOf = async (member: RegisteredMember) => {
    const [row] = await selectRows(
      t.app.database.db,
      z.object({ n: z.number().int(), ads: z.number().int() }),
      sql`select count(*)::int as n, count(distinct related_listing_id)::int as ads from notifications
           where user_id = ${member.user.id}::uuid and type = 'saved_search'`,
    );
    return row;
  };

  it('200 ads posted at once: each member with matching searches is told once per ad, a paused search nothing', async () => {
    const [twice, once, paused] = await Promise.all([
      verifiedMember(t),
      verifiedMember(t),
      verifiedMember(t),
    ]);
    const answers = await Promise.all([
      save(twice.access_token, { filters: { q: 'Einrad' } }),
      save(twice.access_token, { filters: { q: 'Einrad', category: 'fahrraeder-zubehoer' } }),
      save(once.access_token, { filters: { q: 'einrad', price_max: 1000 } }),
      save(paused.access_token, { filters: { q: 'Einrad' }, frequency: 'off' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    // 10 sellers post 20 ads each at the same time (the posting limit is 30 an hour).
    const sellers = await Promise.all(Array.from({ length: 10 }, () => verifiedMember(t)));
    const posted = await Promise.all(
      sellers.flatMap((seller) =>
        Array.from({ length: 20 }, (_, n) =>
          postAd(t, seller.access_token, adBody({ title: `Einrad ${n + 1} mit Sattel`, price: 50 + n })),
        ),
      ),
    );
    expect(posted.filter((res) => res.statusCode === 201)).toHaveLength(200);
    const ids = posted.map((res) => (res.json() as { id: string }).id);
    await reactionsDone(t);
    expect(await toldOf(twice)).toEqual({ n: 200, ads: 200 });
    expect(await toldOf(once)).toEqual({ n: 200, ads: 200 });
    expect(await toldOf(paused)).toEqual({ n: 0, ads: 0 });
    // They ran on the queue of the reactions that run several at a time.
    expect(await jobsOf(ids)).toBe(200);
  }, 180_000);

  it('the same ad matched by several runs at once (the event recorded twice) tells each member once', async () => {
    const seller = await verifiedMember(t);
    const ad = await createAd(t, seller.access_token, { title: 'Hochrad aus Messing', price: 700 });
    await reactionsDone(t);
    // Saved after the ad's own alert ran: only the runs below can tell them.
    const [first, second] = await Promise.all([verifiedMember(t), verifiedMember(t)]);
    const answers = await Promise.all([
      save(first.access_token, { filters: { q: 'Hochrad' } }),
      save(first.access_token, { filters: { q: 'Hochrad', price_max: 800 } }),
      save(second.access_token, { filters: { q: 'hochrad' } }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    const payload = { listingId: ad.id, sellerId: seller.user.id, title: ad.title };
    await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.jobs.send(PARALLEL_REACTION_QUEUE, {
          eventId: randomUUID(),
          event: 'listing.created',
          reaction: 'saved-searches.instant',
          payload,
        }),
      ),
    );
    await reactionsDone(t);
    expect(await jobsOf([ad.id])).toBe(7);
    expect(await toldOf(first)).toEqual({ n: 1, ads: 1 });
    expect(await toldOf(second)).toEqual({ n: 1, ads: 1 });
  });
});
