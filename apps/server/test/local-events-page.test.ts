import type { LocalEvent } from '@marketplace/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer } from './helpers/accounts.ts';
import { builtWebDist, startTestApp } from './helpers/app.ts';
import { verifiedMember } from './helpers/marketplace.ts';
import { attr, locs, readPage, text } from './helpers/pages.ts';

/**
 * /events and /events/{id} arrive rendered by the server with the app's own components, an
 * event's head naming it to search engines (title, description, canonical, JSON-LD `Event` with
 * offsets, place, free entry, status incl. EventCancelled), and the upcoming events in
 * `/sitemaps/events.xml`. Needs the web build (`npm run build`).
 */
const t = await startTestApp({ PUBLIC_URL: 'https://www.example.de' }, { webDistDir: builtWebDist() });
afterAll(async () => {
  await t?.close();
});

const organizer = await verifiedMember(t, { nickname: 'Olga' });
const event = (
  await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: bearer(organizer.access_token),
    payload: {
      title: 'Nachtflohmarkt Zeitumstellung',
      description: 'Trödel bei Laternenlicht, **Eintritt frei**.',
      category: 'flohmarkt',
      starts_at: '2027-10-30T22:00',
      ends_at: '2027-10-31T04:00',
      postal_code: '10115',
      address: 'Bernauer Straße 63',
      price: 0,
      max_participants: null,
    },
  })
).json() as LocalEvent;

describe('the event pages', () => {
  it('an event arrives rendered with its head and JSON-LD Event', async () => {
    const res = await t.app.inject({ url: `/events/${event.id}` });
    expect(res.statusCode).toBe(200);
    const page = readPage(res.body);
    expect(page.h1).toEqual(['Nachtflohmarkt Zeitumstellung']);
    expect(page.title).toEqual(['Nachtflohmarkt Zeitumstellung | Marktplatz']);
    expect(page.canonical).toEqual([`https://www.example.de/events/${event.id}`]);
    expect(page.description[0]).toMatch(/^Sa\., 30\.10\.2027, 22:00 Uhr in 10115 Berlin\./);
    expect(text(page.root)).toContain('Eintritt frei');
    const ld = page.jsonLd as Record<string, unknown>[];
    const described = ld.find((entry) => entry['@type'] === 'Event');
    expect(described).toMatchObject({
      name: 'Nachtflohmarkt Zeitumstellung',
      startDate: '2027-10-30T22:00:00+02:00',
      endDate: '2027-10-31T04:00:00+01:00',
      eventStatus: 'https://schema.org/EventScheduled',
      isAccessibleForFree: true,
      location: { '@type': 'Place', address: { postalCode: '10115', addressLocality: 'Berlin' } },
      offers: { price: '0.00', priceCurrency: 'EUR' },
    });
  });

  it('a cancelled event says EventCancelled and leaves the sitemap; an unknown one is a 404', async () => {
    const listed = await t.app.inject({ url: '/sitemaps/events.xml' });
    expect(locs(listed.body, 'urlset')).toContain(`https://www.example.de/events/${event.id}`);
    expect(locs((await t.app.inject({ url: '/sitemap.xml' })).body, 'sitemapindex')).toContain(
      'https://www.example.de/sitemaps/events.xml',
    );
    await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/cancel`,
      headers: bearer(organizer.access_token),
    });
    // A rendered page is sent again for up to 10 s (web-app plugin, KEPT_ASKED_MS); then the new one.
    const status = async () => {
      const ld = readPage((await t.app.inject({ url: `/events/${event.id}` })).body).jsonLd as Record<
        string,
        unknown
      >[];
      return ld.find((entry) => entry['@type'] === 'Event')?.eventStatus;
    };
    await expect.poll(status, { timeout: 20_000, interval: 500 }).toBe('https://schema.org/EventCancelled');
    const page = readPage((await t.app.inject({ url: `/events/${event.id}` })).body);
    expect(text(page.root)).toContain('Abgesagt');
    expect(locs((await t.app.inject({ url: '/sitemaps/events.xml' })).body, 'urlset')).not.toContain(
      `https://www.example.de/events/${event.id}`,
    );
    const unknown = await t.app.inject({ url: '/events/00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
  });

  it('/events lists upcoming events rendered by the server', async () => {
    const res = await t.app.inject({ url: '/events' });
    expect(res.statusCode).toBe(200);
    const page = readPage(res.body);
    expect(attr(page.root, 'data-server-rendered')).toBe('');
    expect(page.h1).toEqual(['Events in deiner Nähe']);
    expect(page.canonical).toEqual(['https://www.example.de/events']);
  });
});
