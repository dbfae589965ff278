import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Roles of SPEC.md §6. */
export const ROLES = ['ADMIN', 'SELLER'] as const;

/**
 * Member accounts (SPEC.md §3 "User"). `email` is stored lowercased and unique; the password
 * only as an argon2id hash; the accepted AGB version with its time. Sessions (JWTs) issued before `sessions_valid_after` are refused,
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
    /**
     * The AGB version ('YYYY-MM-DD', config `termsVersion`) the member accepted last, at
     * registration or in the dialog after a change; null: none recorded (accounts from before).
     */
    termsVersion: text('terms_version'),
    /** When `termsVersion` was accepted. */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
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
