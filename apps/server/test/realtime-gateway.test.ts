import {
  NOTIFICATION_SOCKET_PATH,
  type NotificationServerMessage,
  notificationServerMessageSchema,
  SOCKET_CLOSE_POLICY,
  SOCKET_CLOSE_RATE_LIMITED,
  SOCKET_CLOSE_TOO_BIG,
  type SocketTicket,
  STORY_SOCKET_PATH,
  type StoryServerMessage,
  storyServerMessageSchema,
} from '@marketplace/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { HEARTBEAT_MS } from '../src/realtime/gateway.ts';
import { bearer, login, type RegisteredMember, uniqueIp } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { verifiedMember } from './helpers/marketplace.ts';
import { listen, SocketClient } from './helpers/sockets.ts';

/**
 * The socket gateway (docs/decisions/0021-one-socket-gateway.md) drives `/ws/notifications` and
 * `/ws/stories` through the same handshake, session check, frame limit, message limit, heartbeat
 * and close codes; each endpoint keeps its own answers (SPEC.md §4, §7).
 */

type Message = NotificationServerMessage | StoryServerMessage;
type Path = typeof NOTIFICATION_SOCKET_PATH | typeof STORY_SOCKET_PATH;
const PATHS = [NOTIFICATION_SOCKET_PATH, STORY_SOCKET_PATH] as const;
const SCHEMAS = {
  [NOTIFICATION_SOCKET_PATH]: notificationServerMessageSchema,
  [STORY_SOCKET_PATH]: storyServerMessageSchema,
} as const;

const ENDED = { code: SOCKET_CLOSE_POLICY, reason: 'Die Sitzung wurde beendet.' };

let t: TestApp;
let base: string;
const open: SocketClient<Message>[] = [];

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://kleinanzeigen.example' });
  base = await listen(t.app);
});
afterEach(() => {
  for (const client of open.splice(0)) client.ws.terminate();
});
afterAll(async () => t?.close());

/**
 * Opens `path?token=`, its messages checked against the endpoint's contract; `autoPong: false`
 * plays a connection that died without a close.
 * @throws with the HTTP status when the upgrade is refused ('HTTP 403')
 */
async function openOn(
  path: Path,
  token: string,
  options: { headers?: Record<string, string>; autoPong?: boolean } = {},
): Promise<SocketClient<Message>> {
  const client = await SocketClient.openPath<Message>(base, path, SCHEMAS[path], token, options);
  open.push(client);
  return client;
}

/** Opens and waits for `connected`. */
async function connect(path: Path, token: string, autoPong = true): Promise<SocketClient<Message>> {
  const client = await openOn(path, token, { autoPong });
  await client.next('connected');
  return client;
}

/** One round trip: a ping and its pong (the socket is open and was served). */
async function roundTrip(client: SocketClient<Message>, timestamp: number): Promise<void> {
  client.send({ type: 'ping', timestamp });
  await client.next('pong', (pong) => pong.timestamp === timestamp);
}

async function ticketFor(token: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/realtime/ticket', headers: bearer(token) });
  expect(res.statusCode).toBe(201);
  return (res.json() as SocketTicket).ticket;
}

/** A second session (device) of `member`: its access token. */
async function secondDevice(member: RegisteredMember): Promise<string> {
  const res = await login(t.app, member.email, member.password, uniqueIp());
  expect(res.statusCode).toBe(200);
  return (res.json() as { access_token: string }).access_token;
}

const logout = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });

describe('the handshake, alike on both endpoints', () => {
  it('refuses a foreign Origin with 403 and closes a bad, used or ended credential with 1008', async () => {
    const member = await verifiedMember(t);
    const leaving = await verifiedMember(t);
    const staleTickets = [await ticketFor(leaving.access_token), await ticketFor(leaving.access_token)];
    expect((await logout(leaving.access_token)).statusCode).toBe(204);
    for (const [i, path] of PATHS.entries()) {
      await expect(
        openOn(path, member.access_token, { headers: { origin: 'https://boese.example' } }),
      ).rejects.toThrow('HTTP 403');
      const ticket = await ticketFor(member.access_token);
      const first = await openOn(path, ticket);
      expect(await first.next('connected')).toMatchObject({ user_id: member.user.id });
      for (const token of ['kaputt', ticket, leaving.access_token, staleTickets[i] as string]) {
        const refused = await openOn(path, token);
        expect(await refused.closing(), `${path} ${token}`).toEqual({
          code: SOCKET_CLOSE_POLICY,
          reason: 'Ungültiger oder abgelaufener Token',
        });
        expect(refused.messages).toEqual([]);
      }
    }
  });
});

describe('frames and the message limit of each socket', () => {
  it('closes a frame over 16 kB with 1009 on both endpoints', async () => {
    const member = await verifiedMember(t);
    for (const path of PATHS) {
      const client = await connect(path, member.access_token);
      client.send({ type: 'ping', timestamp: 1, padding: 'x'.repeat(17 * 1024) });
      expect(await client.closing()).toEqual({
        code: SOCKET_CLOSE_TOO_BIG,
        reason: 'Nachricht zu groß (höchstens 16 kB)',
      });
      expect(client.count('pong')).toBe(0);
    }
  });

  it('counts per socket: /ws/notifications closes with 4008 after 20, /ws/stories answers rate_limit_exceeded once after 30', async () => {
    const member = await verifiedMember(t);
    const notifications = await connect(NOTIFICATION_SOCKET_PATH, member.access_token);
    const stories = await connect(STORY_SOCKET_PATH, member.access_token);
    // A second socket of each has its own count.
    const notificationsTab = await connect(NOTIFICATION_SOCKET_PATH, member.access_token);
    const storiesTab = await connect(STORY_SOCKET_PATH, member.access_token);
    for (let i = 0; i < 35; i++) {
      notifications.send({ type: 'ping', timestamp: i });
      stories.send({ type: 'ping', timestamp: i });
    }
    expect(await notifications.closing()).toEqual({
      code: SOCKET_CLOSE_RATE_LIMITED,
      reason: 'Zu viele Nachrichten. Bitte verbinde dich später erneut.',
    });
    expect(notifications.count('pong')).toBe(20);
    // One answer for the window's messages beyond 30; the other four are dropped.
    await stories.until(() => stories.count('pong') === 30 && stories.count('rate_limit_exceeded') === 1);
    for (const message of stories.messages) {
      if (message.type !== 'rate_limit_exceeded') continue;
      expect(message.retry_after_ms).toBeGreaterThan(0);
      expect(message.retry_after_ms).toBeLessThanOrEqual(10_000);
    }
    expect(stories.ws.readyState).toBe(WebSocket.OPEN);
    await roundTrip(notificationsTab, 99);
    await roundTrip(storiesTab, 99);
  });

  it('/ws/stories closes a flood (as many again beyond the limit) with 4008, and a 21st socket of a member', async () => {
    const member = await verifiedMember(t);
    const flooding = await connect(STORY_SOCKET_PATH, member.access_token);
    for (let i = 0; i < 5200; i++) flooding.send({ type: 'ping', timestamp: i });
    expect(await flooding.closing()).toEqual({
      code: SOCKET_CLOSE_RATE_LIMITED,
      reason: 'Zu viele Nachrichten. Bitte verbinde dich später erneut.',
    });
    expect(flooding.count('pong')).toBe(30);
    expect(flooding.count('rate_limit_exceeded')).toBe(1);

    const open: SocketClient<Message>[] = [];
    for (let i = 0; i < 20; i++) open.push(await connect(STORY_SOCKET_PATH, member.access_token));
    const extra = await openOn(STORY_SOCKET_PATH, member.access_token);
    expect(await extra.closing()).toEqual({
      code: SOCKET_CLOSE_RATE_LIMITED,
      reason: 'Zu viele offene Verbindungen. Bitte schließe andere Tabs.',
    });
    for (const client of open) expect(client.ws.readyState).toBe(WebSocket.OPEN);
    await roundTrip(open[19] as SocketClient<Message>, 3);
  });
});

describe('the server-side session, alike on both endpoints (docs/decisions/0007)', () => {
  it("a logout closes the session's sockets on both endpoints with 1008; another session's stay", async () => {
    const member = await verifiedMember(t);
    const other = await secondDevice(member);
    const ending = [
      await connect(NOTIFICATION_SOCKET_PATH, await ticketFor(member.access_token)),
      await connect(STORY_SOCKET_PATH, member.access_token),
    ];
    const staying = [
      await connect(NOTIFICATION_SOCKET_PATH, other),
      await connect(STORY_SOCKET_PATH, await ticketFor(other)),
    ];
    expect((await logout(member.access_token)).statusCode).toBe(204);
    for (const client of ending) expect(await client.closing()).toEqual(ENDED);
    for (const client of staying) await roundTrip(client, 5);
  });

  it("a password change: this device's sockets on both endpoints stay and close when the fresh session ends", async () => {
    const member = await verifiedMember(t);
    const other = await secondDevice(member);
    const mine = [
      await connect(NOTIFICATION_SOCKET_PATH, member.access_token),
      await connect(STORY_SOCKET_PATH, member.access_token),
    ];
    const theirs = [await connect(NOTIFICATION_SOCKET_PATH, other), await connect(STORY_SOCKET_PATH, other)];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: bearer(member.access_token),
      payload: { current_password: member.password, new_password: 'Anderes-Moos-4567' },
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(200);
    for (const client of theirs) expect(await client.closing()).toEqual(ENDED);
    for (const client of mine) await roundTrip(client, 7);
    // The story socket acts under the fresh session: a view is carried out, not refused.
    const stories = mine[1] as SocketClient<Message>;
    stories.send({ type: 'story_view', story_id: crypto.randomUUID() });
    expect(await stories.next('error')).toEqual({ type: 'error', detail: 'Story nicht gefunden' });
    expect(stories.ws.readyState).toBe(WebSocket.OPEN);
    expect((await logout((res.json() as { access_token: string }).access_token)).statusCode).toBe(204);
    for (const client of mine) expect(await client.closing()).toEqual(ENDED);
  });

  it('deleting the account closes both endpoints with 1008', async () => {
    const member = await verifiedMember(t);
    const sockets = [
      await connect(NOTIFICATION_SOCKET_PATH, member.access_token),
      await connect(STORY_SOCKET_PATH, member.access_token),
    ];
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(member.access_token),
      payload: { password: member.password },
    });
    expect(res.statusCode).toBe(204);
    for (const client of sockets) expect((await client.closing()).code).toBe(SOCKET_CLOSE_POLICY);
  });
});

describe('the heartbeat of both endpoints', () => {
  it('drops a connection that stopped answering pings on either endpoint and keeps the live ones', async () => {
    const member = await verifiedMember(t);
    const dead = [
      await connect(NOTIFICATION_SOCKET_PATH, member.access_token, false),
      await connect(STORY_SOCKET_PATH, member.access_token, false),
    ];
    const alive = [
      await connect(NOTIFICATION_SOCKET_PATH, member.access_token),
      await connect(STORY_SOCKET_PATH, member.access_token),
    ];
    const pinged = alive.map(
      (client) => new Promise<void>((resolve) => client.ws.once('ping', () => resolve())),
    );
    t.app.realtime.gateway.startHeartbeat(300, 50);
    try {
      // Terminated without a close frame: the client sees 1006.
      for (const client of dead) expect((await client.closing()).code).toBe(1006);
      await Promise.all(pinged);
      for (const client of alive) await roundTrip(client, 11);
    } finally {
      t.app.realtime.gateway.startHeartbeat(HEARTBEAT_MS);
    }
  });
});
