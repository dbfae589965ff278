import { type ChatWarning, chatWarningSchema } from '@marketplace/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, rowDate, selectRows } from '../../db/client.ts';
import { chatMessages, MESSAGE_KINDS, type MessageRow, OFFER_STATUSES } from './schema.ts';

/**
 * The messages' SQL: one message, a page of them, the state of offers, and storing a message
 * together with the checks before it (repeat, block, sending limit).
 */

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

/**
 * A `chat_messages` row as `row_to_json` answers it (column names, `bigint` as JSON numbers,
 * timestamps as ISO 8601 text), read into a {@link MessageRow}.
 */
const messageJson = z
  .object({
    id: z.string(),
    seq: z.number(),
    conversation_id: z.string(),
    sender_id: z.string(),
    recipient_id: z.string(),
    kind: z.enum(MESSAGE_KINDS),
    content: z.string(),
    image: z.string().nullable(),
    amount_cents: z.number().nullable(),
    offer_id: z.string().nullable(),
    offer_status: z.enum(OFFER_STATUSES).nullable(),
    appointment_id: z.string().nullable(),
    client_id: z.string().nullable(),
    created_at: rowDate,
    read_at: rowDate.nullable(),
    scam_signals: z.array(chatWarningSchema),
  })
  .transform(
    (row): MessageRow => ({
      id: row.id,
      seq: row.seq,
      conversationId: row.conversation_id,
      senderId: row.sender_id,
      recipientId: row.recipient_id,
      kind: row.kind,
      content: row.content,
      image: row.image,
      amountCents: row.amount_cents,
      offerId: row.offer_id,
      offerStatus: row.offer_status,
      appointmentId: row.appointment_id,
      clientId: row.client_id,
      createdAt: row.created_at,
      readAt: row.read_at,
      scamSignals: row.scam_signals,
    }),
  );

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
  /** Appointment kinds: the appointment proposed or answered. */
  appointmentId: string | null;
  clientId: string | null;
  /** The scam shield's signals in the text, worst first (`scam-signals.ts`). */
  scamSignals: ChatWarning[];
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

/** The row of the send checks ({@link checkAndCountSend}, {@link sendInOneStatement}). */
const sendCheckRow = z.object({
  earlier: messageJson.nullable(),
  blocked: z.boolean(),
  quota: z.object({ count: z.number(), window_start: rowDate }).nullable(),
  message: messageJson.nullable(),
});

/** The row of {@link insertMessage}: the stored message, null for a repeat. */
const insertedMessageRow = z.object({ message: messageJson.nullable() });

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
                                 amount_cents, offer_id, offer_status, appointment_id, client_id,
                                 scam_signals, created_at)
      select ${message.conversationId}::uuid, ${message.senderId}::uuid, ${message.recipientId}::uuid,
             ${message.kind}, ${message.content}, ${message.image}, ${message.amountCents}::bigint,
             ${message.offerId}::uuid, ${message.offerStatus}, ${message.appointmentId}::uuid,
             ${message.clientId}::uuid,
             ${`{${message.scamSignals.join(',')}}`}::text[], clock_timestamp()
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

function toSendCheck(raw: z.output<typeof sendCheckRow> | undefined, windowMs: number): SendCheck {
  if (!raw) throw new Error('the send checks answered no row');
  return {
    earlier: raw.earlier ?? undefined,
    blocked: raw.blocked,
    quota: raw.quota
      ? { count: raw.quota.count, windowEnds: new Date(raw.quota.window_start.getTime() + windowMs) }
      : null,
    message: raw.message ?? undefined,
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
  const [raw] = await selectRows(
    tx,
    sendCheckRow,
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
  const [raw] = await selectRows(
    tx,
    sendCheckRow,
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
  const [raw] = await selectRows(
    tx,
    insertedMessageRow,
    sql`with ${insertCtes(message, sql`true`)}
        select (select row_to_json(i) from inserted i) as message`,
  );
  return raw?.message ?? undefined;
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
