import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
