import type { PublicProfile, Role, User, UserSummary } from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import * as follows from '../follows/service.ts';
import { countActiveListings } from '../listings/stats.ts';
import * as queries from './queries.ts';
import type { UserRow } from './schema.ts';

export type { UserRow } from './schema.ts';

/** The logged-in member as the `authenticate` pre-handler puts it on `request.user`. */
export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  emailVerified: boolean;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can be a user id; other strings are answered 404 without a query. */
export function isUserId(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * The name shown for a member (SPEC.md §2 "Side menu"): nickname, else first name, else the
 * part of the e-mail before '@', else 'Benutzer'. Blank values count as missing.
 */
export function displayName(user: {
  nickname?: string | null;
  firstName?: string | null;
  email?: string | null;
}): string {
  return user.nickname?.trim() || user.firstName?.trim() || user.email?.split('@')[0]?.trim() || 'Benutzer';
}

/** An account as the API answers it (contract `userSchema`); never the hash. */
export function toUserResponse(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    avatar: row.avatarUrl,
    role: row.role,
    nickname: row.nickname,
    first_name: row.firstName,
    last_name: row.lastName,
    email_verified: row.emailVerifiedAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Another member as lists show them (contract `userSummarySchema`). */
export function toUserSummary(row: UserRow): UserSummary {
  return { id: row.id, display_name: displayName(row), avatar: row.avatarUrl };
}

/**
 * The session behind an access token: the member must still exist, and the token must be
 * issued after the last password change or reset (`issuedAt` in seconds since the epoch).
 * @returns null when the token must no longer work
 */
export async function findSessionUser(
  db: Database,
  userId: string,
  issuedAt: number,
): Promise<SessionUser | null> {
  if (!isUserId(userId)) return null;
  const row = await queries.selectUserById(db, userId);
  if (!row) return null;
  if (row.sessionsValidAfter && issuedAt < Math.floor(row.sessionsValidAfter.getTime() / 1000)) return null;
  return { id: row.id, email: row.email, role: row.role, emailVerified: row.emailVerifiedAt !== null };
}

/** An account by id. @throws AppError user_not_found (404), also for malformed ids */
export async function getAccount(db: Database, userId: string): Promise<UserRow> {
  const row = isUserId(userId) ? await queries.selectUserById(db, userId) : undefined;
  if (!row) throw new AppError('user_not_found');
  return row;
}

/** An account by its (lowercased) e-mail, or undefined. */
export function findAccountByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return queries.selectUserByEmail(db, email.toLowerCase());
}

/** Accounts by id, in no particular order; unknown ids are left out. */
export function findAccounts(db: Database, ids: readonly string[]): Promise<UserRow[]> {
  return queries.selectUsersByIds(db, ids.filter(isUserId));
}

/**
 * Creates a member account; every new member is a SELLER unless `role` says otherwise
 * (SPEC.md §6). `email` must already be trimmed and lowercased.
 * @throws AppError email_taken (409) when the address is registered
 */
export async function createAccount(db: Database, values: queries.NewUserValues): Promise<UserRow> {
  try {
    return await queries.insertUser(db, { role: 'SELLER', ...values });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError('email_taken');
    throw error;
  }
}

/**
 * Changes columns of an account.
 * @throws AppError user_not_found (404) when it is gone; email_taken (409) for an address
 *   another account has
 */
export async function updateAccount(
  db: Database,
  userId: string,
  changes: queries.UserChanges,
): Promise<UserRow> {
  let row: UserRow | undefined;
  try {
    row = await queries.updateUserRow(db, userId, changes);
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError('email_taken');
    throw error;
  }
  if (!row) throw new AppError('user_not_found');
  return row;
}

/**
 * Settings page: nickname, first and last name. An absent field stays, null clears it.
 * @throws AppError user_not_found (404)
 */
export function updateProfile(
  db: Database,
  userId: string,
  profile: { nickname?: string | null; first_name?: string | null; last_name?: string | null },
): Promise<UserRow> {
  return updateAccount(db, userId, {
    ...(profile.nickname !== undefined ? { nickname: profile.nickname } : {}),
    ...(profile.first_name !== undefined ? { firstName: profile.first_name } : {}),
    ...(profile.last_name !== undefined ? { lastName: profile.last_name } : {}),
  });
}

/**
 * Sets a new password hash and ends every session issued before now (tokens carry their
 * issue time in whole seconds, so the cut is taken at the current second).
 */
export function setPasswordHash(db: Database, userId: string, passwordHash: string): Promise<UserRow> {
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  return updateAccount(db, userId, { passwordHash, sessionsValidAfter: now });
}

/**
 * The public profile at /user/{id} (issue 3 "Public profile"). `viewerId` is the member
 * asking, or null for a visitor (then `is_following` is null). `active_listings` counts the
 * member's active, unexpired ads; ratings come with their module (until then `rating` is null).
 * @throws AppError user_not_found (404), also for malformed ids
 */
export async function getPublicProfile(
  db: Database,
  userId: string,
  viewerId: string | null,
): Promise<PublicProfile> {
  const row = await getAccount(db, userId);
  const [counts, activeListings, viewerFollows] = await Promise.all([
    follows.followCounts(db, row.id),
    countActiveListings(db, row.id),
    viewerId && viewerId !== row.id ? follows.isFollowing(db, viewerId, row.id) : Promise.resolve(false),
  ]);
  return {
    id: row.id,
    display_name: displayName(row),
    avatar: row.avatarUrl,
    member_since: row.createdAt.toISOString(),
    rating: null,
    review_count: 0,
    active_listings: activeListings,
    followers_count: counts.followers,
    following_count: counts.following,
    is_following: viewerId ? viewerFollows : null,
  };
}

/**
 * On start with `ADMIN_EMAIL`/`ADMIN_PASSWORD` (ARCHITECTURE.md "Configuration"): creates that
 * account as a verified ADMIN, or promotes an existing one to ADMIN and marks it verified.
 * An existing account keeps its password, so a password changed in the app stays changed.
 */
export async function ensureAdminAccount(
  db: Database,
  admin: { email: string; password: string } | undefined,
): Promise<void> {
  if (!admin) return;
  const email = admin.email.trim().toLowerCase();
  const existing = await queries.selectUserByEmail(db, email);
  if (existing) {
    if (existing.role !== 'ADMIN' || !existing.emailVerifiedAt) {
      await queries.updateUserRow(db, existing.id, {
        role: 'ADMIN',
        emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
      });
    }
    return;
  }
  const passwordHash = await hashPassword(admin.password);
  await queries
    .insertUser(db, { email, passwordHash, role: 'ADMIN', emailVerifiedAt: new Date() })
    .catch(async (error: unknown) => {
      // Another instance created it at the same moment: promote that one.
      if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
      await ensureAdminAccount(db, admin);
    });
}
