import type { CategoriesResponse, Listing, ListingList } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvents } from '../src/realtime/event-bus.ts';
import { bearer, type RegisteredMember, registerMember } from './helpers/accounts.ts';
import { type Instances, startInstances } from './helpers/instances.ts';
import { adBody } from './helpers/marketplace.ts';

/**
 * Each instance keeps its own caches of answers, counts and totals; another instance's change
 * reaches them as a domain event through Redis (`onEveryInstance`,
 * docs/decisions/0006-module-doors.md). Two instances on one PostgreSQL database; runs only
 * in the PostgreSQL project and needs Redis at REDIS_URL_FOR_TESTS or redis://127.0.0.1:6379.
 */
const CATEGORY = 'fahrraeder-zubehoer';

let running: Instances;
let apps: FastifyInstance[] = [];

beforeAll(async () => {
  running = await startInstances(['a', 'b']);
  apps = running.apps;
});
afterAll(async () => {
  await running?.stop();
});

async function verifiedSeller(app: FastifyInstance): Promise<RegisteredMember> {
  const member = await registerMember(app, { nickname: 'Zweirad-Zentrale' });
  await app.database.db.execute(
    sql`update users set email_verified_at = now() where id = ${member.user.id}::uuid`,
  );
  return member;
}

/** Resolves with the first event of `type` that arrives at `app` and matches. */
function arrival<K extends 'listing.created' | 'listing.updated'>(
  app: FastifyInstance,
  type: K,
  matches: (event: DomainEvents[K]) => boolean,
): Promise<DomainEvents[K]> {
  return new Promise((resolve) => {
    const stop = app.events.onEveryInstance(type, (event) => {
      if (!matches(event)) return;
      stop();
      resolve(event);
    });
  });
}

async function bikeCount(app: FastifyInstance): Promise<number> {
  const { categories } = (await app.inject({ url: '/api/categories/all' })).json() as CategoriesResponse;
  const sub = categories.flatMap((c) => c.subcategories).find((s) => s.slug === CATEGORY);
  return sub?.listing_count ?? -1;
}

describe('caches of two instances (Redis event bus)', () => {
  it("an ad posted through B shows in A's cached category counts and list totals", async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const seller = await verifiedSeller(a);
    // A caches the counts (a minute), the totals (15 s) and the anonymous list.
    const countBefore = await bikeCount(a);
    const listBefore = (await a.inject({ url: `/api/listings?category=${CATEGORY}` })).json() as ListingList;

    const arrived = arrival(a, 'listing.created', (event) => event.sellerId === seller.user.id);
    const posted = await b.inject({
      method: 'POST',
      url: '/api/listings',
      headers: bearer(seller.access_token),
      payload: adBody({ title: 'Lastenrad mit Kindersitz' }),
    });
    expect(posted.statusCode).toBe(201);
    expect((await arrived).listingId).toBe((posted.json() as Listing).id);

    expect(await bikeCount(a)).toBe(countBefore + 1);
    const listAfter = (await a.inject({ url: `/api/listings?category=${CATEGORY}` })).json() as ListingList;
    expect(listAfter.total).toBe(listBefore.total + 1);
    expect(listAfter.listings[0]?.title).toBe('Lastenrad mit Kindersitz');
  });

  it("a change through A shows in B's cached ad page", async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const seller = await verifiedSeller(a);
    const ad = (
      await a.inject({
        method: 'POST',
        url: '/api/listings',
        headers: bearer(seller.access_token),
        payload: adBody({ title: 'Tandem, blau' }),
      })
    ).json() as Listing;
    expect(((await b.inject({ url: `/api/listings/${ad.id}` })).json() as Listing).title).toBe(
      'Tandem, blau',
    );

    const arrived = arrival(b, 'listing.updated', (event) => event.listingId === ad.id);
    const changed = await a.inject({
      method: 'PATCH',
      url: `/api/listings/${ad.id}`,
      headers: bearer(seller.access_token),
      payload: { title: 'Tandem, rot lackiert' },
    });
    expect(changed.statusCode).toBe(200);
    await arrived;
    expect(((await b.inject({ url: `/api/listings/${ad.id}` })).json() as Listing).title).toBe(
      'Tandem, rot lackiert',
    );
  });
});
