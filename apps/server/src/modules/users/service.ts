import { createHash } from 'node:crypto';
import type { Role, User, UserSummary } from '@marketplace/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import * as queries from './queries.ts';
import type { UserRow } from './schema.ts';
import './events.ts';

export type { UserRow } from './schema.ts';

/** What the users module's changes need from the running application. */
export interface UsersDeps {
  db: Database;
  /** Carries `user.updated` to the other modules, after the commit. */
  events: EventBus;
}

/**
 * The logged-in member as the `authenticate` pre-handler puts it on `request.user` (there with
 * the id of the token's session, docs/decisions/0007).
 */
export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  emailVerified: boolean;
}

/**
 * SQL expression for the auth module's session lookup (docs/decisions/0006-module-doors.md: read,
 * never written, in one query, as every authenticated request runs it): the account `userId` (an
 * SQL expression such as the session's `user_id`) as the JSON of a `SessionUser`, null for a gone
 * account. One lookup by primary key.
 */
export function sessionUserColumn(userId: SQL): SQL<SessionUser | string | null> {
  return sql<SessionUser | string | null>`(select json_build_object('id', u.id, 'email', u.email,
      'role', u.role, 'emailVerified', u.email_verified_at is not null)
    from users u where u.id = ${userId})`;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can be a user id; other strings are answered 404 without a query. */
export function isUserId(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * A short stable code for a member without a name: the first four hex digits (upper case) of
 * the SHA-256 of the member id, e.g. '7F3A'. It tells nothing about the e-mail address.
 */
export function memberCode(userId: string): string {
  return createHash('sha256').update(userId).digest('hex').slice(0, 4).toUpperCase();
}

/**
 * The name other people see for a member (ads, profiles, follow lists, chat, notifications,
 * the home page's first HTML): nickname, else first name, else 'Mitglied' and the member's
 * code (`memberCode`, e.g. 'Mitglied 7F3A'). Never any part of the e-mail address; blank
 * values count as missing. The member's own menu keeps SPEC.md §2's fallback to the e-mail
 * (apps/web/src/lib/displayName.ts), which only the member sees.
 */
export function displayName(user: {
  id: string;
  nickname?: string | null;
  firstName?: string | null;
}): string {
  return user.nickname?.trim() || user.firstName?.trim() || `Mitglied ${memberCode(user.id)}`;
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
    terms_version: row.termsVersion,
  };
}

/** Another member as lists show them (contract `userSummarySchema`). */
export function toUserSummary(row: UserRow): UserSummary {
  return { id: row.id, display_name: displayName(row), avatar: row.avatarUrl };
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
 * Settings page: nickname, first and last name (SPEC.md §3 "User"). An absent field stays,
 * null clears it. Published as `user.updated`, since the shown name may change (SPEC.md §2).
 * @throws AppError user_not_found (404)
 */
export async function updateProfile(
  deps: Pick<UsersDeps, 'db' | 'events'>,
  userId: string,
  profile: { nickname?: string | null; first_name?: string | null; last_name?: string | null },
): Promise<UserRow> {
  const row = await updateAccount(deps.db, userId, {
    ...(profile.nickname !== undefined ? { nickname: profile.nickname } : {}),
    ...(profile.first_name !== undefined ? { firstName: profile.first_name } : {}),
    ...(profile.last_name !== undefined ? { lastName: profile.last_name } : {}),
  });
  await deps.events.publish('user.updated', { userId });
  return row;
}

/**
 * Sets a new password hash. Ending the member's sessions is the caller's part, in the same
 * transaction (the auth module's `endSessionsInTransaction`, docs/decisions/0007).
 * @throws AppError user_not_found (404)
 */
export function setPasswordHash(db: Database, userId: string, passwordHash: string): Promise<UserRow> {
  return updateAccount(db, userId, { passwordHash });
}

/**
 * On start with `ADMIN_EMAIL`/`ADMIN_PASSWORD` (ARCHITECTURE.md "Configuration"): creates that
 * account as a verified ADMIN, or promotes an existing one to ADMIN and marks it verified
 * (SPEC.md §6). An existing account keeps its password, so a password changed in the app
 * stays changed. A promotion is published as `user.updated` when `events` is given.
 */
export async function ensureAdminAccount(
  db: Database,
  admin: { email: string; password: string } | undefined,
  events?: EventBus,
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
      await events?.publish('user.updated', { userId: existing.id });
    }
    return;
  }
  const passwordHash = await hashPassword(admin.password);
  await queries
    .insertUser(db, { email, passwordHash, role: 'ADMIN', emailVerifiedAt: new Date() })
    .catch(async (error: unknown) => {
      // Another instance created it at the same moment: promote that one.
      if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
      await ensureAdminAccount(db, admin, events);
    });
}
