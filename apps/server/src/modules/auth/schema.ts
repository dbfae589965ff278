import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

/** What a one-time e-mail token is for. */
export const TOKEN_PURPOSES = ['verify_email', 'reset_password', 'change_email'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/**
 * One-time tokens sent by e-mail (ARCHITECTURE.md "Contracts"): only the SHA-256 of the token is
 * stored; `used_at` makes it single use; `new_email` carries the address of a change_email.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('auth_tokens_token_hash_key').on(table.tokenHash),
    index('auth_tokens_user_purpose_idx').on(table.userId, table.purpose, table.createdAt),
    check(
      'auth_tokens_purpose_check',
      sql`${table.purpose} in ('verify_email', 'reset_password', 'change_email')`,
    ),
  ],
);

/**
 * Failed logins (ARCHITECTURE.md "auth", "limits"): counted per e-mail and per IP address over a sliding
 * window. Kept in the database so that the limits hold across several server instances.
 */
export const failedLogins = pgTable(
  'failed_logins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('failed_logins_email_idx').on(table.email, table.createdAt),
    index('failed_logins_ip_idx').on(table.ip, table.createdAt),
  ],
);

/**
 * Counted requests for the other limits (registrations and reset requests per IP address):
 * one row per request in `bucket` by `key`, counted over a sliding window.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('rate_limit_hits_bucket_key_idx').on(table.bucket, table.key, table.createdAt)],
);

/**
 * Server-side sessions (SPEC.md §9 session timeout; docs/decisions/0007): every access token
 * carries the id of one row here as `sid`. A session ends at `ended_at` (logout, password
 * change or reset, suspension, account deletion), after 30 minutes without a request
 * (`last_used_at`) or at `expires_at` (24 hours after login). `user_agent` names the device
 * in the member's list of sessions; no IP address is stored.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId, table.lastUsedAt),
    index('sessions_expires_idx').on(table.expiresAt),
  ],
);
