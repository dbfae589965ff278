import { PassThrough } from 'node:stream';
import {
  SOCKET_CLOSE_POLICY,
  SOCKET_CLOSE_RATE_LIMITED,
  SOCKET_CLOSE_TOO_BIG,
  type SocketTicket,
} from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, mailsTo, type RegisteredMember, waitForMail } from './helpers/accounts.ts';
import { onlineRecorded, startTestApp, type TestApp } from './helpers/app.ts';
import { createAd, emitEvent, makeAdmin, verifiedMember } from './helpers/marketplace.ts';
import { listen, TestSocket } from './helpers/sockets.ts';

const PUBLIC_URL = 'https://kleinanzeigen.example';

let t: TestApp;
let base: string;
let log = '';
const open: TestSocket[] = [];

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  t = await startTestApp({ LOG_LEVEL: 'info', PUBLIC_URL }, { logStream: stream });
  base = await listen(t.app);
});
afterEach(() => {
  vi.useRealTimers();
  for (const socket of open.splice(0)) socket.close();
});
afterAll(async () => t?.close());

/** Connects a member with their access token and waits for `connected`. */
async function connect(member: RegisteredMember, headers: Record<string, string> = {}) {
  const socket = await TestSocket.connect(base, member.access_token, headers);
  open.push(socket);
  return socket;
}

async function ticketFor(member: RegisteredMember): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/realtime/ticket',
    headers: bearer(member.access_token),
  });
  expect(res.statusCode).toBe(201);
  const body = res.json() as SocketTicket;
  expect(body.expires_in).toBe(60);
  return body.ticket;
}

const inject = (
  member: RegisteredMember,
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: bearer(member.access_token), ...(payload ? { payload } : {}) });

describe('/ws/notifications: who may connect (SPEC.md §4, §7)', () => {
  it("with an access token: 'connected' names the member", async () => {
    const member = await verifiedMember(t);
    const socket = await TestSocket.open(base, member.access_token);
    open.push(socket);
    expect(await socket.next('connected')).toMatchObject({ type: 'connected', user_id: member.user.id });
  });

  it('closes with 1008 for a missing, malformed, forged or unknown token', async () => {
    const member = await verifiedMember(t);
    const [head, payload] = member.access_token.split('.');
    for (const token of [null, '', 'kaputt', `${head}.${payload}.falscheSignatur`, 'a'.repeat(43)]) {
      const socket = await TestSocket.open(base, token);
      const closed = await socket.closing();
      expect(closed.code, String(token)).toBe(SOCKET_CLOSE_POLICY);
      expect(closed.reason).toBe('Ungültiger oder abgelaufener Token');
      expect(socket.messages).toEqual([]);
    }
  });

  it('with a ticket: works once; the second connection with it closes with 1008', async () => {
    const member = await verifiedMember(t);
    const ticket = await ticketFor(member);
    const first = await TestSocket.open(base, ticket);
    open.push(first);
    expect(await first.next('connected')).toMatchObject({ user_id: member.user.id });
    const second = await TestSocket.open(base, ticket);
    expect((await second.closing()).code).toBe(SOCKET_CLOSE_POLICY);
  });

  it('a ticket expires after 60 seconds (1008)', async () => {
    const member = await verifiedMember(t);
    const late = await ticketFor(member);
    const inTime = await ticketFor(member);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 59_000);
    const socket = await TestSocket.open(base, inTime);
    open.push(socket);
    await socket.next('connected');
    vi.setSystemTime(Date.now() + 2_000);
    const expired = await TestSocket.open(base, late);
    expect((await expired.closing()).code).toBe(SOCKET_CLOSE_POLICY);
  });

  it("refuses a foreign Origin (403 before the upgrade); the app's own origin and no Origin connect", async () => {
    const member = await verifiedMember(t);
    await expect(
      TestSocket.open(base, member.access_token, { origin: 'https://boese.example' }),
    ).rejects.toThrow('HTTP 403');
    await connect(member, { origin: PUBLIC_URL });
    await connect(member, { origin: base.replace('ws:', 'http:') });
    await connect(member);
  });

  it('never writes the token of the address into the log', async () => {
    const member = await verifiedMember(t);
    const ticket = await ticketFor(member);
    await connect(member);
    open.push(await TestSocket.connect(base, ticket));
    expect(log).toContain('/ws/notifications?token=[REDACTED]');
    expect(log).not.toContain(member.access_token);
    expect(log).not.toContain(ticket);
  });
});

describe('/ws/notifications: what a client may send', () => {
  it('answers a ping with a pong carrying its timestamp', async () => {
    const socket = await connect(await verifiedMember(t));
    socket.send({ type: 'ping', timestamp: 1_763_000_000_123 });
    expect(await socket.next('pong')).toEqual({ type: 'pong', timestamp: 1_763_000_000_123 });
  });

  it('answers unknown types and unreadable messages with an error message and stays open', async () => {
    const socket = await connect(await verifiedMember(t));
    socket.send({ type: 'story_view', story_id: '1' });
    expect(await socket.next('error')).toEqual({
      type: 'error',
      code: 'unknown_type',
      detail: 'Unbekannter Nachrichtentyp.',
    });
    for (const bad of ['kein json', '{"type":"ping"}', '[1,2]', '{"type":"ping","timestamp":"gestern"}']) {
      socket.send(bad);
      expect(await socket.next('error'), bad).toMatchObject({ code: 'invalid_message' });
    }
    socket.send({ type: 'ping', timestamp: 1 });
    expect(await socket.next('pong')).toEqual({ type: 'pong', timestamp: 1 });
  });

  it('closes with 1009 on a frame over 16 kB', async () => {
    const socket = await connect(await verifiedMember(t));
    socket.send({ type: 'ping', timestamp: 1, padding: 'x'.repeat(17 * 1024) });
    const closed = await socket.closing();
    expect(closed.code).toBe(SOCKET_CLOSE_TOO_BIG);
    expect(socket.messages.filter((message) => message.type === 'pong')).toEqual([]);
    // Far larger frames end the connection just the same, and the server keeps serving.
    const member = await verifiedMember(t);
    const huge = await connect(member);
    huge.send('x'.repeat(200 * 1024));
    expect([SOCKET_CLOSE_TOO_BIG, 1006]).toContain((await huge.closing()).code);
    const next = await connect(member);
    next.send({ type: 'ping', timestamp: 5 });
    expect(await next.next('pong')).toEqual({ type: 'pong', timestamp: 5 });
  });

  it('closes with 4008 after more than 20 messages in 10 seconds; the server keeps serving', async () => {
    const member = await verifiedMember(t);
    const socket = await connect(member);
    for (let i = 0; i < 25; i++) socket.send({ type: 'ping', timestamp: i });
    const closed = await socket.closing();
    expect(closed).toEqual({
      code: SOCKET_CLOSE_RATE_LIMITED,
      reason: 'Zu viele Nachrichten. Bitte verbinde dich später erneut.',
    });
    expect(socket.messages.filter((message) => message.type === 'pong')).toHaveLength(20);
    const again = await connect(member);
    again.send({ type: 'ping', timestamp: 7 });
    expect(await again.next('pong')).toEqual({ type: 'pong', timestamp: 7 });
  });
});

describe('/ws/notifications and e-mail', () => {
  it('a member with an open socket gets the notification there and no mail, even after 15 minutes without a request', async () => {
    const member = await verifiedMember(t);
    const follower = await verifiedMember(t);
    const other = await verifiedMember(t);
    const socket = await connect(member);
    // The socket's opening is recorded as being online; then it looks like an hour ago.
    await onlineRecorded(t, member.user.id, 'the open socket was not recorded');
    await t.db.handle.db.execute(
      sql`insert into notification_settings (user_id, preferences, last_seen_at)
          values (${member.user.id}::uuid, '{"follow":{"email":true}}'::jsonb, now() - interval '1 hour')
          on conflict (user_id) do update set preferences = excluded.preferences, last_seen_at = excluded.last_seen_at`,
    );
    expect((await inject(follower, 'POST', `/api/follow/${member.user.id}`)).statusCode).toBe(201);
    expect((await socket.next('notification')).notification.type).toBe('follow');
    // A message to a member away without a socket is mailed (e-mail for messages is on by
    // default); once it is in the outbox, a mail of the follow above would be there too.
    await emitEvent(t.app, 'message.created', {
      conversationId: crypto.randomUUID(),
      messageId: crypto.randomUUID(),
      senderId: follower.user.id,
      recipientId: other.user.id,
      listingId: null,
      preview: 'Hallo',
      warning: null,
    });
    await waitForMail(t.db.dataDir, other.email, 2);
    expect(mailsTo(t.db.dataDir, member.email)).toHaveLength(1); // only the verification mail
  });
});

describe('/ws/notifications: sockets per member', () => {
  it('a 21st socket of one member closes with 4008; the others stay', async () => {
    const member = await verifiedMember(t);
    const tabs = [];
    for (let i = 0; i < 20; i++) tabs.push(await connect(member));
    const extra = await TestSocket.open(base, member.access_token);
    expect(await extra.closing()).toEqual({
      code: SOCKET_CLOSE_RATE_LIMITED,
      reason: 'Zu viele offene Verbindungen. Bitte schließe andere Tabs.',
    });
    const last = tabs[19] as TestSocket;
    last.send({ type: 'ping', timestamp: 3 });
    expect(await last.next('pong')).toEqual({ type: 'pong', timestamp: 3 });
    last.close();
    await last.closing();
    // A closed tab frees its place (the hub forgets it when the close arrives): a socket opened
    // after that is connected.
    const freed = await vi.waitFor(
      async () => {
        const next = await TestSocket.open(base, member.access_token).catch((error: Error) => error);
        if (next instanceof Error) return next; // a refused upgrade ends the waiting: thrown below
        const first = await Promise.race([
          next.next('connected').then(() => 'connected'),
          next.closed.then(() => 'closed'),
        ]);
        if (first !== 'connected') throw new Error('the closed tab was not forgotten');
        return next;
      },
      { timeout: 5_000, interval: 20 },
    );
    if (freed instanceof Error) throw freed;
    open.push(freed);
  });
});

describe('/ws/notifications: live messages (SPEC.md §7 "Server message types")', () => {
  it("a follow sends 'new_follower' and 'notification' to every socket of the followed member", async () => {
    const member = await verifiedMember(t, { nickname: 'Nora' });
    const follower = await verifiedMember(t, { nickname: 'Paul' });
    const [tab1, tab2] = [await connect(member), await connect(member)];
    const bystander = await connect(follower);
    expect((await inject(follower, 'POST', `/api/follow/${member.user.id}`)).statusCode).toBe(201);

    for (const socket of [tab1, tab2]) {
      expect(await socket.next('new_follower')).toEqual({
        type: 'new_follower',
        follower_id: follower.user.id,
        follower_name: 'Paul',
        follower_avatar: null,
      });
      const live = await socket.next('notification');
      expect(live).toMatchObject({ title: 'Neuer Follower', message: 'Paul folgt dir jetzt.' });
      expect(live.id).toBe(live.notification.id);
      expect(live.notification).toMatchObject({
        type: 'follow',
        is_read: false,
        link: `/user/${follower.user.id}`,
      });
    }
    bystander.send({ type: 'ping', timestamp: 1 });
    await bystander.next('pong');
    expect(bystander.messages).toEqual([]);
  });

  it("a chat message sends 'new_message' and a 'notification' to the recipient", async () => {
    const seller = await verifiedMember(t);
    const buyer = await verifiedMember(t, { nickname: 'Karl' });
    const ad = await createAd(t, seller.access_token);
    const socket = await connect(seller);
    const started = await inject(buyer, 'POST', '/api/chat/conversations', { listing_id: ad.id });
    expect(started.statusCode).toBeLessThan(300);
    const conversationId = (started.json() as { id: string }).id;
    const sent = await inject(buyer, 'POST', `/api/chat/conversations/${conversationId}/messages`, {
      client_id: crypto.randomUUID(),
      content: 'Ist der Preis verhandelbar?',
    });
    expect(sent.statusCode).toBe(201);

    expect(await socket.next('new_message')).toMatchObject({
      conversation_id: conversationId,
      message_id: (sent.json() as { id: string }).id,
      sender_id: buyer.user.id,
      sender_name: 'Karl',
      listing_id: ad.id,
      preview: 'Ist der Preis verhandelbar?',
    });
    expect((await socket.next('notification')).notification).toMatchObject({
      type: 'message',
      message: 'Karl: Ist der Preis verhandelbar?',
      link: `/chat?conversation=${conversationId}`,
    });
  });

  it("saving and removing an ad sends 'favorite_update' to the saver's tabs and a 'notification' to the seller", async () => {
    const seller = await verifiedMember(t);
    const fan = await verifiedMember(t);
    const ad = await createAd(t, seller.access_token);
    const [fanTab, sellerTab] = [await connect(fan), await connect(seller)];
    expect((await inject(fan, 'POST', `/api/favorites/${ad.id}`)).statusCode).toBe(201);
    expect(await fanTab.next('favorite_update')).toEqual({
      type: 'favorite_update',
      action: 'added',
      listing_id: ad.id,
      favorites_count: 1,
    });
    expect((await sellerTab.next('notification')).notification.type).toBe('listing_favorite');
    expect((await inject(fan, 'DELETE', `/api/favorites/${ad.id}`)).statusCode).toBe(204);
    expect(await fanTab.next('favorite_update')).toMatchObject({ action: 'removed', favorites_count: 0 });
  });

  it("changing an ad sends 'listing_update', marking it sold 'listing_status_changed', to the seller and savers", async () => {
    const seller = await verifiedMember(t);
    const fan = await verifiedMember(t);
    const ad = await createAd(t, seller.access_token);
    expect((await inject(fan, 'POST', `/api/favorites/${ad.id}`)).statusCode).toBe(201);
    const [sellerTab, fanTab] = [await connect(seller), await connect(fan)];

    expect(
      (await inject(seller, 'PATCH', `/api/listings/${ad.id}`, { title: 'Neuer Titel der Anzeige' }))
        .statusCode,
    ).toBe(200);
    for (const socket of [sellerTab, fanTab]) {
      expect(await socket.next('listing_update')).toEqual({ type: 'listing_update', listing_id: ad.id });
    }
    expect((await inject(seller, 'PATCH', `/api/listings/${ad.id}`, { status: 'sold' })).statusCode).toBe(
      200,
    );
    for (const socket of [sellerTab, fanTab]) {
      expect(await socket.next('listing_status_changed')).toEqual({
        type: 'listing_status_changed',
        listing_id: ad.id,
        status: 'sold',
        previous_status: 'active',
      });
    }
  });

  it("administrators get 'admin_update' when ads change; members do not", async () => {
    const admin = await verifiedMember(t);
    await makeAdmin(t, admin.user.id);
    const member = await verifiedMember(t);
    const [adminTab, memberTab] = [await connect(admin), await connect(member)];
    await createAd(t, member.access_token);
    expect(await adminTab.next('admin_update')).toEqual({ type: 'admin_update', topic: 'listings' });
    memberTab.send({ type: 'ping', timestamp: 2 });
    await memberTab.next('pong');
    expect(memberTab.messages).toEqual([]);
  });

  it("a changed profile sends 'user_status_update' updated; a deleted account 'deleted' and the close 1008", async () => {
    const member = await verifiedMember(t);
    const socket = await connect(member);
    expect((await inject(member, 'PATCH', '/api/me', { nickname: 'Neu' })).statusCode).toBe(200);
    expect(await socket.next('user_status_update')).toEqual({
      type: 'user_status_update',
      user_id: member.user.id,
      status: 'updated',
    });
    expect((await inject(member, 'DELETE', '/api/me', { password: member.password })).statusCode).toBe(204);
    expect(await socket.next('user_status_update')).toMatchObject({ status: 'deleted' });
    expect((await socket.closing()).code).toBe(SOCKET_CLOSE_POLICY);
  });
});
