import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Roles of SPEC.md §6. */
export const ROLES = ['ADMIN', 'SELLER'] as const;

/**
 * Member accounts (SPEC.md §3 "User"). `email` is stored lowercased and unique; the password
 * only as an argon2id hash. Sessions (JWTs) issued before `sessions_valid_after` are refused,
 * so a password change or reset ends every other session.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('SELLER'),
    nickname: text('nickname'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** URL the browser loads, e.g. `/api/images/avatars/<name>.webp`. */
    avatarUrl: text('avatar_url'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    check('users_email_lowercase', sql`${table.email} = lower(${table.email})`),
    check('users_role_check', sql`${table.role} in ('ADMIN', 'SELLER')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
