import { sql } from 'drizzle-orm';
import { check, index, pgTable, pgView, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

/**
 * The administrators' audit log (SPEC.md §6 "ADMIN"): every admin action with who did it,
 * what, on which target, why and when. Rows are only ever inserted; the API offers no way to
 * change or delete them. `admin_id` stays null when the acting account was deleted later.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** What was done, e.g. `role_changed`. */
    action: text('action').notNull(),
    /** The kind of target, e.g. `user`. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    /** A short machine-readable note of the change, e.g. `SELLER → ADMIN`. */
    details: text('details'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('admin_audit_log_created_idx').on(table.createdAt.desc()),
    index('admin_audit_log_target_idx').on(table.targetType, table.targetId),
  ],
);

/**
 * Sanctions against members (SPEC.md §6 "ADMIN"): a suspension until `ends_at`, or a ban
 * (`ends_at` null, no end). A sanction is active while `lifted_at` is null and `ends_at` is
 * null or in the future; a suspension that has run out needs no admin to end it. Several
 * active sanctions combine: the member is locked out until the latest end. `admin_id` null
 * means the system decided (the three-strikes rule of the moderation queue) or the admin's
 * account was deleted later. Rows are never deleted through the API; lifting fills the
 * `lifted_*` columns.
 */
export const memberSanctions = pgTable(
  'member_sanctions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `suspension` (with `ends_at`) or `ban` (without). */
    kind: text('kind', { enum: ['suspension', 'ban'] }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, precision: 3 }),
    reason: text('reason').notNull(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    liftedAt: timestamp('lifted_at', { withTimezone: true, precision: 3 }),
    liftedBy: uuid('lifted_by').references(() => users.id, { onDelete: 'set null' }),
    liftReason: text('lift_reason'),
  },
  (table) => [
    check('member_sanctions_kind', sql`${table.kind} in ('suspension', 'ban')`),
    check('member_sanctions_ends_at', sql`(${table.kind} = 'ban') = (${table.endsAt} is null)`),
    /** The login check (active sanctions of one member) and the member's sanctions history. */
    index('member_sanctions_user_idx').on(table.userId, table.createdAt.desc()),
  ],
);

/**
 * The members an active sanction keeps out now (not lifted; a ban, or a suspension not run out;
 * the database clock decides). The admin module owns what "sanctioned" means; other modules read
 * only this view, never `member_sanctions`: the listings module leaves these members' ads out of
 * every public read while the sanction holds (docs/decisions/0009-reports-queue.md, "Sanctioned members' ads").
 * PostgreSQL inlines the view, so a lookup by `user_id` uses `member_sanctions_user_idx`.
 */
export const sanctionedMembers = pgView('sanctioned_members', {
  userId: uuid('user_id').notNull(),
}).as(
  sql`select user_id from member_sanctions where lifted_at is null and (ends_at is null or ends_at > now())`,
);
