import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

/**
 * Decisions on reported content and the steps taken for repeated removals (DSA Art. 17,
 * docs/decisions/0009-reports-queue.md). A decision closes every report on its target filed up
 * to `created_at`. `admin_id` is null for decisions the system took (warning, suspension) and
 * after the deciding account was deleted (`automated` tells them apart).
 */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * `listing` (an ad), `forum_post`, `conversation` (a reported chat; the decision concerns
     * the reported member, `affected_user_id`), `story`, or `user` (a reported member, and a
     * warning or suspension of a member).
     */
    targetType: text('target_type', {
      enum: ['listing', 'forum_post', 'conversation', 'story', 'user'],
    }).notNull(),
    targetId: uuid('target_id').notNull(),
    /** The ad's title, the post's thread title, or the conversation's name when decided. */
    targetTitle: text('target_title'),
    affectedUserId: uuid('affected_user_id').references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['keep', 'remove', 'warning', 'suspend'] }).notNull(),
    ground: text('ground').notNull(),
    text: text('text').notNull(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    automated: boolean('automated').notNull().default(false),
    /** The ad's status before a removal, restored when an appeal reverses it. */
    previousStatus: text('previous_status'),
    reportsCount: integer('reports_count').notNull().default(0),
    /** The member sanction a suspension created (`member_sanctions.id`), lifted when an appeal reverses it. */
    sanctionId: uuid('sanction_id'),
    /** When the oldest report it closes was filed (handling time of the transparency report). */
    firstReportedAt: timestamp('first_reported_at', { withTimezone: true, precision: 3 }),
    /** Set when an appeal reversed it. */
    reversedAt: timestamp('reversed_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('moderation_decisions_target_idx').on(table.targetType, table.targetId, table.createdAt.desc()),
    index('moderation_decisions_affected_idx').on(table.affectedUserId, table.createdAt.desc()),
    index('moderation_decisions_created_idx').on(table.createdAt),
    check(
      'moderation_decisions_action_check',
      sql`${table.action} in ('keep', 'remove', 'warning', 'suspend')`,
    ),
  ],
);

/** Appeals ('Widerspruch'): at most one per decision, decided by another ADMIN. */
export const moderationAppeals = pgTable(
  'moderation_appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    decisionId: uuid('decision_id')
      .notNull()
      .references(() => moderationDecisions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    status: text('status', { enum: ['open', 'upheld', 'reversed'] })
      .notNull()
      .default('open'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    outcomeText: text('outcome_text'),
    decidedAt: timestamp('decided_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('moderation_appeals_decision_key').on(table.decisionId),
    index('moderation_appeals_open_idx').on(table.status, table.createdAt),
    check('moderation_appeals_status_check', sql`${table.status} in ('open', 'upheld', 'reversed')`),
  ],
);

export type ModerationDecisionRow = typeof moderationDecisions.$inferSelect;
export type ModerationAppealRow = typeof moderationAppeals.$inferSelect;
