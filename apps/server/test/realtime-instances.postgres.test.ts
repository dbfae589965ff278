import type { SocketTicket } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredMember, registerMember } from './helpers/accounts.ts';
import { type Instances, startInstances } from './helpers/instances.ts';
import { adBody } from './helpers/marketplace.ts';
import { listen, TestSocket } from './helpers/sockets.ts';

/**
 * Two server instances on one PostgreSQL database with the Redis event bus (ARCHITECTURE.md
 * "realtime": "several server instances deliver to each other's sockets"). Runs only in the
 * PostgreSQL project (see vitest.config.ts); it needs Redis at REDIS_URL_FOR_TESTS or
 * redis://127.0.0.1:6379.
 */
let running: Instances;
const instances: { app: FastifyInstance; base: string }[] = [];

beforeAll(async () => {
  running = await startInstances(['a', 'b']);
  for (const app of running.apps) instances.push({ app, base: await listen(app) });
});
afterAll(async () => {
  await running?.stop();
});

async function verified(app: FastifyInstance, nickname: string): Promise<RegisteredMember> {
  const member = await registerMember(app, { nickname });
  await app.database.db.execute(
    sql`update users set email_verified_at = now() where id = ${member.user.id}::uuid`,
  );
  return member;
}

describe('two instances with Redis (ARCHITECTURE.md "realtime")', () => {
  it('a follow through instance B reaches the socket held by instance A', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const member = await verified(a.app, 'Alma');
    const follower = await verified(b.app, 'Bodo');

    // The ticket comes from B (the load balancer may send the call anywhere); A accepts it once.
    const ticket = (
      (
        await b.app.inject({
          method: 'POST',
          url: '/api/realtime/ticket',
          headers: bearer(member.access_token),
        })
      ).json() as SocketTicket
    ).ticket;
    const socket = await TestSocket.connect(a.base, ticket);
    try {
      const follow = await b.app.inject({
        method: 'POST',
        url: `/api/follow/${member.user.id}`,
        headers: bearer(follower.access_token),
      });
      expect(follow.statusCode).toBe(201);

      expect(await socket.next('new_follower')).toMatchObject({
        follower_id: follower.user.id,
        follower_name: 'Bodo',
      });
      expect((await socket.next('notification')).notification).toMatchObject({
        type: 'follow',
        message: 'Bodo folgt dir jetzt.',
      });
      // Stored once, readable through either instance.
      const listed = await a.app.inject({ url: '/api/notifications', headers: bearer(member.access_token) });
      expect(listed.json()).toMatchObject({ total: 1, unread: 1 });

      // The ticket was used up on A; B refuses it too.
      const again = await TestSocket.open(b.base, ticket);
      expect((await again.closing()).code).toBe(1008);
    } finally {
      socket.close();
    }
  });

  it("saving an ad through B updates the saver's tab on A and notifies the seller's tab on B", async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const seller = await verified(a.app, 'Selma');
    const fan = await verified(a.app, 'Fiete');
    const posted = await a.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: bearer(seller.access_token),
      payload: adBody(),
    });
    expect(posted.statusCode).toBe(201);
    const adId = (posted.json() as { id: string }).id;
    const fanTab = await TestSocket.connect(a.base, fan.access_token);
    const sellerTab = await TestSocket.connect(b.base, seller.access_token);
    try {
      const saved = await b.app.inject({
        method: 'POST',
        url: `/api/favorites/${adId}`,
        headers: bearer(fan.access_token),
      });
      expect(saved.statusCode).toBe(201);
      expect(await fanTab.next('favorite_update')).toMatchObject({ action: 'added', listing_id: adId });
      expect((await sellerTab.next('notification')).notification).toMatchObject({
        type: 'listing_favorite',
        related_listing_id: adId,
      });
    } finally {
      fanTab.close();
      sellerTab.close();
    }
  });

  it("ten ads posted through A and B at once alert a 'Sofort' search once each, live on the member's tab", async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const [watcher, poster] = await Promise.all([verified(a.app, 'Wanda'), verified(b.app, 'Paul')]);
    const search = await b.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: bearer(watcher.access_token),
      payload: { filters: { q: 'Kinderwagen', postal_code: '50667', radius_km: 20 }, frequency: 'instant' },
    });
    expect(search.statusCode, search.body).toBe(201);
    const tab = await TestSocket.connect(a.base, watcher.access_token);
    try {
      // Both instances' workers take the reactions from the one queue.
      const posted = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          (index % 2 === 0 ? a : b).app.inject({
            method: 'POST',
            url: '/api/listings',
            headers: bearer(poster.access_token),
            payload: adBody({ title: `Kinderwagen Nummer ${index + 1}`, postal_code: '50667' }),
          }),
        ),
      );
      expect(posted.map((res) => res.statusCode)).toEqual(Array(10).fill(201));
      const links = posted.map((res) => `/listing/${(res.json() as { id: string }).id}?src=alert`).sort();
      const live: string[] = [];
      for (let count = 0; count < 10; count += 1) {
        const message = await tab.next('notification', (m) => m.notification.type === 'saved_search');
        live.push(message.notification.link ?? '');
      }
      expect(live.sort()).toEqual(links);
      const stored = await b.app.inject({
        url: '/api/notifications?type=saved_search&limit=50',
        headers: bearer(watcher.access_token),
      });
      const notes = (stored.json() as { notifications: { link: string | null }[] }).notifications;
      expect(notes.map((note) => note.link).sort()).toEqual(links);
    } finally {
      tab.close();
    }
  });
});
