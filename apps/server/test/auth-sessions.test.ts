import { randomUUID } from 'node:crypto';
import { type SessionList, SOCKET_CLOSE_POLICY, type SocketTicket } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { rowCount, rowDate, selectRows } from '../src/db/client.ts';
import { loadJwtSecret } from '../src/lib/jwt-secret.ts';
import { pruneSessions } from '../src/modules/auth/index.ts';
import {
  bearer,
  linkToken,
  login,
  PASSWORD,
  type RegisteredMember,
  registerMember,
  uniqueEmail,
  uniqueIp,
  waitForLinkToken,
  waitForMail,
} from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { listen, TestSocket } from './helpers/sockets.ts';

const UNAUTHORIZED = {
  detail: 'Nicht authentifiziert - Bitte melden Sie sich erneut an',
  code: 'unauthorized',
};
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
let base: string;
const open: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  base = await listen(t.app);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(async () => t?.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
const status = async (token: string) => (await me(token)).statusCode;

/** Logs in again as `member` (a second device) and answers the new access token. */
async function loginAgain(member: { email: string }, password = PASSWORD, userAgent?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: member.email, password },
    remoteAddress: uniqueIp(),
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.json().access_token as string;
}

/** The claims of a token the server issued. */
function claimsOf(token: string): { sub: string; sid: string; iat: number; exp: number; role: string } {
  const claims = t.app.jwt.decode<{ sub: string; sid: string; iat: number; exp: number; role: string }>(
    token,
  );
  if (!claims) throw new Error('not a token');
  return claims;
}

const logout = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
const listSessions = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(token) });

async function lastUsedAt(sessionId: string): Promise<Date> {
  const [row] = await selectRows(
    t.app.database.db,
    z.object({ last_used_at: rowDate }),
    sql`select last_used_at from sessions where id = ${sessionId}`,
  );
  if (!row) throw new Error('no session row');
  return row.last_used_at;
}

/**
 * Runs `check` with this process's clock `minutes` ahead (only `Date`; timers keep running), for
 * tests that move a session's times back in the database: the instance's session cache
 * (docs/decisions/0007) must see the same time pass.
 */
async function afterMinutes<T>(minutes: number, check: () => Promise<T>): Promise<T> {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], now: now + minutes * 60_000, shouldAdvanceTime: true });
  try {
    return await check();
  } finally {
    vi.useRealTimers();
  }
}

describe('POST /api/auth/logout', () => {
  it('ends the session: 204, then the same token is answered 401', async () => {
    const member = await registerMember(t.app);
    expect(await status(member.access_token)).toBe(200);
    const res = await logout(member.access_token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const after = await me(member.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(UNAUTHORIZED);
    expect((await logout(member.access_token)).statusCode).toBe(401);
  });

  it('ends only this device: another login of the member keeps working', async () => {
    const member = await registerMember(t.app);
    const other = await loginAgain(member);
    expect((await logout(member.access_token)).statusCode).toBe(204);
    expect(await status(member.access_token)).toBe(401);
    expect(await status(other)).toBe(200);
  });

  it('of 200 parallel logouts with one token exactly the first ends the session, the rest get 401 or 204', async () => {
    const member = await registerMember(t.app);
    const answers = await Promise.all(Array.from({ length: 200 }, () => logout(member.access_token)));
    for (const answer of answers) expect([204, 401]).toContain(answer.statusCode);
    expect(answers.some((answer) => answer.statusCode === 204)).toBe(true);
    expect(await status(member.access_token)).toBe(401);
    const [row] = await selectRows(
      t.app.database.db,
      z.object({ ended: rowCount }),
      sql`select count(*)::int as ended from sessions where user_id = ${member.user.id} and ended_at is not null`,
    );
    expect(row?.ended).toBe(1);
  });
});

describe('password change and reset end sessions, whatever second the tokens were issued in', () => {
  it('a password change ends every other session and the old token of this device, 10 times in a row', async () => {
    const member = await registerMember(t.app);
    let password = PASSWORD;
    let current = member.access_token;
    for (let round = 0; round < 10; round++) {
      const other = await loginAgain(member, password);
      const next = `anderes${round}Passwort`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/me/password',
        headers: bearer(current),
        payload: { current_password: password, new_password: next },
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode, `round ${round}`).toBe(200);
      expect(res.json()).toEqual({
        detail: 'Dein Passwort wurde geändert.',
        access_token: expect.any(String),
      });
      const fresh = res.json().access_token as string;
      expect(claimsOf(fresh).sid).not.toBe(claimsOf(current).sid);
      // The other device logged in within the same second as the change (most rounds): refused anyway.
      expect(await status(other), `round ${round}: other device`).toBe(401);
      expect(await status(current), `round ${round}: old token of this device`).toBe(401);
      expect(await status(fresh), `round ${round}: fresh token`).toBe(200);
      password = next;
      current = fresh;
    }
  });

  it('a reset through the mailed link ends every session of the member', async () => {
    const member = await registerMember(t.app);
    const second = await loginAgain(member);
    const third = await loginAgain(member, PASSWORD, SAFARI_IPHONE);
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: member.email },
      remoteAddress: uniqueIp(),
    });
    expect(requested.statusCode).toBe(202);
    const token = linkToken(await waitForMail(t.config.dataDir, member.email, 2), 'reset-password');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'ganzNeu789' },
    });
    expect(res.statusCode).toBe(200);
    for (const old of [member.access_token, second, third]) expect(await status(old)).toBe(401);
    expect(await status(await loginAgain(member, 'ganzNeu789'))).toBe(200);
  });
});

describe('which tokens are accepted', () => {
  const secret = () => loadJwtSecret(t.config.jwtSecret, t.config.dataDir);

  it('refuses a token without exp, even with a working session', async () => {
    const member = await registerMember(t.app);
    const { sub, sid, role } = claimsOf(member.access_token);
    const sign = createSigner({ key: secret(), algorithm: 'HS256' });
    const withoutExp = sign({ sub, sid, role, iat: Math.floor(Date.now() / 1000) });
    expect(t.app.jwt.decode<{ exp?: number }>(withoutExp)?.exp).toBeUndefined();
    expect((await me(withoutExp)).json()).toEqual(UNAUTHORIZED);
    // The same claims with an expiry work: the refusal is about the missing exp.
    const withExp = createSigner({ key: secret(), algorithm: 'HS256', expiresIn: 60_000 })({
      sub,
      sid,
      role,
    });
    expect(await status(withExp)).toBe(200);
  });

  it('refuses a token without iat, without sid or without sub', async () => {
    const member = await registerMember(t.app);
    const { sub, sid, role } = claimsOf(member.access_token);
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const sign = createSigner({ key: secret(), algorithm: 'HS256', noTimestamp: true });
    expect(await status(sign({ sub, sid, role, exp }))).toBe(401);
    expect(await status(t.app.jwt.sign({ sub, role } as never))).toBe(401);
    expect(await status(t.app.jwt.sign({ sid, role } as never))).toBe(401);
  });

  it('refuses an iat in the future beyond the allowed clock difference of 5 s, accepts one within it', async () => {
    const member = await registerMember(t.app);
    const { sub, sid, role } = claimsOf(member.access_token);
    const now = Math.floor(Date.now() / 1000);
    expect(await status(t.app.jwt.sign({ sub, sid, role: 'SELLER', iat: now + 60 }))).toBe(401);
    expect(await status(t.app.jwt.sign({ sub, sid, role: 'SELLER', iat: now + 2 }))).toBe(200);
    expect(role).toBe('SELLER');
  });

  it('refuses an unknown sid, a malformed one, and the sid of another member', async () => {
    const member = await registerMember(t.app);
    const other = await registerMember(t.app);
    const sub = member.user.id;
    expect(await status(t.app.jwt.sign({ sub, role: 'SELLER', sid: randomUUID() }))).toBe(401);
    expect(await status(t.app.jwt.sign({ sub, role: 'SELLER', sid: 'kaputt' }))).toBe(401);
    expect(await status(t.app.jwt.sign({ sub, role: 'SELLER', sid: claimsOf(other.access_token).sid }))).toBe(
      401,
    );
    expect(
      await status(t.app.jwt.sign({ sub, role: 'SELLER', sid: claimsOf(member.access_token).sid })),
    ).toBe(200);
  });

  it('refuses a freshly signed token for an ended session', async () => {
    const member = await registerMember(t.app);
    const { sub, sid } = claimsOf(member.access_token);
    expect((await logout(member.access_token)).statusCode).toBe(204);
    expect(await status(t.app.jwt.sign({ sub, role: 'SELLER', sid }))).toBe(401);
  });

  it('ends a session after 30 minutes without a request (SPEC.md §9); 29 minutes are fine and renew it', async () => {
    const member = await registerMember(t.app);
    const { sid } = claimsOf(member.access_token);
    const db = t.app.database.db;
    await db.execute(sql`update sessions set last_used_at = now() - interval '29 minutes' where id = ${sid}`);
    expect(await status(member.access_token)).toBe(200);
    expect(Date.now() - (await lastUsedAt(sid)).getTime()).toBeLessThan(60_000);
    await db.execute(sql`update sessions set last_used_at = now() - interval '31 minutes' where id = ${sid}`);
    // 31 minutes pass on this instance's clock too: its session cache kept the member for seconds.
    await afterMinutes(31, async () => {
      expect((await me(member.access_token)).json()).toEqual(UNAUTHORIZED);
      // The refused request does not bring the session back.
      expect(await status(member.access_token)).toBe(401);
    });
  });

  it('ends a session at its expiry (24 h after the login) even when used all the time', async () => {
    const member = await registerMember(t.app);
    const { sid } = claimsOf(member.access_token);
    await t.app.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where id = ${sid}`,
    );
    expect(await status(member.access_token)).toBe(401);
  });

  it('writes last_used_at at most once a minute: 200 parallel requests, one refresh', async () => {
    const member = await registerMember(t.app);
    const { sid } = claimsOf(member.access_token);
    const db = t.app.database.db;
    await db.execute(sql`update sessions set last_used_at = now() - interval '10 seconds' where id = ${sid}`);
    const recent = await lastUsedAt(sid);
    expect(await status(member.access_token)).toBe(200);
    expect((await lastUsedAt(sid)).getTime()).toBe(recent.getTime());
    await db.execute(sql`update sessions set last_used_at = now() - interval '2 minutes' where id = ${sid}`);
    const stale = await lastUsedAt(sid);
    const answers = await afterMinutes(2, () =>
      Promise.all(Array.from({ length: 200 }, () => me(member.access_token))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(200).fill(200));
    const touched = await lastUsedAt(sid);
    expect(touched.getTime()).toBeGreaterThan(stale.getTime() + 60_000);
    // A further request within the minute leaves it as it is.
    expect(await status(member.access_token)).toBe(200);
    expect((await lastUsedAt(sid)).getTime()).toBe(touched.getTime());
  });
});

describe('GET /api/auth/sessions, DELETE /api/auth/sessions[/{id}]', () => {
  it('lists my active sessions with device, times and the current one, without IP addresses', async () => {
    const member = await registerMember(t.app);
    const windows = await loginAgain(member, PASSWORD, CHROME_WINDOWS);
    const iphone = await loginAgain(member, PASSWORD, SAFARI_IPHONE);
    const ended = await loginAgain(member, PASSWORD, CHROME_WINDOWS);
    expect((await logout(ended)).statusCode).toBe(204);
    const res = await listSessions(windows);
    expect(res.statusCode).toBe(200);
    const { sessions } = res.json() as SessionList;
    expect(sessions).toHaveLength(3);
    const byId = new Map(sessions.map((session) => [session.id, session]));
    expect(byId.get(claimsOf(windows).sid)).toMatchObject({ device: 'Chrome auf Windows', current: true });
    expect(byId.get(claimsOf(iphone).sid)).toMatchObject({ device: 'Safari auf iOS', current: false });
    expect(byId.get(claimsOf(member.access_token).sid)).toMatchObject({ current: false });
    expect(byId.has(claimsOf(ended).sid)).toBe(false);
    for (const session of sessions) {
      expect(Object.keys(session).sort()).toEqual(['created_at', 'current', 'device', 'id', 'last_used_at']);
      expect(Number.isNaN(Date.parse(session.created_at))).toBe(false);
      expect(Number.isNaN(Date.parse(session.last_used_at))).toBe(false);
    }
    expect(res.body).not.toMatch(/127\.0\.0\.1|10\.\d+\.\d+\.\d+/);
  });

  it('ends one of my sessions; its token is refused, the others keep working', async () => {
    const member = await registerMember(t.app);
    const other = await loginAgain(member, PASSWORD, SAFARI_IPHONE);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${claimsOf(other).sid}`,
      headers: bearer(member.access_token),
    });
    expect(res.statusCode).toBe(204);
    expect(await status(other)).toBe(401);
    expect(await status(member.access_token)).toBe(200);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${claimsOf(other).sid}`,
      headers: bearer(member.access_token),
    });
    expect(again.statusCode).toBe(404);
  });

  it("B cannot end A's session: 404 as for an unknown id, and A stays logged in", async () => {
    const a = await registerMember(t.app);
    const b = await registerMember(t.app);
    const end = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: bearer(b.access_token) });
    const foreign = await end(claimsOf(a.access_token).sid);
    const unknown = await end(randomUUID());
    const malformed = await end('keine-uuid');
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect(foreign.json()).toEqual({ detail: 'Diese Sitzung gibt es nicht.', code: 'not_found' });
    expect(await status(a.access_token)).toBe(200);
    const mine = (await listSessions(b.access_token)).json() as SessionList;
    expect(mine.sessions.map((session) => session.id)).toEqual([claimsOf(b.access_token).sid]);
  });

  it('ends all my other sessions and keeps the current one', async () => {
    const member = await registerMember(t.app);
    const others = [await loginAgain(member), await loginAgain(member, PASSWORD, CHROME_WINDOWS)];
    const stranger = await registerMember(t.app);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/sessions',
      headers: bearer(member.access_token),
    });
    expect(res.statusCode).toBe(204);
    for (const other of others) expect(await status(other)).toBe(401);
    expect(await status(member.access_token)).toBe(200);
    expect(await status(stranger.access_token)).toBe(200);
    const list = (await listSessions(member.access_token)).json() as SessionList;
    expect(list.sessions).toEqual([
      expect.objectContaining({ id: claimsOf(member.access_token).sid, current: true }),
    ]);
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['POST', '/api/auth/logout'],
      ['GET', '/api/auth/sessions'],
      ['DELETE', '/api/auth/sessions'],
      ['DELETE', `/api/auth/sessions/${randomUUID()}`],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('the periodic clean-up removes ended, idle and expired sessions and keeps working ones', async () => {
    const member = await registerMember(t.app);
    const idle = await loginAgain(member);
    const ended = await loginAgain(member);
    expect((await logout(ended)).statusCode).toBe(204);
    await t.app.database.db.execute(
      sql`update sessions set last_used_at = now() - interval '31 minutes' where id = ${claimsOf(idle).sid}`,
    );
    await pruneSessions(t.app.database.db);
    const rows = await selectRows(
      t.app.database.db,
      z.object({ id: z.string() }),
      sql`select id from sessions where user_id = ${member.user.id}`,
    );
    expect(rows.map((row) => row.id)).toEqual([claimsOf(member.access_token).sid]);
  });
});

describe('sockets of an ended session close with 1008', () => {
  async function ticketFor(member: RegisteredMember | { access_token: string }): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/realtime/ticket',
      headers: bearer(member.access_token),
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as SocketTicket).ticket;
  }

  it('a socket opened with a ticket closes when its session logs out; another session’s socket stays', async () => {
    const member = await registerMember(t.app);
    const other = await loginAgain(member);
    const socket = await TestSocket.connect(base, await ticketFor(member));
    const stays = await TestSocket.connect(base, await ticketFor({ access_token: other }));
    open.push(socket, stays);
    expect((await logout(member.access_token)).statusCode).toBe(204);
    const closed = await socket.closing();
    expect(closed.code).toBe(SOCKET_CLOSE_POLICY);
    expect(closed.reason).toBe('Die Sitzung wurde beendet.');
    stays.send({ type: 'ping', timestamp: 1 });
    expect(await stays.next('pong')).toEqual({ type: 'pong', timestamp: 1 });
  });

  it('a socket opened with an access token closes when the session is ended from another device', async () => {
    const member = await registerMember(t.app);
    const other = await loginAgain(member);
    const socket = await TestSocket.connect(base, other);
    open.push(socket);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/sessions',
      headers: bearer(member.access_token),
    });
    expect(res.statusCode).toBe(204);
    expect((await socket.closing()).code).toBe(SOCKET_CLOSE_POLICY);
  });

  it("a password change closes the other devices' sockets; this device's socket stays and follows the fresh session", async () => {
    const member = await registerMember(t.app);
    const other = await loginAgain(member);
    const mine = await TestSocket.connect(base, await ticketFor(member));
    const theirs = await TestSocket.connect(base, await ticketFor({ access_token: other }));
    open.push(mine, theirs);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: bearer(member.access_token),
      payload: { current_password: PASSWORD, new_password: 'Anderes-Moos-4567' },
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(200);
    expect((await theirs.closing()).code).toBe(SOCKET_CLOSE_POLICY);
    mine.send({ type: 'ping', timestamp: 7 });
    expect(await mine.next('pong')).toEqual({ type: 'pong', timestamp: 7 });
    // Logging out with the fresh token closes the socket that moved to its session.
    expect((await logout(res.json().access_token)).statusCode).toBe(204);
    expect((await mine.closing()).code).toBe(SOCKET_CLOSE_POLICY);
  });

  it('a ticket of a session that ended before the socket opened is refused', async () => {
    const member = await registerMember(t.app);
    const ticket = await ticketFor(member);
    expect((await logout(member.access_token)).statusCode).toBe(204);
    const socket = await TestSocket.open(base, ticket);
    open.push(socket);
    expect((await socket.closing()).code).toBe(SOCKET_CLOSE_POLICY);
    expect(socket.messages).toEqual([]);
  });
});

describe('Cache-Control: no-store on answers that depend on the token', () => {
  it('/api/me, the data export and the list of sessions are never stored', async () => {
    const member = await registerMember(t.app);
    for (const url of ['/api/me', '/api/me/export', '/api/auth/sessions']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(member.access_token) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('a refused token and a missing one on a member route get no-store as well', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer('a.b.c') });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const missing = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('login, registration, e-mail verification and password reset answer no-store without a token too', async () => {
    const email = uniqueEmail('nostore');
    const ip = uniqueIp();
    const answers: [string, LightMyRequestResponse, number][] = [];
    const call = async (label: string, status: number, request: InjectOptions) => {
      const res = await t.app.inject({ remoteAddress: ip, ...request });
      answers.push([label, res, status]);
      return res;
    };
    await call('register', 202, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: PASSWORD },
    });
    const verification = await waitForLinkToken(t.config.dataDir, email, 'verify-email');
    await call('verify-email (GET)', 200, {
      method: 'GET',
      url: `/api/auth/verify-email?token=${verification}`,
    });
    await call('verify-email (POST), used link', 400, {
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: verification },
    });
    await call('login', 200, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
    });
    await call('login, wrong password', 401, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'falsch123' },
    });
    await call('password-reset', 202, {
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email },
    });
    const reset = await waitForLinkToken(t.config.dataDir, email, 'reset-password');
    await call('reset-password', 200, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: reset, password: 'Neuer-Kiesel-Weg-77' },
    });
    for (const [label, res, status] of answers) {
      expect(res.statusCode, label).toBe(status);
      expect(res.headers['cache-control'], label).toBe('no-store');
    }
  });

  it('a public answer keeps its caching for visitors and is no-store with a token', async () => {
    const member = await registerMember(t.app);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/categories/all' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('public, max-age=60');
    const withToken = await t.app.inject({
      method: 'GET',
      url: '/api/categories/all',
      headers: bearer(member.access_token),
    });
    expect(withToken.headers['cache-control']).toBe('no-store');
  });
});

describe('the OpenAPI document', () => {
  it('describes logout and the session calls with their answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(doc.paths['/api/auth/logout']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['204', '401']),
    );
    expect(Object.keys(doc.paths['/api/auth/sessions']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401']),
    );
    expect(doc.paths['/api/auth/sessions']?.delete).toBeDefined();
    expect(Object.keys(doc.paths['/api/auth/sessions/{id}']?.delete?.responses ?? {})).toEqual(
      expect.arrayContaining(['204', '401', '404']),
    );
  });
});

describe('login creates a session row', () => {
  it('with the user agent cut to 512 characters, expiring 24 h after the login', async () => {
    const member = await registerMember(t.app);
    const token = await loginAgain(member, PASSWORD, `${CHROME_WINDOWS} ${'x'.repeat(2000)}`);
    const [row] = await selectRows(
      t.app.database.db,
      z.object({ user_agent: z.string(), hours: rowCount }),
      sql`select user_agent, extract(epoch from expires_at - created_at) / 3600 as hours
            from sessions where id = ${claimsOf(token).sid}`,
    );
    expect(row?.user_agent).toHaveLength(512);
    expect(row?.hours).toBeCloseTo(24, 5);
    expect(claimsOf(token).exp - claimsOf(token).iat).toBe(24 * 3600);
    await login(t.app, member.email, PASSWORD, uniqueIp());
  });
});
