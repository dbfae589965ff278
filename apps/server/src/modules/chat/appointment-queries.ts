import { and, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type AppointmentRow, chatAppointments } from './schema.ts';

/** The appointments' SQL (contract `calendar.ts`); their rules are in `appointments.ts`. */

/** An appointment of a conversation, its row locked until the transaction ends; or undefined. */
export async function lockAppointment(
  tx: Database,
  conversationId: string,
  id: string,
): Promise<AppointmentRow | undefined> {
  const [row] = await tx
    .select()
    .from(chatAppointments)
    .where(and(eq(chatAppointments.conversationId, conversationId), eq(chatAppointments.id, id)))
    .for('update');
  return row;
}

/** Stores a new proposal. */
export async function insertAppointment(
  tx: Database,
  values: Omit<AppointmentRow, 'status' | 'remindedAt' | 'createdAt' | 'updatedAt'>,
): Promise<AppointmentRow> {
  const [row] = await tx.insert(chatAppointments).values(values).returning();
  if (!row) throw new Error('the appointment was not stored');
  return row;
}

/** Sets the state of an appointment. */
export async function setAppointmentStatus(
  tx: Database,
  id: string,
  status: AppointmentRow['status'],
): Promise<void> {
  await tx.update(chatAppointments).set({ status, updatedAt: sql`now()` }).where(eq(chatAppointments.id, id));
}

/** Appointments by id (unknown ids left out). */
export async function selectAppointments(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, AppointmentRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(chatAppointments)
    .where(inArray(chatAppointments.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * A member's appointments (as proposer or recipient) that are proposed or accepted and start in
 * [from, to), earliest first; with `to` null every one from `from` on (the calendar feed).
 */
export async function selectMemberAppointments(
  db: Database,
  userId: string,
  from: Date,
  to: Date | null,
): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(chatAppointments)
    .where(
      and(
        or(eq(chatAppointments.proposerId, userId), eq(chatAppointments.recipientId, userId)),
        inArray(chatAppointments.status, ['proposed', 'accepted']),
        sql`${chatAppointments.startsAt} >= ${from.toISOString()}::timestamptz`,
        to ? lt(chatAppointments.startsAt, to) : undefined,
      ),
    )
    .orderBy(chatAppointments.startsAt)
    .limit(1000);
}

/**
 * Marks accepted appointments starting within `withinMs` after now (and not yet begun) as
 * reminded, at most `limit`, rows taken with SKIP LOCKED so that parallel runs share them; in
 * the caller's transaction, which writes the reminders too.
 * @returns the marked appointments
 */
export async function claimDueReminders(
  tx: Database,
  withinMs: number,
  limit: number,
): Promise<AppointmentRow[]> {
  const due = await tx
    .select({ id: chatAppointments.id })
    .from(chatAppointments)
    .where(
      and(
        eq(chatAppointments.status, 'accepted'),
        isNull(chatAppointments.remindedAt),
        gt(chatAppointments.startsAt, sql`now()`),
        lte(chatAppointments.startsAt, sql`now() + ${`${withinMs} milliseconds`}::interval`),
      ),
    )
    .orderBy(chatAppointments.startsAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  return tx
    .update(chatAppointments)
    .set({ remindedAt: sql`now()` })
    .where(
      inArray(
        chatAppointments.id,
        due.map((row) => row.id),
      ),
    )
    .returning();
}
