import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Reactions to domain events that ran (docs/decisions/0022-durable-reactions.md): one row per
 * event and reaction, written in the transaction of the reaction's own writes. A job that runs
 * again (its completion was lost in a crash, or it was retried after a commit) finds its row and
 * changes nothing, so a retry never doubles a notification, a mail or an audit row. Rows are
 * deleted after `REACTION_MARKS_KEEP_DAYS`, long after pg-boss has forgotten the job.
 */
export const eventReactions = pgTable(
  'event_reactions',
  {
    eventId: uuid('event_id').notNull(),
    reaction: text('reaction').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.reaction] }),
    index('event_reactions_done_idx').on(table.doneAt),
  ],
);
