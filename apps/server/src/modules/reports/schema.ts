import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

/**
 * The one reports store (DSA Art. 16, docs/decisions/0023-one-reports-store.md): every member's
 * report of an ad, a forum post, a conversation, a story or a member, one row per reporter and
 * target. `target_type` names a kind that a module registered (`app.reportTargets`);
 * `target_id` has no foreign key, so that a report outlives its ad, post or story for the
 * transparency report. `reported_id` is the member the report concerns (seller, author, the other
 * side of a conversation, story owner, the reported member). A report is open while
 * `resolved_at` is null: a moderation decision on its target resolves it, a new report (or the
 * same member reporting again) is open.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    reportedId: uuid('reported_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    uniqueIndex('reports_target_reporter_key').on(table.targetType, table.targetId, table.reporterId),
    index('reports_open_idx').on(table.createdAt, table.id).where(sql`${table.resolvedAt} is null`),
    index('reports_created_idx').on(table.createdAt),
    index('reports_reported_idx').on(table.reportedId),
    index('reports_reporter_idx').on(table.reporterId),
  ],
);

export type ReportRow = typeof reports.$inferSelect;
