import { and, desc, eq, gt, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { type Database, rowCount, rowDate, selectRows } from '../../db/client.ts';
import { rateLimitedError } from '../../lib/errors.ts';
import { failedLogins, rateLimitHits } from './schema.ts';

/*
 * Request limits (docs/decisions/0005): every limit counts rows in the database, which all
 * instances share. Counting and recording one request happen in one transaction that first
 * takes a PostgreSQL advisory transaction lock on the limit's bucket and key
 * (`pg_advisory_xact_lock(hashtextextended(bucket || ':' || key, 0))`), so parallel requests
 * for the same key are counted one after the other and never more than `max` pass, on
 * PostgreSQL and on PGlite alike. The lock ends with the transaction.
 */

/** Sliding window of the failed-login limits, in ms (ARCHITECTURE.md "auth", "limits"). */
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failed logins per account (e-mail) and address in the window before that pair answers 429. */
export const MAX_FAILED_LOGINS_PER_PAIR = 10;
/** Failed logins per address (IPv4, IPv6 /64) in the window before it answers 429. */
export const MAX_FAILED_LOGINS_PER_IP = 30;
/**
 * Failed logins of one account (from all addresses) in the window from which the account is
 * slowed down for devices it does not know, and its owner is told by e-mail.
 */
export const ACCOUNT_SLOWDOWN_AFTER = 10;
/** While slowed down: at most one login attempt per this many ms from unknown devices. */
export const ACCOUNT_SLOWDOWN_INTERVAL_MS = 30 * 1000;

export const TOO_MANY_FAILED_LOGINS = 'Zu viele fehlgeschlagene Anmeldeversuche.';
export const ACCOUNT_SLOWED_DOWN =
  'Für dieses Konto gab es gerade viele fehlgeschlagene Anmeldeversuche; Anmeldungen von unbekannten Geräten sind nur noch zweimal pro Minute möglich.';

/** A counted request limit: at most `max` requests per `windowMs` (ms) and key. */
export interface RequestLimit {
  bucket: string;
  max: number;
  windowMs: number;
  /** First sentence of the German 429 detail. */
  reason: string;
}

/**
 * The address a limit counts by: an IPv4 address as it is (also when it arrives IPv4-mapped,
 * `::ffff:192.0.2.1`), an IPv6 address by its /64 network (`2001:db8:1:2::/64`), because one
 * connection usually owns a whole /64. Anything unparsable is used as given.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

/**
 * Takes the advisory lock of `bucket` and `key` for the rest of the transaction `tx`: every
 * other transaction asking for the same lock waits until `tx` commits or rolls back.
 */
export async function lockLimit(tx: Database, bucket: string, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${bucket}:${key}`}, 0))`);
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
 * Inside the caller's transaction `tx`: counts one request against `limit` for `key`, or
 * refuses it when `limit.max` requests were already counted in the window. Refused requests
 * are not counted; when `tx` rolls back later, the request is not counted either. The lock
 * on bucket and key is held until `tx` ends, so a module can count and write its own rows
 * atomically (favourites, follows, reports).
 * @throws AppError rate_limited (429) with the wait in minutes and `Retry-After` in seconds
 */
export async function countRequest(tx: Database, limit: RequestLimit, key: string): Promise<void> {
  if (await tryCountRequest(tx, limit, key)) return;
  throw rateLimitedError(limit.reason, (await waitOf(tx, limit, key, Date.now())) ?? 1);
}

/** A request counted by {@link tryCountRequest}: its `bigint` id (text on node-postgres). */
const countedHitRow = z.object({ id: z.coerce.number() });

/**
 * Like `countRequest`, but answers false instead of refusing when the limit is reached, for
 * quotas kept silently (one warning mail per window, a confirmation per address and day): the
 * caller writes what the count allows, a mail job say, in the same transaction `tx`.
 * @returns whether the request was counted
 */
export async function tryCountRequest(tx: Database, limit: RequestLimit, key: string): Promise<boolean> {
  await lockLimit(tx, limit.bucket, key);
  const now = Date.now();
  const since = new Date(now - limit.windowMs);
  const inserted = await selectRows(
    tx,
    countedHitRow,
    sql`insert into rate_limit_hits (bucket, key, created_at)
        select ${limit.bucket}, ${key}, ${new Date(now).toISOString()}::timestamptz
        where (select count(*) from rate_limit_hits
               where bucket = ${limit.bucket} and key = ${key} and created_at > ${since.toISOString()}::timestamptz) < ${limit.max}
        returning id`,
  );
  return inserted.length > 0;
}

/** Seconds until `limit` leaves room for one more request of `key` at `now` (ms), null when it does. */
async function waitOf(db: Database, limit: RequestLimit, key: string, now: number): Promise<number | null> {
  const since = new Date(now - limit.windowMs);
  const times = await db
    .select({ createdAt: rateLimitHits.createdAt })
    .from(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.bucket, limit.bucket),
        eq(rateLimitHits.key, key),
        gt(rateLimitHits.createdAt, since),
      ),
    )
    .orderBy(desc(rateLimitHits.createdAt))
    .limit(limit.max);
  return secondsUntilAllowed(
    times.map((row) => row.createdAt),
    limit.max,
    limit.windowMs,
    now,
  );
}

/**
 * Refuses a request whose `limit` is spent already, without counting it: a cheap first check
 * before expensive work (a story's photo or video), which `countRequest` then counts together
 * with the write. Not atomic by itself; the count in the write's transaction is.
 * @throws AppError rate_limited (429) with the wait in minutes and `Retry-After` in seconds
 */
export async function refuseWhenSpent(db: Database, limit: RequestLimit, key: string): Promise<void> {
  const wait = await waitOf(db, limit, key, Date.now());
  if (wait !== null) throw rateLimitedError(limit.reason, wait);
}

/**
 * Counts one request against `limit` for `key` (an address from `addressKey`, or a member id)
 * in a transaction of its own, or refuses it when `limit.max` requests were already counted
 * in the window. Atomic under parallel requests on every instance (see `countRequest`).
 * Must not be called while the caller holds an open transaction on `db`'s connection.
 * @throws AppError rate_limited (429) with the wait in minutes and `Retry-After` in seconds
 */
export async function consumeRequestQuota(db: Database, limit: RequestLimit, key: string): Promise<void> {
  await db.transaction(async (tx) => countRequest(tx, limit, key));
}

/**
 * Runs `work` in a transaction that holds the advisory lock of `bucket` and `key`, for limits
 * counted from a module's own rows (mails per account from the e-mail tokens): count and
 * write inside `work`, and parallel requests for the same key cannot both pass the count.
 */
export async function withLimitLock<T>(
  db: Database,
  bucket: string,
  key: string,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockLimit(tx, bucket, key);
    return work(tx);
  });
}

/**
 * Whether `times` (newest first, already limited to the window) leave room for one more
 * event, else the seconds to wait. For limits counted from other tables (mails per account);
 * count inside `withLimitLock` so that the count holds under parallel requests.
 */
export function waitForQuota(times: Date[], max: number, windowMs: number): number | null {
  return secondsUntilAllowed(times, max, windowMs, Date.now());
}

/** A login attempt counted before the password check; forgotten when the password was right. */
export interface LoginAttempt {
  id: number;
}

/**
 * A `timestamptz[]` of raw SQL as dates, none for null: PostgreSQL's array text
 * (`{"2026-03-29 01:30:00.123+00",…}`), which both drivers hand over under Drizzle, or an array.
 */
const rowDates = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean)
          .map((item) => item.replace(/^"|"$/g, ''))
      : (value ?? []),
  z.array(rowDate),
);

/**
 * The failed logins {@link beginLoginAttempt} weighs: the newest of the pair and of the address
 * in the window (at most as many as their limits, in no particular order), the account's count in
 * the window and its newest attempt ever.
 */
const failedLoginCountsRow = z.object({
  pair: rowDates,
  address: rowDates,
  account: rowCount,
  newest: rowDate.nullable(),
});

/**
 * Counts a login attempt BEFORE the password is checked (ARCHITECTURE.md "auth"; OWASP
 * "Blocking Brute Force Attacks"): the attempt is stored as a failed login of `email` from
 * the address of `ip` (IPv6 by /64) and stays one unless `forgetLoginAttempt` removes it after
 * a correct password. Refused, in this order:
 * - the pair of account and address has 10 failed logins in the last 15 minutes;
 * - the address has 30 failed logins (on any accounts) in the last 15 minutes;
 * - unless `trustedDevice` (a valid device cookie of this account, see docs/decisions/0005):
 *   the account has 10 failed logins from all addresses in the window and its newest attempt
 *   is less than 30 seconds old (the account is slowed down, never locked).
 * The checks and the insert run under the advisory locks of the account and the address, so
 * parallel attempts cannot pass a limit together. Unknown e-mails are counted alike.
 * @throws AppError rate_limited (429) with `Retry-After` in seconds
 */
export async function beginLoginAttempt(
  db: Database,
  attempt: { email: string; ip: string; trustedDevice: boolean },
): Promise<LoginAttempt> {
  const address = addressKey(attempt.ip);
  return db.transaction(async (tx) => {
    // Always the account before the address: one order for every attempt, so no deadlock.
    await lockLimit(tx, 'login_account', attempt.email);
    await lockLimit(tx, 'login_address', address);
    const now = Date.now();
    const since = new Date(now - FAILED_LOGIN_WINDOW_MS);
    const [counts] = await selectRows(
      tx,
      failedLoginCountsRow,
      sql`select
        (select array_agg(created_at) from (select created_at from failed_logins
           where email = ${attempt.email} and ip = ${address} and created_at > ${since.toISOString()}::timestamptz
           order by created_at desc limit ${MAX_FAILED_LOGINS_PER_PAIR}) p) as pair,
        (select array_agg(created_at) from (select created_at from failed_logins
           where ip = ${address} and created_at > ${since.toISOString()}::timestamptz
           order by created_at desc limit ${MAX_FAILED_LOGINS_PER_IP}) a) as address,
        (select count(*)::int from failed_logins
           where email = ${attempt.email} and created_at > ${since.toISOString()}::timestamptz) as account,
        (select max(created_at) from failed_logins where email = ${attempt.email}) as newest`,
    );
    const times = (value: Date[] | undefined) => [...(value ?? [])].sort((a, b) => b.getTime() - a.getTime());
    const waits = [
      secondsUntilAllowed(times(counts?.pair), MAX_FAILED_LOGINS_PER_PAIR, FAILED_LOGIN_WINDOW_MS, now),
      secondsUntilAllowed(times(counts?.address), MAX_FAILED_LOGINS_PER_IP, FAILED_LOGIN_WINDOW_MS, now),
    ].filter((wait): wait is number => wait !== null);
    if (waits.length > 0) throw rateLimitedError(TOO_MANY_FAILED_LOGINS, Math.max(...waits));
    if (!attempt.trustedDevice && (counts?.account ?? 0) >= ACCOUNT_SLOWDOWN_AFTER && counts?.newest) {
      const next = counts.newest.getTime() + ACCOUNT_SLOWDOWN_INTERVAL_MS;
      if (next > now) throw rateLimitedError(ACCOUNT_SLOWED_DOWN, (next - now) / 1000);
    }
    const [row] = await tx
      .insert(failedLogins)
      .values({ email: attempt.email, ip: address, createdAt: new Date(now) })
      .returning({ id: failedLogins.id });
    if (!row) throw new Error('the login attempt was not stored');
    return { id: row.id };
  });
}

/** Removes a counted attempt whose password was right: a successful login is no failure. */
export async function forgetLoginAttempt(db: Database, attempt: LoginAttempt): Promise<void> {
  await db.execute(sql`delete from failed_logins where id = ${attempt.id}`);
}

/** Failed logins of the account `email` from all addresses in the last 15 minutes. */
export async function recentFailedLogins(db: Database, email: string): Promise<number> {
  const since = new Date(Date.now() - FAILED_LOGIN_WINDOW_MS);
  return db.$count(failedLogins, and(eq(failedLogins.email, email), gt(failedLogins.createdAt, since)));
}

/** Forgets the failed logins of an account, after its password was reset by e-mail. */
export async function clearFailedLogins(db: Database, email: string): Promise<void> {
  await db.execute(sql`delete from failed_logins where email = ${email}`);
}

/** Deletes counted failures and requests older than `maxAgeMs` (default one day). */
export async function pruneLimitRecords(db: Database, maxAgeMs = 24 * 60 * 60 * 1000): Promise<void> {
  const before = new Date(Date.now() - maxAgeMs);
  await db.execute(sql`delete from failed_logins where created_at < ${before.toISOString()}::timestamptz`);
  await db.execute(sql`delete from rate_limit_hits where created_at < ${before.toISOString()}::timestamptz`);
}
