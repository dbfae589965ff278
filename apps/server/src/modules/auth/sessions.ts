import type { Session } from '@marketplace/contract';
import Bowser from 'bowser';
import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { type SessionUser, sessionUserColumn } from '../users/index.ts';
import { sessions } from './schema.ts';
import type { SessionCache, SessionMember } from './session-cache.ts';
import './events.ts';

/** A session ends after this long without a request (SPEC.md §9 "Session timeout 30 min"). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** A session ends at the latest this long after the login, like its token (24 h). */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** `last_used_at` is written at most once per this interval and session (ms). */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
/** Longest user agent kept to name the device; longer ones are cut. */
export const USER_AGENT_MAX_LENGTH = 512;

/** What ending sessions needs: the database and the bus that announces `session.ended`. */
export interface SessionDeps {
  db: Database;
  events: EventBus;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can be a session id (a UUID); other strings are refused without a query. */
export function isSessionId(value: string): boolean {
  return UUID_PATTERN.test(value);
}

const idleSince = () => sql`now() - make_interval(secs => ${SESSION_IDLE_MS / 1000})`;

/** Conditions of a session that still works: not ended, not expired, used within 30 minutes. */
const activeSession = () =>
  and(isNull(sessions.endedAt), gt(sessions.expiresAt, sql`now()`), gt(sessions.lastUsedAt, idleSince()));

/**
 * Starts a session for a member (login, registration, password change; docs/decisions/0007).
 * The database clock sets `created_at`, `last_used_at` and `expires_at` (now + 24 h), so
 * instances with different clocks agree. Run it in the transaction that logs the member in.
 * @param userAgent the request's `User-Agent`, cut to {@link USER_AGENT_MAX_LENGTH} characters
 * @returns the id that goes into the access token as `sid`
 */
export async function createSession(
  db: Database,
  userId: string,
  userAgent: string | undefined,
): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      userAgent: (userAgent ?? '').slice(0, USER_AGENT_MAX_LENGTH),
      expiresAt: sql`now() + make_interval(secs => ${SESSION_LIFETIME_MS / 1000})`,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('insert into sessions returned no row');
  return row.id;
}

/**
 * The member and the session behind a token's `sub` and `sid`, in one query: the session
 * must belong to that member and still work (not ended, not expired, used within the last 30
 * minutes). When the session's `last_used_at` is older than a minute, one conditional UPDATE
 * moves it to now; otherwise nothing is written.
 * @param cache when given, a member found in it within its 5 seconds answers without
 *   a query, and a member found by the query is kept in it (docs/decisions/0007, "The session cache")
 * @returns null when the token must not work (also for malformed ids)
 */
export async function findSessionMember(
  db: Database,
  sessionId: string,
  userId: string,
  cache?: SessionCache,
): Promise<SessionMember | null> {
  if (!isSessionId(sessionId) || !isSessionId(userId)) return null;
  const cached = cache?.get(sessionId, userId);
  if (cached) return cached;
  const generation = cache?.begin() ?? 0;
  const [row] = await db
    .select({
      // The account through the users door's fragment, in the same query.
      user: sessionUserColumn(sql`${sessions.userId}`),
      stale: sql<boolean>`${sessions.lastUsedAt} < now() - make_interval(secs => ${SESSION_TOUCH_INTERVAL_MS / 1000})`,
      expiresInMs: sql<number>`(extract(epoch from ${sessions.expiresAt} - now()) * 1000)::float8`,
    })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), activeSession()));
  const user: SessionUser | null | undefined =
    typeof row?.user === 'string' ? JSON.parse(row.user) : row?.user;
  if (!row || !user) return null;
  if (row.stale) await touchSession(db, sessionId);
  const member: SessionMember = {
    id: user.id,
    email: user.email,
    role: user.role,
    emailVerified: user.emailVerified,
    sessionId,
  };
  cache?.set(member, generation, Number(row.expiresInMs));
  return member;
}

/**
 * Marks a session used now, unless it was marked within the last minute or has ended: one
 * conditional UPDATE, so concurrent requests write the row at most once.
 */
async function touchSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.endedAt),
        lt(sessions.lastUsedAt, sql`now() - make_interval(secs => ${SESSION_TOUCH_INTERVAL_MS / 1000})`),
      ),
    );
}

/**
 * A readable device name from a user agent, e.g. 'Chrome auf Windows', 'Safari auf iOS'
 * (parsed with bowser); 'Unbekanntes Gerät' when nothing is recognised.
 */
export function deviceName(userAgent: string): string {
  if (!userAgent.trim()) return 'Unbekanntes Gerät';
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName();
  const os = parser.getOSName();
  if (browser && os) return `${browser} auf ${os}`;
  if (browser) return browser;
  if (os) return `Browser auf ${os}`;
  return 'Unbekanntes Gerät';
}

/**
 * The member's working sessions for `GET /api/auth/sessions`, most recently used first.
 * @param currentSessionId the session of the asking token (`current: true`)
 */
export async function listSessions(
  db: Database,
  userId: string,
  currentSessionId: string,
): Promise<Session[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), activeSession()))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    device: deviceName(row.userAgent),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}

/**
 * Ends sessions of a member inside the caller's transaction (password change or reset,
 * account deletion): sets `ended_at`, so a token of them is refused from the commit on,
 * whatever second it was issued in. Publishes nothing: after the commit the caller hands the
 * returned ids to {@link announceEndedSessions}.
 * @param exceptSessionId a session that stays (the current device), or undefined for all
 * @returns the ids of the sessions ended now
 */
export async function endSessionsInTransaction(
  tx: Database,
  userId: string,
  exceptSessionId?: string,
): Promise<string[]> {
  const rows = await tx
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/**
 * Publishes `session.ended` for sessions ended in a committed transaction, so that every
 * instance closes their sockets (code 1008). Does nothing for an empty list.
 * @param moved the asking device's ended session and the fresh one that replaces it (password
 *   change): its sockets stay open and move to the fresh session
 */
export async function announceEndedSessions(
  events: EventBus,
  userId: string,
  sessionIds: string[],
  moved?: { from: string; to: string },
): Promise<void> {
  if (sessionIds.length === 0) return;
  await events.publish('session.ended', moved ? { userId, sessionIds, moved } : { userId, sessionIds });
}

/**
 * Ends one session of a member (logout, 'Abmelden' of one device in the settings) and
 * announces it. A session of another member is treated like an unknown one.
 * @returns false when the member has no such working session
 */
export async function endSession(deps: SessionDeps, userId: string, sessionId: string): Promise<boolean> {
  if (!isSessionId(sessionId)) return false;
  const rows = await deps.db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), activeSession()))
    .returning({ id: sessions.id });
  await announceEndedSessions(
    deps.events,
    userId,
    rows.map((row) => row.id),
  );
  return rows.length > 0;
}

/**
 * Ends every session of a member, or all but `exceptSessionId` ('Alle anderen Geräte
 * abmelden'; a suspension by an administrator ends all), and announces them.
 * @returns how many sessions ended
 */
export async function endAllSessions(
  deps: SessionDeps,
  userId: string,
  exceptSessionId?: string,
): Promise<number> {
  const ended = await endSessionsInTransaction(deps.db, userId, exceptSessionId);
  await announceEndedSessions(deps.events, userId, ended);
  return ended.length;
}

/**
 * Deletes sessions that can no longer work: ended, expired, or unused for 30 minutes. Part of
 * the hourly clean-up of the auth module.
 */
export async function pruneSessions(db: Database): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(
        sql`${sessions.endedAt} is not null`,
        lt(sessions.expiresAt, sql`now()`),
        lt(sessions.lastUsedAt, idleSince()),
      ),
    );
}
