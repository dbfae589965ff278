import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../db/client.ts';
import { isoTimestamp } from '../../lib/sql.ts';
import './events.ts';

/**
 * What the moderation module may read of reported conversations
 * (docs/decisions/0009-reports-queue.md): the members' reports (`chat_reports`, read only) with
 * the member they report (the other side of the conversation). Nothing in a conversation is
 * removed by moderation; the decision keeps or suspends the reported member. Reached through
 * the chat door.
 */

/** One member's report of a conversation. */
export interface ConversationReportRow {
  conversationId: string;
  reporterId: string;
  /** The other member of the conversation: the one reported. */
  reportedId: string;
  reason: string;
  text: string | null;
  /** ISO 8601 with milliseconds; reporting again moves it to the new report's time. */
  createdAt: string;
  /** Title of the ad the conversation is about, if any. */
  listingTitle: string | null;
}

/** Most reports {@link readConversationReports} answers. */
export const CHAT_REPORTS_READ_MAX = 5000;

/**
 * Reports of conversations, oldest first, at most {@link CHAT_REPORTS_READ_MAX}: of the given
 * conversations only, filed within `[from, to)` when given.
 */
export async function readConversationReports(
  db: Database,
  filter: { conversationIds?: readonly string[]; from?: Date; to?: Date } = {},
): Promise<ConversationReportRow[]> {
  const ids = filter.conversationIds;
  if (ids && ids.length === 0) return [];
  return selectRows<ConversationReportRow>(
    db,
    sql`select r.conversation_id as "conversationId", r.reporter_id as "reporterId",
          case when r.reporter_id = c.buyer_id then c.seller_id else c.buyer_id end as "reportedId",
          r.reason, r.text, ${isoTimestamp('r.created_at')} as "createdAt", l.title as "listingTitle"
        from chat_reports r
        join chat_conversations c on c.id = r.conversation_id
        left join listings l on l.id = c.listing_id
        where true
          ${
            ids
              ? sql`and r.conversation_id in (${sql.join(
                  ids.map((id) => sql`${id}::uuid`),
                  sql`, `,
                )})`
              : sql``
          }
          ${filter.from ? sql`and r.created_at >= ${filter.from.toISOString()}::timestamptz` : sql``}
          ${filter.to ? sql`and r.created_at < ${filter.to.toISOString()}::timestamptz` : sql``}
        order by r.created_at, r.conversation_id, r.reporter_id
        limit ${CHAT_REPORTS_READ_MAX}`,
  );
}

/** Chat messages written since `since` (the admin figures, `GET /api/admin/stats`). */
export async function countMessagesSince(db: Database, since: Date): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from chat_messages where created_at > ${since.toISOString()}::timestamptz`,
  );
  return row?.n ?? 0;
}
