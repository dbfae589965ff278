import { randomUUID } from 'node:crypto';
import {
  APPOINTMENT_AHEAD_MAX_DAYS,
  APPOINTMENT_DURATION_MINUTES,
  APPOINTMENT_TYPE_NAMES,
  type Appointment,
  type AppointmentType,
  type ChatMessage,
  type ChatMessageKind,
} from '@marketplace/contract';
import { berlinToUtc, formatBerlin, utcToBerlinIso } from '../../lib/berlin-time.ts';
import { AppError } from '../../lib/errors.ts';
import type { Emit } from '../../realtime/event-bus.ts';
import type { Actor } from '../users/index.ts';
import {
  insertAppointment,
  lockAppointment,
  selectAppointments,
  setAppointmentStatus,
} from './appointment-queries.ts';
import { UUID_PATTERN } from './constants.ts';
import type { ChatDeps } from './deps.ts';
import { otherMemberOf } from './policies.ts';
import { toChatMessage } from './present.ts';
import * as queries from './queries.ts';
import type { AppointmentRow, ConversationRow, MessageRow } from './schema.ts';
import { storeMessage } from './sending.ts';

/**
 * Appointments in a conversation ('Besichtigung' or 'Abholung', contract `calendar.ts`): either
 * member proposes a time and place; the other accepts, declines or proposes another time; an
 * accepted appointment (or one's own open proposal) can be cancelled with a note. Each step is a
 * chat message of its own kind, stored with the appointment's change in the conversation's
 * transaction, and records `appointment.changed` there (its notifications are durable
 * reactions, docs/decisions/0022).
 */

/** German texts of the appointments' rules. */
export const appointmentTexts = {
  notFound: 'Diesen Termin gibt es nicht.',
  past: "Feld 'starts_at': Der Termin muss in der Zukunft liegen.",
  tooFar: `Feld 'starts_at': Ein Termin kann höchstens ${APPOINTMENT_AHEAD_MAX_DAYS} Tage im Voraus vereinbart werden.`,
  own: 'Auf deinen eigenen Terminvorschlag kannst du nicht antworten.',
  notOpen: 'Auf diesen Terminvorschlag wurde schon geantwortet.',
  notCancellable: 'Absagen kannst du nur einen vereinbarten Termin oder deinen eigenen offenen Vorschlag.',
  over: 'Dieser Termin liegt schon in der Vergangenheit.',
} as const;

/** A proposal after the contract's checks (`appointmentProposalSchema`). */
export interface ProposalInput {
  type: AppointmentType;
  starts_at: string;
  place: string;
  note?: string | undefined;
  client_id?: string | undefined;
}

/** What `viewerId` may do with an appointment now (contract `appointmentPermissionsSchema`). */
export function appointmentPermissions(
  row: AppointmentRow,
  viewerId: string,
  canSend: boolean,
  now = new Date(),
) {
  const upcoming = row.startsAt > now;
  const answerable = canSend && upcoming && row.status === 'proposed' && row.recipientId === viewerId;
  const member = row.proposerId === viewerId || row.recipientId === viewerId;
  return {
    accept: answerable,
    decline: answerable,
    counter: answerable,
    cancel:
      canSend &&
      upcoming &&
      member &&
      (row.status === 'accepted' || (row.status === 'proposed' && row.proposerId === viewerId)),
  };
}

/** An appointment in the contract's shape as `viewerId` sees it. */
export function toAppointment(
  row: AppointmentRow,
  conversation: Pick<ConversationRow, 'listingId'>,
  viewerId: string,
  canSend = true,
): Appointment {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    listing_id: conversation.listingId,
    proposer_id: row.proposerId,
    type: row.type,
    status: row.status,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    starts_at_local: utcToBerlinIso(row.startsAt),
    place: row.place,
    note: row.note,
    replaces_id: row.replacesId,
    can: appointmentPermissions(row, viewerId, canSend),
  };
}

/**
 * Messages in the contract's shape with their appointments as they stand now, for `viewerId`.
 * @param canSend false while either member blocks the other (then nothing can be answered)
 */
export async function toChatMessages(
  deps: ChatDeps,
  rows: readonly MessageRow[],
  conversation: Pick<ConversationRow, 'listingId'>,
  viewerId: string,
  canSend = true,
): Promise<ChatMessage[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.appointmentId ? [row.appointmentId] : [])))];
  const appointments = await selectAppointments(deps.db, ids);
  return rows.map((row) => {
    const message = toChatMessage(row, viewerId, canSend);
    const appointment = row.appointmentId ? appointments.get(row.appointmentId) : undefined;
    return appointment
      ? { ...message, appointment: toAppointment(appointment, conversation, viewerId, canSend) }
      : message;
  });
}

/** 'Besichtigung am So., 31.10.2027, 02:30 Uhr' */
function describe(type: AppointmentType, startsAt: Date): string {
  return `${APPOINTMENT_TYPE_NAMES[type]} am ${formatBerlin(startsAt)}`;
}

/**
 * The instant of a proposed wall-clock time, which must lie in the future and at most
 * {@link APPOINTMENT_AHEAD_MAX_DAYS} days ahead.
 * @throws AppError validation (422) for a past, too distant, skipped or impossible time
 */
function proposedStart(local: string, now: Date): Date {
  const startsAt = berlinToUtc(local, 'starts_at');
  if (startsAt <= now) throw new AppError('validation', appointmentTexts.past);
  if (startsAt.getTime() - now.getTime() > APPOINTMENT_AHEAD_MAX_DAYS * 86_400_000)
    throw new AppError('validation', appointmentTexts.tooFar);
  return startsAt;
}

/** The payload of `appointment.changed` for a step on `row`. */
function changed(
  row: AppointmentRow,
  conversation: ConversationRow,
  actorId: string,
  step: 'proposed' | 'countered' | 'accepted' | 'declined' | 'cancelled',
  note: string,
) {
  const other = otherMemberOf(conversation, actorId);
  return {
    appointmentId: row.id,
    conversationId: conversation.id,
    listingId: conversation.listingId,
    actorId,
    recipientIds: step === 'accepted' ? [actorId, other] : [other],
    step,
    type: row.type,
    startsAt: row.startsAt.toISOString(),
    place: row.place,
    note,
  };
}

/** The answer of every appointment step: the message (with its appointment) and whether it is new. */
async function answer(
  deps: ChatDeps,
  actor: Actor,
  result: { message: MessageRow; created: boolean; conversation: ConversationRow },
): Promise<{ message: ChatMessage; created: boolean }> {
  const [message] = await toChatMessages(deps, [result.message], result.conversation, actor.id);
  if (!message) throw new Error('the appointment message was not presented');
  return { message, created: result.created };
}

/**
 * `POST /api/chat/conversations/{id}/appointments` (a proposal) and
 * `POST …/appointments/{appointmentId}/counter` (`replacesId`: another time for an open proposal
 * of the other member, which becomes `countered`). Stores the appointment and its message
 * (kind `appointment`) in one transaction; a retry with the same `client_id` answers the stored
 * message.
 * @throws AppError conversation_not_found (404), conversation_forbidden (403), not_found (404)
 *   for an unknown proposal, conflict (409) for one already answered, forbidden (403) for one's
 *   own, validation (422) for a past or impossible time, chat_blocked (403), rate_limited (429)
 */
export async function proposeAppointment(
  deps: ChatDeps,
  actor: Actor,
  conversationId: string,
  body: ProposalInput,
  replacesId: string | null = null,
  now = new Date(),
): Promise<{ message: ChatMessage; created: boolean }> {
  if (replacesId !== null && !UUID_PATTERN.test(replacesId))
    throw new AppError('not_found', appointmentTexts.notFound);
  const startsAt = proposedStart(body.starts_at, now);
  const id = randomUUID();
  const note = body.note ?? '';
  const preview = `📅 ${replacesId ? 'Neuer Terminvorschlag' : 'Terminvorschlag'}: ${describe(body.type, startsAt)}`;
  const result = await storeMessage(
    deps,
    actor,
    conversationId,
    () => ({
      kind: 'appointment',
      content: note,
      image: null,
      amountCents: null,
      offerId: null,
      appointmentId: id,
      clientId: body.client_id ?? null,
      preview,
    }),
    async (tx, conversation, emit: Emit) => {
      if (replacesId !== null) {
        const replaced = await lockAppointment(tx, conversation.id, replacesId);
        checkAnswerable(replaced, actor, now);
        await setAppointmentStatus(tx, replacesId, 'countered');
      }
      const row = await insertAppointment(tx, {
        id,
        conversationId: conversation.id,
        proposerId: actor.id,
        recipientId: otherMemberOf(conversation, actor.id),
        type: body.type,
        startsAt,
        endsAt: new Date(startsAt.getTime() + APPOINTMENT_DURATION_MINUTES * 60_000),
        place: body.place,
        note,
        replacesId,
      });
      emit(
        'appointment.changed',
        changed(row, conversation, actor.id, replacesId ? 'countered' : 'proposed', note),
      );
    },
  );
  return answer(deps, actor, result);
}

/**
 * That `row` is an open proposal of the other member, not begun yet.
 * @throws AppError not_found (404), forbidden (403) for one's own, conflict (409) when answered
 *   or over
 */
function checkAnswerable(
  row: AppointmentRow | undefined,
  actor: Actor,
  now: Date,
): asserts row is AppointmentRow {
  if (!row) throw new AppError('not_found', appointmentTexts.notFound);
  if (row.proposerId === actor.id) throw new AppError('forbidden', appointmentTexts.own);
  if (row.status !== 'proposed') throw new AppError('conflict', appointmentTexts.notOpen);
  if (row.startsAt <= now) throw new AppError('conflict', appointmentTexts.over);
}

const STEP_KINDS = {
  accept: 'appointment_accepted',
  decline: 'appointment_declined',
  cancel: 'appointment_cancelled',
} as const satisfies Record<string, ChatMessageKind>;

/**
 * `POST /api/chat/conversations/{id}/appointments/{appointmentId}/accept|decline|cancel`: the
 * other member accepts or declines an open proposal; either member cancels an accepted
 * appointment, the proposer also their own open proposal. The step is a message of its own kind
 * (with the note as its text), stored with the new state in one transaction.
 * @throws AppError conversation_not_found (404), conversation_forbidden (403), not_found (404),
 *   forbidden (403) for answering one's own proposal, conflict (409) when the state does not
 *   allow the step (answered, cancelled, over), chat_blocked (403), rate_limited (429)
 */
export async function answerAppointment(
  deps: ChatDeps,
  actor: Actor,
  conversationId: string,
  appointmentId: string,
  step: keyof typeof STEP_KINDS,
  body: { note?: string | undefined; client_id?: string | undefined },
  now = new Date(),
): Promise<{ message: ChatMessage; created: boolean }> {
  if (!UUID_PATTERN.test(appointmentId)) throw new AppError('not_found', appointmentTexts.notFound);
  const known = UUID_PATTERN.test(conversationId)
    ? (await selectAppointments(deps.db, [appointmentId])).get(appointmentId)
    : undefined;
  const note = body.note ?? '';
  const verb = { accept: 'Termin zugesagt', decline: 'Termin abgelehnt', cancel: 'Termin abgesagt' }[step];
  const result = await storeMessage(
    deps,
    actor,
    conversationId,
    () => ({
      kind: STEP_KINDS[step],
      content: note,
      image: null,
      amountCents: null,
      offerId: null,
      appointmentId,
      clientId: body.client_id ?? null,
      preview: known ? `📅 ${verb}: ${describe(known.type, known.startsAt)}` : `📅 ${verb}`,
    }),
    async (tx, conversation, emit: Emit) => {
      const row = await lockAppointment(tx, conversation.id, appointmentId);
      if (step === 'cancel') {
        if (!row) throw new AppError('not_found', appointmentTexts.notFound);
        if (!appointmentPermissions(row, actor.id, true, now).cancel) {
          throw new AppError(
            'conflict',
            row.startsAt <= now ? appointmentTexts.over : appointmentTexts.notCancellable,
          );
        }
      } else {
        checkAnswerable(row, actor, now);
      }
      const status = step === 'accept' ? 'accepted' : step === 'decline' ? 'declined' : 'cancelled';
      await setAppointmentStatus(tx, row.id, status);
      emit('appointment.changed', changed(row, conversation, actor.id, status, note));
    },
  );
  return answer(deps, actor, result);
}

/** An appointment as the calendar and its reminders need it, with its conversation's members and ad. */
export interface MemberAppointment {
  row: AppointmentRow;
  conversation: ConversationRow;
}

/**
 * The conversations of appointments, for the calendar module (through the door).
 * @returns the appointments whose conversation still exists, in the given order
 */
export async function withConversations(
  deps: Pick<ChatDeps, 'db'>,
  rows: readonly AppointmentRow[],
): Promise<MemberAppointment[]> {
  const ids = [...new Set(rows.map((row) => row.conversationId))];
  const conversations = await Promise.all(ids.map((id) => queries.selectConversation(deps.db, id)));
  const byId = new Map(conversations.flatMap((row) => (row ? [[row.id, row] as const] : [])));
  return rows.flatMap((row) => {
    const conversation = byId.get(row.conversationId);
    return conversation ? [{ row, conversation }] : [];
  });
}
