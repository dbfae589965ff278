import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateLimitedError } from '../../lib/errors.ts';
import { failedLogins, rateLimitHits } from './schema.ts';

/** Sliding window of the failed-login limits, in ms (issue 3 "Rate limits"). */
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failed logins per account (e-mail) in the window before logins answer 429. */
export const MAX_FAILED_LOGINS_PER_ACCOUNT = 10;
/** Failed logins per IP address in the window before logins answer 429. */
export const MAX_FAILED_LOGINS_PER_IP = 30;

export const TOO_MANY_FAILED_LOGINS = 'Zu viele fehlgeschlagene Anmeldeversuche.';

/** A counted request limit: at most `max` requests per `windowMs` (ms) and key. */
export interface RequestLimit {
  bucket: string;
  max: number;
  windowMs: number;
  /** First sentence of the German 429 detail. */
  reason: string;
}

/**
 * Seconds until the oldest of the `max` newest events leaves the window, or null when fewer
 * than `max` events lie in the window (not limited). `times` are newest first.
 */
function secondsUntilAllowed(times: Date[], max: number, windowMs: number, now: number): number | null {
  const boundary = times[max - 1];
  if (!boundary) return null;
  return Math.max(1, Math.ceil((boundary.getTime() + windowMs - now) / 1000));
}

/**
 * Refuses a login attempt while the account (`email`) or the address (`ip`) has too many
 * failed logins in the last 15 minutes; the correct password is refused too, so the limit
 * gives no hint. Counts live in the database and hold across server instances.
 * @throws AppError rate_limited (429) with the wait in minutes and `Retry-After` in seconds
 */
export async function assertLoginAllowed(db: Database, email: string, ip: string): Promise<void> {
  const now = Date.now();
  const since = new Date(now - FAILED_LOGIN_WINDOW_MS);
  const recent = (where: ReturnType<typeof eq>, max: number) =>
    db
      .select({ createdAt: failedLogins.createdAt })
      .from(failedLogins)
      .where(and(where, gt(failedLogins.createdAt, since)))
      .orderBy(desc(failedLogins.createdAt))
      .limit(max);
  const [byAccount, byIp] = await Promise.all([
    recent(eq(failedLogins.email, email), MAX_FAILED_LOGINS_PER_ACCOUNT),
    recent(eq(failedLogins.ip, ip), MAX_FAILED_LOGINS_PER_IP),
  ]);
  const waits = [
    secondsUntilAllowed(
      byAccount.map((row) => row.createdAt),
      MAX_FAILED_LOGINS_PER_ACCOUNT,
      FAILED_LOGIN_WINDOW_MS,
      now,
    ),
    secondsUntilAllowed(
      byIp.map((row) => row.createdAt),
      MAX_FAILED_LOGINS_PER_IP,
      FAILED_LOGIN_WINDOW_MS,
      now,
    ),
  ].filter((wait): wait is number => wait !== null);
  if (waits.length > 0) throw rateLimitedError(TOO_MANY_FAILED_LOGINS, Math.max(...waits));
}

/** Counts one failed login (wrong password, unknown e-mail) for the account and the address. */
export async function recordFailedLogin(db: Database, email: string, ip: string): Promise<void> {
  await db.insert(failedLogins).values({ email, ip });
}

/** Forgets the failed logins of an account, after its password was reset by e-mail. */
export async function clearFailedLogins(db: Database, email: string): Promise<void> {
  await db.delete(failedLogins).where(eq(failedLogins.email, email));
}

/**
 * Counts one request against `limit` for `key` (normally the IP address), or refuses it when
 * `limit.max` requests were already counted in the window. Refused requests are not counted.
 * @throws AppError rate_limited (429) with the wait in minutes and `Retry-After` in seconds
 */
export async function consumeRequestQuota(db: Database, limit: RequestLimit, key: string): Promise<void> {
  const now = Date.now();
  const rows = await db
    .select({ createdAt: rateLimitHits.createdAt })
    .from(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.bucket, limit.bucket),
        eq(rateLimitHits.key, key),
        gt(rateLimitHits.createdAt, new Date(now - limit.windowMs)),
      ),
    )
    .orderBy(desc(rateLimitHits.createdAt))
    .limit(limit.max);
  const wait = secondsUntilAllowed(
    rows.map((row) => row.createdAt),
    limit.max,
    limit.windowMs,
    now,
  );
  if (wait !== null) throw rateLimitedError(limit.reason, wait);
  await db.insert(rateLimitHits).values({ bucket: limit.bucket, key });
}

/**
 * Whether `times` (newest first, already limited to the window) leave room for one more
 * event, else the seconds to wait. For limits counted from other tables (mails per account).
 */
export function waitForQuota(times: Date[], max: number, windowMs: number): number | null {
  return secondsUntilAllowed(times, max, windowMs, Date.now());
}

/** Deletes counted failures and requests older than `maxAgeMs` (default one day). */
export async function pruneLimitRecords(db: Database, maxAgeMs = 24 * 60 * 60 * 1000): Promise<void> {
  const before = new Date(Date.now() - maxAgeMs);
  await db.delete(failedLogins).where(lt(failedLogins.createdAt, before));
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, before));
}
