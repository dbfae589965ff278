import type {
  Notification,
  NotificationList,
  NotificationPreferences,
  NotificationStats,
} from '@marketplace/contract';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, mailsTo, type RegisteredMember, waitForMail } from './helpers/accounts.ts';
import { onlineRecorded as recordedOnline, startTestApp, type TestApp } from './helpers/app.ts';
import { createAd, emitEvent, reactionsDone, verifiedMember } from './helpers/marketplace.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const list = async (member: RegisteredMember, query = '') => {
  const res = await t.app.inject({ url: `/api/notifications${query}`, headers: bearer(member.access_token) });
  expect(res.statusCode).toBe(200);
  return res.json() as NotificationList;
};
const follow = async (follower: RegisteredMember, followee: RegisteredMember) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/follow/${followee.user.id}`,
    headers: bearer(follower.access_token),
  });
  expect(res.statusCode).toBe(201);
};
const call = (
  member: RegisteredMember,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: bearer(member.access_token), ...(payload ? { payload } : {}) });

/** Waits until the member's online time from their last request is stored. */
const onlineRecorded = (member: RegisteredMember) => recordedOnline(t, member.user.id);

/** Puts the member's last online time `minutes` into the past (as if away since then). */
const awayFor = (member: RegisteredMember, minutes: number) =>
  t.db.handle.db.execute(
    sql`insert into notification_settings (user_id, last_seen_at) values (${member.user.id}::uuid, now() - make_interval(mins => ${minutes}))
        on conflict (user_id) do update set last_seen_at = excluded.last_seen_at`,
  );

describe('notifications from what members do (SPEC.md §3)', () => {
  it('a new follower gives the followed member a "follow" notification with a link to the profile', async () => {
    const anna = await verifiedMember(t, { nickname: 'Anna' });
    const ben = await verifiedMember(t, { nickname: 'Ben' });
    await follow(ben, anna);
    await reactionsDone(t);

    const answer = await list(anna);
    expect(answer).toMatchObject({ total: 1, unread: 1 });
    expect(answer.notifications[0]).toMatchObject({
      type: 'follow',
      title: 'Neuer Follower',
      message: 'Ben folgt dir jetzt.',
      is_read: false,
      related_user_id: ben.user.id,
      related_listing_id: null,
      link: `/user/${ben.user.id}`,
    });
    // Following again is no new follow and no second notification.
    await follow(ben, anna);
    await reactionsDone(t);
    expect((await list(anna)).total).toBe(1);
    // The follower hears nothing.
    expect((await list(ben)).total).toBe(0);
  });

  it("a new ad reaches every follower of the seller as 'new_listing', not the seller", async () => {
    const seller = await verifiedMember(t, { nickname: 'Sabine' });
    const first = await verifiedMember(t);
    const second = await verifiedMember(t);
    const stranger = await verifiedMember(t);
    await follow(first, seller);
    await follow(second, seller);

    const ad = await createAd(t, seller.access_token, { title: 'Eichentisch, ausziehbar' });
    await reactionsDone(t);

    for (const follower of [first, second]) {
      const answer = await list(follower, '?type=new_listing');
      expect(answer.total).toBe(1);
      expect(answer.notifications[0]).toMatchObject({
        type: 'new_listing',
        title: 'Neue Anzeige',
        message: 'Sabine hat eine neue Anzeige veröffentlicht: „Eichentisch, ausziehbar“',
        related_user_id: seller.user.id,
        related_listing_id: ad.id,
        link: `/listing/${ad.id}`,
      });
    }
    expect((await list(stranger)).total).toBe(0);
    expect((await list(seller, '?type=new_listing')).total).toBe(0);
  });

  it("saving an ad tells its seller ('listing_favorite'); removing it again adds nothing", async () => {
    const seller = await verifiedMember(t);
    const fan = await verifiedMember(t, { nickname: 'Fritz' });
    const ad = await createAd(t, seller.access_token, { title: 'Rennrad Stahlrahmen' });
    expect((await call(fan, 'POST', `/api/favorites/${ad.id}`)).statusCode).toBe(201);
    expect((await call(fan, 'DELETE', `/api/favorites/${ad.id}`)).statusCode).toBe(204);
    await reactionsDone(t);

    const answer = await list(seller);
    expect(answer.total).toBe(1);
    expect(answer.notifications[0]).toMatchObject({
      type: 'listing_favorite',
      title: 'Deine Anzeige wurde gemerkt',
      message: 'Fritz hat deine Anzeige „Rennrad Stahlrahmen“ auf die Merkliste gesetzt.',
      related_user_id: fan.user.id,
      related_listing_id: ad.id,
      link: `/listing/${ad.id}`,
    });
  });

  it("the 10th view of an ad tells its seller ('listing_view'); the 9th and 11th do not", async () => {
    const seller = await verifiedMember(t);
    const ad = await createAd(t, seller.access_token, { title: 'Sofa mit Schlaffunktion' });
    const view = (visitor: number) =>
      t.app.inject({
        url: `/api/listings/${ad.id}`,
        remoteAddress: `10.99.${Math.floor(visitor / 200)}.${visitor % 200}`,
        headers: { 'user-agent': `Besucher ${visitor}` },
      });
    for (let visitor = 1; visitor <= 9; visitor++) expect((await view(visitor)).statusCode).toBe(200);
    await reactionsDone(t);
    expect((await list(seller, '?type=listing_view')).total).toBe(0);
    await view(10);
    await view(11);
    await reactionsDone(t);

    const answer = await list(seller, '?type=listing_view');
    expect(answer.total).toBe(1);
    expect(answer.notifications[0]).toMatchObject({
      title: 'Deine Anzeige ist gefragt',
      message: 'Deine Anzeige „Sofa mit Schlaffunktion“ wurde 10-mal angesehen.',
      related_user_id: null,
      related_listing_id: ad.id,
    });
  });

  it("a chat message gives one 'message' notification per unread conversation, kept up to date", async () => {
    const seller = await verifiedMember(t);
    const buyer = await verifiedMember(t, { nickname: 'Bea' });
    const conversationId = crypto.randomUUID();
    const send = (preview: string) =>
      emitEvent(t.app, 'message.created', {
        conversationId,
        messageId: crypto.randomUUID(),
        senderId: buyer.user.id,
        recipientId: seller.user.id,
        listingId: null,
        preview,
        warning: null,
      });
    await send('Ist das Fahrrad noch da?');
    await send('Ich könnte heute Abend vorbeikommen.');
    await reactionsDone(t);

    const answer = await list(seller, '?type=message');
    expect(answer.total).toBe(1);
    expect(answer.notifications[0]).toMatchObject({
      title: 'Neue Nachricht',
      message: 'Bea: Ich könnte heute Abend vorbeikommen.',
      related_user_id: buyer.user.id,
      link: `/chat?conversation=${conversationId}`,
    });
    // Once read, the next message is a new notification.
    const id = answer.notifications[0]?.id as string;
    expect((await call(seller, 'POST', `/api/notifications/${id}/read`)).statusCode).toBe(200);
    await send('Hallo?');
    await reactionsDone(t);
    expect((await list(seller, '?type=message')).total).toBe(2);
  });
});

describe('GET /api/notifications and its filters (SPEC.md §7)', () => {
  let owner: RegisteredMember;
  beforeAll(async () => {
    owner = await verifiedMember(t);
    const followers = await Promise.all([1, 2, 3].map(() => verifiedMember(t)));
    for (const follower of followers) await follow(follower, owner);
    const ad = await createAd(t, owner.access_token);
    expect((await call(followers[0] as RegisteredMember, 'POST', `/api/favorites/${ad.id}`)).statusCode).toBe(
      201,
    );
    await reactionsDone(t);
  });

  it('answers newest first with total and unread; limit and offset page through', async () => {
    const all = await list(owner);
    expect(all).toMatchObject({ total: 4, unread: 4 });
    expect(all.notifications.map((n) => n.type)).toEqual(['listing_favorite', 'follow', 'follow', 'follow']);
    const page = await list(owner, '?limit=2&offset=1');
    expect(page.total).toBe(4);
    expect(page.notifications.map((n) => n.id)).toEqual(all.notifications.slice(1, 3).map((n) => n.id));
  });

  it('filters by type and unread_only; unread stays the count of all unread', async () => {
    const follows = await list(owner, '?type=follow');
    expect(follows.total).toBe(3);
    await call(owner, 'POST', `/api/notifications/${follows.notifications[0]?.id}/read`);
    const unread = await list(owner, '?unread_only=true');
    expect(unread).toMatchObject({ total: 3, unread: 3 });
    expect(unread.notifications.every((n) => !n.is_read)).toBe(true);
    expect((await list(owner, '?unread_only=false')).total).toBe(4);
    expect((await list(owner, '?unread_only=true&type=follow')).total).toBe(2);
  });

  it('refuses bad filters with 422 naming the field, in German', async () => {
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?offset=-1',
      '?type=werbung',
      '?unread_only=vielleicht',
    ]) {
      const res = await call(owner, 'GET', `/api/notifications${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().code).toBe('validation');
    }
  });

  it('stats count all, unread, read and each type', async () => {
    const res = await call(owner, 'GET', '/api/notifications/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total_notifications: 4,
      unread_notifications: 3,
      read_notifications: 1,
      notifications_by_type: {
        follow: 3,
        new_listing: 0,
        listing_view: 0,
        listing_favorite: 1,
        message: 0,
        forum_reply: 0,
        forum_mention: 0,
        forum_like: 0,
        story_reaction: 0,
        verification: 0,
        moderation: 0,
        saved_search: 0,
        event: 0,
        appointment: 0,
        payment: 0,
      },
    } satisfies NotificationStats);
  });

  it('read-all marks every notification read', async () => {
    const res = await call(owner, 'POST', '/api/notifications/read-all');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 3, unread: 0 });
    expect(await list(owner)).toMatchObject({ total: 4, unread: 0 });
  });
});

describe('one notification: read and delete, only by its owner', () => {
  it('POST /{id}/read marks it read; DELETE removes it; other members get 404 and change nothing', async () => {
    const owner = await verifiedMember(t);
    const other = await verifiedMember(t);
    await follow(other, owner);
    await reactionsDone(t);
    const [notification] = (await list(owner)).notifications as [Notification];

    for (const [method, url] of [
      ['POST', `/api/notifications/${notification.id}/read`],
      ['DELETE', `/api/notifications/${notification.id}`],
    ] as const) {
      const res = await call(other, method, url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        detail: 'Benachrichtigung nicht gefunden.',
        code: 'notification_not_found',
      });
    }
    expect((await list(owner)).notifications[0]).toMatchObject({ id: notification.id, is_read: false });

    const read = await call(owner, 'POST', `/api/notifications/${notification.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: notification.id, is_read: true });
    expect((await list(owner)).unread).toBe(0);

    expect((await call(owner, 'DELETE', `/api/notifications/${notification.id}`)).statusCode).toBe(204);
    expect((await list(owner)).total).toBe(0);
    expect((await call(owner, 'DELETE', `/api/notifications/${notification.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'POST', '/api/notifications/keine-uuid/read')).statusCode).toBe(404);
  });

  it('every call needs a token (401)', async () => {
    const id = crypto.randomUUID();
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/stats'],
      ['POST', `/api/notifications/${id}/read`],
      ['POST', '/api/notifications/read-all'],
      ['DELETE', `/api/notifications/${id}`],
      ['GET', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/preferences'],
      ['POST', '/api/realtime/ticket'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        ...(method === 'PUT' ? { payload: { preferences: {} } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
  });
});

describe('notification settings (/notifications/settings)', () => {
  it('start with the defaults: in-app on for every type, e-mail only for messages', async () => {
    const member = await verifiedMember(t);
    const res = await call(member, 'GET', '/api/notifications/preferences');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ preferences: DEFAULT_NOTIFICATION_PREFERENCES, digest: true });
  });

  it('PUT changes only the given channels and answers the whole set', async () => {
    const member = await verifiedMember(t);
    const res = await call(member, 'PUT', '/api/notifications/preferences', {
      preferences: { follow: { email: true }, listing_view: { in_app: false, email: false } },
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      follow: { in_app: true, email: true },
      listing_view: { in_app: false, email: false },
    };
    expect(res.json()).toEqual({ preferences: expected, digest: true });
    await call(member, 'PUT', '/api/notifications/preferences', {
      preferences: { follow: { in_app: false } },
    });
    expect((await call(member, 'GET', '/api/notifications/preferences')).json()).toEqual({
      preferences: { ...expected, follow: { in_app: false, email: true } },
      digest: true,
    } satisfies NotificationPreferences);
  });

  it('refuses unknown types and channels and non-boolean values with 422 and keeps the settings', async () => {
    const member = await verifiedMember(t);
    for (const preferences of [
      { werbung: { email: true } },
      { follow: { sms: true } },
      { follow: { email: 'ja' } },
      'alle',
    ]) {
      const res = await call(member, 'PUT', '/api/notifications/preferences', { preferences });
      expect(res.statusCode, JSON.stringify(preferences)).toBe(422);
    }
    expect((await call(member, 'GET', '/api/notifications/preferences')).json()).toEqual({
      preferences: DEFAULT_NOTIFICATION_PREFERENCES,
      digest: true,
    });
  });

  it('with the in-app channel off, a follow stores no notification', async () => {
    const member = await verifiedMember(t);
    const follower = await verifiedMember(t);
    await call(member, 'PUT', '/api/notifications/preferences', {
      preferences: { follow: { in_app: false } },
    });
    await follow(follower, member);
    expect((await list(member)).total).toBe(0);
  });
});

describe('notification e-mails', () => {
  it('go to members who switched e-mail on and have been away 15 minutes, in German', async () => {
    const member = await verifiedMember(t, { nickname: 'Mia' });
    const follower = await verifiedMember(t, { nickname: 'Tom' });
    await call(member, 'PUT', '/api/notifications/preferences', { preferences: { follow: { email: true } } });
    await onlineRecorded(member);
    await awayFor(member, 16);
    await follow(follower, member);

    const mail = await waitForMail(t.db.dataDir, member.email, 2); // after the verification mail
    expect(mail.subject).toBe('Neuer Follower – Marktplatz');
    expect(mail.text).toContain('Hallo Mia,');
    expect(mail.text).toContain('Tom folgt dir jetzt.');
    expect(mail.text).toContain(`${t.config.publicUrl}/user/${follower.user.id}`);
    expect(mail.text).toContain(`${t.config.publicUrl}/notifications/settings`);
  });

  it('of a new ad reach the followers away who chose them, and only them', async () => {
    const seller = await verifiedMember(t, { nickname: 'Vera' });
    const wantsMail = await verifiedMember(t);
    const noMail = await verifiedMember(t);
    await follow(wantsMail, seller);
    await follow(noMail, seller);
    await call(wantsMail, 'PUT', '/api/notifications/preferences', {
      preferences: { new_listing: { email: true } },
    });
    await onlineRecorded(wantsMail);
    await onlineRecorded(noMail);
    await awayFor(wantsMail, 30);
    await awayFor(noMail, 30);
    const ad = await createAd(t, seller.access_token, { title: 'Kommode aus Kiefer' });

    const mail = await waitForMail(t.db.dataDir, wantsMail.email, 2);
    expect(mail.subject).toBe('Neue Anzeige – Marktplatz');
    expect(mail.text).toContain('Vera hat eine neue Anzeige veröffentlicht: „Kommode aus Kiefer“');
    expect(mail.text).toContain(`${t.config.publicUrl}/listing/${ad.id}`);
    expect(mailsTo(t.db.dataDir, noMail.email)).toHaveLength(1);
  });

  it("any authenticated call counts as being online (here another module's: GET /api/me)", async () => {
    const member = await verifiedMember(t);
    expect((await t.app.inject({ url: '/api/me', headers: bearer(member.access_token) })).statusCode).toBe(
      200,
    );
    await onlineRecorded(member);
  });

  it('do not go to members online within 15 minutes, nor for types with e-mail off', async () => {
    const recent = await verifiedMember(t);
    const emailOff = await verifiedMember(t);
    const follower = await verifiedMember(t);
    await call(recent, 'PUT', '/api/notifications/preferences', { preferences: { follow: { email: true } } });
    await onlineRecorded(recent);
    await awayFor(recent, 14);
    await awayFor(emailOff, 60);
    await follow(follower, recent);
    await follow(follower, emailOff);
    // A message to the member away with e-mail on (the default for messages) is mailed: once it
    // is there, the follows (handled earlier) would have been mailed too.
    await awayFor(emailOff, 60);
    await emitEvent(t.app, 'message.created', {
      conversationId: crypto.randomUUID(),
      messageId: crypto.randomUUID(),
      senderId: follower.user.id,
      recipientId: emailOff.user.id,
      listingId: null,
      preview: 'Hallo!',
      warning: null,
    });
    const mail = await waitForMail(t.db.dataDir, emailOff.email, 2);
    expect(mail.subject).toBe('Neue Nachricht – Marktplatz');
    expect(mailsTo(t.db.dataDir, emailOff.email)).toHaveLength(2);
    expect(mailsTo(t.db.dataDir, recent.email)).toHaveLength(1);
  });
});

describe('notifications: OpenAPI', () => {
  it('documents every notification call and the socket ticket with their statuses', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = (
      res.json() as {
        paths: Record<string, Record<string, { responses: Record<string, unknown>; parameters?: unknown[] }>>;
      }
    ).paths;
    expect(
      Object.keys(paths)
        .filter((path) => path.startsWith('/api/notifications') || path.startsWith('/api/realtime'))
        .sort(),
    ).toEqual([
      '/api/notifications',
      '/api/notifications/preferences',
      '/api/notifications/read-all',
      '/api/notifications/stats',
      '/api/notifications/{id}',
      '/api/notifications/{id}/read',
      '/api/realtime/ticket',
    ]);
    expect(Object.keys(paths['/api/notifications']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '422']),
    );
    expect(JSON.stringify(paths['/api/notifications']?.get?.parameters)).toContain('unread_only');
    expect(Object.keys(paths['/api/notifications/{id}']?.delete?.responses ?? {})).toEqual(
      expect.arrayContaining(['204', '401', '404']),
    );
    expect(Object.keys(paths['/api/realtime/ticket']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '401']),
    );
  });
});
