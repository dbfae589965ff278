import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../db/client.ts';
import {
  type ConversationRow,
  chatBlocks,
  chatConversations,
  chatMessages,
  chatReports,
  type MessageRow,
} from './schema.ts';

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

/** Unread messages to `userId` over all conversations, counted up to `cap`. */
export async function countUnreadCapped(db: Database, userId: string, cap: number): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select 1 from chat_messages
          where recipient_id = ${userId}::uuid and read_at is null
          limit ${cap}) unread`,
  );
  return Number(row?.n ?? 0);
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

/** Stores or replaces `reporterId`'s report of a conversation. */
export async function upsertReport(
  db: Database,
  values: { conversationId: string; reporterId: string; reason: string; text: string | null },
): Promise<void> {
  await db
    .insert(chatReports)
    .values(values)
    .onConflictDoUpdate({
      target: [chatReports.conversationId, chatReports.reporterId],
      set: { reason: values.reason, text: values.text, createdAt: new Date() },
    });
}

/** Which of the conversations `userId` has reported. */
export async function selectReportedConversations(
  db: Database,
  userId: string,
  conversationIds: readonly string[],
): Promise<Set<string>> {
  if (conversationIds.length === 0) return new Set();
  const rows = await db
    .select({ id: chatReports.conversationId })
    .from(chatReports)
    .where(
      and(eq(chatReports.reporterId, userId), inArray(chatReports.conversationId, [...conversationIds])),
    );
  return new Set(rows.map((row) => row.id));
}

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
  const rows = await selectRows<{ id: string; buyer: number; seller: number }>(
    db,
    sql`select c.id,
          (select count(*)::int from (select 1 from chat_messages m
             where m.conversation_id = c.id and m.sender_id = c.buyer_id limit ${cap}) b) as buyer,
          (select count(*)::int from (select 1 from chat_messages m
             where m.conversation_id = c.id and m.sender_id = c.seller_id limit ${cap}) s) as seller
        from chat_conversations c where c.id in (${ids})`,
  );
  return new Map(rows.map((row) => [row.id, { buyer: Number(row.buyer), seller: Number(row.seller) }]));
}

/** A message of a conversation, or undefined. */
export async function selectMessage(
  db: Database,
  conversationId: string,
  messageId: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.id, messageId)));
  return row;
}

/** A `chat_messages` row as `row_to_json` answers it (raw SQL keeps the column names). */
interface MessageJson {
  id: string;
  seq: number;
  conversation_id: string;
  sender_id: string;
  recipient_id: string;
  kind: MessageRow['kind'];
  content: string;
  image: string | null;
  amount_cents: number | null;
  offer_id: string | null;
  offer_status: MessageRow['offerStatus'];
  client_id: string | null;
  created_at: string;
  read_at: string | null;
}

function messageFromJson(row: MessageJson): MessageRow {
  return {
    id: row.id,
    seq: Number(row.seq),
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    recipientId: row.recipient_id,
    kind: row.kind,
    content: row.content,
    image: row.image,
    amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
    offerId: row.offer_id,
    offerStatus: row.offer_status,
    clientId: row.client_id,
    createdAt: new Date(row.created_at),
    readAt: row.read_at ? new Date(row.read_at) : null,
  };
}

/** A message to store: its columns without id, order and times, and its preview for the list. */
export interface MessageToStore {
  conversationId: string;
  senderId: string;
  recipientId: string;
  kind: MessageRow['kind'];
  content: string;
  image: string | null;
  amountCents: number | null;
  offerId: string | null;
  offerStatus: MessageRow['offerStatus'];
  clientId: string | null;
  /** Kept on the conversation row as `last_message_preview`. */
  preview: string;
}

/**
 * What the checks before storing a message found (see {@link checkAndCountSend}): the message the
 * sender already stored with the same `client_id`, whether either member blocks the other, and
 * the sending limit's count in the current window (including this message) with the window's
 * end; `quota` is null when nothing was counted (a repeat or a block). `message` is the stored
 * message when the same statement also stored it ({@link sendInOneStatement}).
 */
export interface SendCheck {
  earlier: MessageRow | undefined;
  blocked: boolean;
  quota: { count: number; windowEnds: Date } | null;
  message: MessageRow | undefined;
}

interface SendCheckRaw {
  earlier: MessageJson | null;
  blocked: boolean;
  quota: { count: number; window_start: string } | null;
  message: MessageJson | null;
}

/**
 * The CTEs that look for an earlier message with the same `client_id`, look for a block between
 * the two members and, only when neither exists, count one message against the sender's limit
 * (one upsert, atomic under parallel requests; the window starts with the first message and
 * lasts `windowMs`).
 */
function checkCtes(message: MessageToStore, windowMs: number): SQL {
  const sender = sql`${message.senderId}::uuid`;
  const recipient = sql`${message.recipientId}::uuid`;
  const expired = sql`chat_send_counters.window_start <= now() - ${`${windowMs} milliseconds`}::interval`;
  return sql`earlier as (
      select * from chat_messages
       where ${message.clientId !== null}
         and conversation_id = ${message.conversationId}::uuid and sender_id = ${sender}
         and client_id = ${message.clientId}::uuid
    ),
    blocked as (
      select exists (
        select 1 from chat_blocks
         where (blocker_id = ${sender} and blocked_id = ${recipient})
            or (blocker_id = ${recipient} and blocked_id = ${sender})
      ) as yes
    ),
    quota as (
      insert into chat_send_counters (user_id, window_start, count)
      select ${sender}, now(), 1
       where not exists (select 1 from earlier) and not (select yes from blocked)
      on conflict (user_id) do update set
        window_start = case when ${expired} then now() else chat_send_counters.window_start end,
        count = case when ${expired} then 1 else chat_send_counters.count + 1 end
      returning count, window_start
    )`;
}

/**
 * The CTEs that insert the message with the current clock time (so times follow the storage
 * order; a repeated `(conversation, sender, client_id)` stores nothing) when `condition` holds,
 * and keep it as the conversation's newest (for the list and its order).
 */
function insertCtes(message: MessageToStore, condition: SQL): SQL {
  return sql`inserted as (
      insert into chat_messages (conversation_id, sender_id, recipient_id, kind, content, image,
                                 amount_cents, offer_id, offer_status, client_id, created_at)
      select ${message.conversationId}::uuid, ${message.senderId}::uuid, ${message.recipientId}::uuid,
             ${message.kind}, ${message.content}, ${message.image}, ${message.amountCents}::bigint,
             ${message.offerId}::uuid, ${message.offerStatus}, ${message.clientId}::uuid, clock_timestamp()
       where ${condition}
      on conflict do nothing
      returning *
    ),
    touched as (
      update chat_conversations c
         set last_activity_at = i.created_at, last_message_id = i.id,
             last_message_preview = ${message.preview}, last_message_kind = i.kind,
             last_message_sender_id = i.sender_id
        from inserted i
       where c.id = i.conversation_id
      returning c.id
    )`;
}

function toSendCheck(raw: SendCheckRaw | undefined, windowMs: number): SendCheck {
  if (!raw) throw new Error('the send checks answered no row');
  return {
    earlier: raw.earlier ? messageFromJson(raw.earlier) : undefined,
    blocked: raw.blocked,
    quota: raw.quota
      ? {
          count: Number(raw.quota.count),
          windowEnds: new Date(new Date(raw.quota.window_start).getTime() + windowMs),
        }
      : null,
    message: raw.message ? messageFromJson(raw.message) : undefined,
  };
}

/**
 * The checks before storing a message, in one statement inside the transaction that locked the
 * conversation (a statement after the lock, so it sees what an earlier holder of the lock
 * committed): the earlier message with the same `client_id`, a block, and the sending limit
 * counted (a refused or failed send rolls the count back with its transaction). Stores nothing
 * else; the message follows with {@link insertMessage}.
 */
export async function checkAndCountSend(
  tx: Database,
  message: MessageToStore,
  windowMs: number,
): Promise<SendCheck> {
  const [raw] = await selectRows<SendCheckRaw>(
    tx,
    sql`with ${checkCtes(message, windowMs)}
        select (select row_to_json(e) from earlier e limit 1) as earlier,
               (select yes from blocked) as blocked,
               (select row_to_json(q) from quota q) as quota,
               null::json as message`,
  );
  return toSendCheck(raw, windowMs);
}

/**
 * {@link checkAndCountSend} and {@link insertMessage} in one statement, for messages without
 * further checks between them: the message is stored only when it is no repeat, no block stands
 * and the count stays within `limit`; otherwise `message` is undefined and the caller refuses
 * (rolling back the count).
 */
export async function sendInOneStatement(
  tx: Database,
  message: MessageToStore,
  windowMs: number,
  limit: number,
): Promise<SendCheck> {
  const [raw] = await selectRows<SendCheckRaw>(
    tx,
    sql`with ${checkCtes(message, windowMs)},
        ${insertCtes(message, sql`(select count from quota) <= ${limit}`)}
        select (select row_to_json(e) from earlier e limit 1) as earlier,
               (select yes from blocked) as blocked,
               (select row_to_json(q) from quota q) as quota,
               (select row_to_json(i) from inserted i) as message`,
  );
  return toSendCheck(raw, windowMs);
}

/**
 * Stores a message (inside the transaction that locked its conversation) with the current
 * clock time and keeps it as the conversation's newest, in one statement; a repeated
 * `(conversation, sender, client_id)` stores nothing. @returns the new row, or undefined for a repeat
 */
export async function insertMessage(tx: Database, message: MessageToStore): Promise<MessageRow | undefined> {
  const [raw] = await selectRows<{ message: MessageJson | null }>(
    tx,
    sql`with ${insertCtes(message, sql`true`)}
        select (select row_to_json(i) from inserted i) as message`,
  );
  return raw?.message ? messageFromJson(raw.message) : undefined;
}

/** Sets the state of an offer message. */
export async function setOfferStatus(
  tx: Database,
  messageId: string,
  status: 'accepted' | 'declined' | 'countered',
): Promise<void> {
  await tx.update(chatMessages).set({ offerStatus: status }).where(eq(chatMessages.id, messageId));
}

/** Whether the conversation has an offer message still open. */
export async function selectOpenOffer(tx: Database, conversationId: string): Promise<MessageRow | undefined> {
  const [row] = await tx
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.offerStatus, 'open')))
    .limit(1);
  return row;
}

/**
 * A page of messages, returned oldest first. `direction` `before` takes the newest messages
 * before `position` (or the newest of all without it); `after` the oldest after it.
 * Fetches `limit + 1` so the caller knows whether more exist.
 */
export async function selectMessagePage(
  db: Database,
  conversationId: string,
  direction: 'before' | 'after',
  position: { createdAt: Date; seq: number } | null,
  limit: number,
): Promise<MessageRow[]> {
  const at = position
    ? sql`(${position.createdAt.toISOString()}::timestamptz, ${position.seq}::bigint)`
    : null;
  const order = sql`(${chatMessages.createdAt}, ${chatMessages.seq})`;
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        at ? (direction === 'before' ? sql`${order} < ${at}` : sql`${order} > ${at}`) : undefined,
      ),
    )
    .orderBy(
      ...(direction === 'before'
        ? [desc(chatMessages.createdAt), desc(chatMessages.seq)]
        : [asc(chatMessages.createdAt), asc(chatMessages.seq)]),
    )
    .limit(limit + 1);
  return rows;
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
