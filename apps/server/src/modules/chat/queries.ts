import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, rowCount, selectRows } from '../../db/client.ts';
import { type ConversationRow, chatBlocks, chatConversations, chatMessages } from './schema.ts';

/**
 * The conversations' SQL: one conversation (also locked), starting one, the list, unread counts
 * and read marks, blocks, reports, the messages per side for ratings, and the answer counts of
 * the member cards. The messages' own SQL is in `message-queries.ts`.
 */

/** A conversation by id, or undefined. */
export async function selectConversation(db: Database, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id));
  return row;
}

/** A conversation by id, its row locked until the transaction ends (messages are then stored in order). */
export async function lockConversation(tx: Database, id: string): Promise<ConversationRow | undefined> {
  const [row] = await tx.select().from(chatConversations).where(eq(chatConversations.id, id)).for('update');
  return row;
}

/**
 * Inserts a conversation unless one with the same `pairKey` exists; answers the stored one
 * either way and whether it is new. Safe under parallel starts.
 */
export async function upsertConversation(
  db: Database,
  values: { pairKey: string; listingId: string | null; buyerId: string; sellerId: string },
): Promise<{ row: ConversationRow; created: boolean }> {
  const [inserted] = await db.insert(chatConversations).values(values).onConflictDoNothing().returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.pairKey, values.pairKey));
  if (!existing) throw new Error(`conversation ${values.pairKey} vanished after a conflict`);
  return { row: existing, created: false };
}

/** A conversation of `pairKey`, or undefined. */
export async function selectConversationByKey(db: Database, pairKey: string) {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.pairKey, pairKey));
  return row;
}

/**
 * The conversation between members `a` and `b` (direct or about an ad, whoever started it) with
 * the newest message, or undefined while they have written none. Read through the buyer index
 * from both sides.
 */
export async function selectLatestConversationBetween(
  db: Database,
  a: string,
  b: string,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(
      and(
        or(
          and(eq(chatConversations.buyerId, a), eq(chatConversations.sellerId, b)),
          and(eq(chatConversations.buyerId, b), eq(chatConversations.sellerId, a)),
        ),
        sql`${chatConversations.lastMessageId} is not null`,
      ),
    )
    .orderBy(desc(chatConversations.lastActivityAt), desc(chatConversations.id))
    .limit(1);
  return row;
}

/** Keyset position in the conversation list: newest activity first, then id. */
export interface ConversationCursor {
  at: Date;
  id: string;
}

/**
 * A page of `userId`'s conversations that have at least one message, newest activity first
 * (two index ranges, as buyer and as seller, merged).
 */
export async function selectConversationPage(
  db: Database,
  userId: string,
  cursor: ConversationCursor | null,
  limit: number,
): Promise<ConversationRow[]> {
  const side = (column: typeof chatConversations.buyerId | typeof chatConversations.sellerId) =>
    db
      .select()
      .from(chatConversations)
      .where(
        and(
          eq(column, userId),
          sql`${chatConversations.lastMessageId} is not null`,
          cursor
            ? sql`(${chatConversations.lastActivityAt}, ${chatConversations.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(chatConversations.lastActivityAt), desc(chatConversations.id))
      .limit(limit);
  const [asBuyer, asSeller] = await Promise.all([
    side(chatConversations.buyerId),
    side(chatConversations.sellerId),
  ]);
  return [...asBuyer, ...asSeller]
    .sort((a, b) => b.lastActivityAt.getTime() - a.lastActivityAt.getTime() || (a.id < b.id ? 1 : -1))
    .slice(0, limit);
}

/** Unread messages to `userId` per conversation, for the given conversations. */
export async function countUnreadByConversation(
  db: Database,
  userId: string,
  conversationIds: readonly string[],
): Promise<Map<string, number>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .select({ conversationId: chatMessages.conversationId, n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.recipientId, userId),
        isNull(chatMessages.readAt),
        inArray(chatMessages.conversationId, [...conversationIds]),
      ),
    )
    .groupBy(chatMessages.conversationId);
  return new Map(rows.map((row) => [row.conversationId, Number(row.n)]));
}

/** A count of unread messages ({@link countUnreadCapped}). */
const unreadCountRow = z.object({ n: rowCount });

/** Unread messages to `userId` over all conversations, counted up to `cap`. */
export async function countUnreadCapped(db: Database, userId: string, cap: number): Promise<number> {
  const [row] = await selectRows(
    db,
    unreadCountRow,
    sql`select count(*)::int as n from (
          select 1 from chat_messages
          where recipient_id = ${userId}::uuid and read_at is null
          limit ${cap}) unread`,
  );
  return row?.n ?? 0;
}

/** Marks every unread message to `userId` in a conversation read. @returns how many */
export async function markRead(db: Database, conversationId: string, userId: string): Promise<number> {
  const rows = await db
    .update(chatMessages)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.recipientId, userId),
        isNull(chatMessages.readAt),
      ),
    )
    .returning({ id: chatMessages.id });
  return rows.length;
}

/** Block relations between the two members: who blocked whom. */
export async function selectBlocksBetween(
  db: Database,
  a: string,
  b: string,
): Promise<{ blockerId: string; blockedId: string }[]> {
  return db
    .select({ blockerId: chatBlocks.blockerId, blockedId: chatBlocks.blockedId })
    .from(chatBlocks)
    .where(
      or(
        and(eq(chatBlocks.blockerId, a), eq(chatBlocks.blockedId, b)),
        and(eq(chatBlocks.blockerId, b), eq(chatBlocks.blockedId, a)),
      ),
    );
}

/** Block relations between `userId` and any of `others`, either direction. */
export async function selectBlocksOf(
  db: Database,
  userId: string,
  others: readonly string[],
): Promise<{ blockerId: string; blockedId: string }[]> {
  if (others.length === 0) return [];
  return db
    .select({ blockerId: chatBlocks.blockerId, blockedId: chatBlocks.blockedId })
    .from(chatBlocks)
    .where(
      or(
        and(eq(chatBlocks.blockerId, userId), inArray(chatBlocks.blockedId, [...others])),
        and(eq(chatBlocks.blockedId, userId), inArray(chatBlocks.blockerId, [...others])),
      ),
    );
}

/** Stores a block; an existing one stays. */
export async function insertBlock(db: Database, blockerId: string, blockedId: string): Promise<void> {
  await db.insert(chatBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

/** Removes a block; none is no error. */
export async function deleteBlock(db: Database, blockerId: string, blockedId: string): Promise<void> {
  await db
    .delete(chatBlocks)
    .where(and(eq(chatBlocks.blockerId, blockerId), eq(chatBlocks.blockedId, blockedId)));
}

/** How many messages a conversation's buyer and seller wrote ({@link countMessagesPerSide}). */
const messagesPerSideRow = z.object({ id: z.string(), buyer: rowCount, seller: rowCount });

/**
 * For each conversation, how many messages its buyer and its seller wrote, each counted only up
 * to `cap` (enough for the rating rule; stays cheap in long conversations).
 */
export async function countMessagesPerSide(
  db: Database,
  conversationIds: readonly string[],
  cap: number,
): Promise<Map<string, { buyer: number; seller: number }>> {
  if (conversationIds.length === 0) return new Map();
  const ids = sql.join(
    conversationIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await selectRows(
    db,
    messagesPerSideRow,
    sql`select c.id,
          (select count(*)::int from (select 1 from chat_messages m
             where m.conversation_id = c.id and m.sender_id = c.buyer_id limit ${cap}) b) as buyer,
          (select count(*)::int from (select 1 from chat_messages m
             where m.conversation_id = c.id and m.sender_id = c.seller_id limit ${cap}) s) as seller
        from chat_conversations c where c.id in (${ids})`,
  );
  return new Map(rows.map((row) => [row.id, { buyer: row.buyer, seller: row.seller }]));
}

/**
 * Select-list column `"answerCounts"` for other modules' reads of member cards (docs/decisions/0006:
 * read, never written, in one query for speed): `{ received, answered }` as JSON for the member
 * `userId` (an SQL expression such as `u.id`), counted as the answer rate needs them
 * (conversations another member started with them and wrote in; those they answered), or null
 * when there are none. Turn it into the rate with `answerRateOf`. One index range per row.
 */
export function answerCountsColumn(userId: SQL): SQL {
  return sql`(select json_build_object('received', count(*), 'answered', count(*) filter (where exists (
        select 1 from chat_messages m where m.conversation_id = c.id and m.sender_id = c.seller_id)))
      from chat_conversations c
      where c.seller_id = ${userId}
        and exists (select 1 from chat_messages m where m.conversation_id = c.id and m.sender_id = c.buyer_id)
      having count(*) > 0) as "answerCounts"`;
}
