import { randomBytes } from 'node:crypto';
import {
  APPOINTMENT_REMINDER_MINUTES,
  APPOINTMENT_TYPE_NAMES,
  CALENDAR_RANGE_MAX_DAYS,
  type CalendarEntry,
  type CalendarEntryList,
  type CalendarSubscription,
} from '@marketplace/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { utcToBerlinIso } from '../../lib/berlin-time.ts';
import { AppError } from '../../lib/errors.ts';
import type { CalendarAppointment, ChatAppointments } from '../chat/index.ts';
import { type ParticipatedEvent, participatedEvents } from '../local-events/index.ts';
import {
  deliverNotifications,
  type NotificationWriteDeps,
  notifyMemberInTransaction,
} from '../notifications/index.ts';
import { displayName, findAccounts } from '../users/index.ts';
import { calendarFeeds } from './schema.ts';
import { appointmentReminderText } from './texts.ts';

/** What the calendar's use cases need from the running application. */
export interface CalendarDeps {
  db: Database;
  appointments: ChatAppointments;
  /** This site's address without a trailing slash (feed addresses, links in the feed). */
  publicUrl: string;
  siteName: string;
}

/** Default span of `GET /api/calendar` without `to` (days). */
const DEFAULT_RANGE_DAYS = 90;
const DAY_MS = 86_400_000;

/** Names of members by id ('Benutzer' for a removed one). */
async function namesOf(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  const accounts = await findAccounts(db, [...new Set(ids)]);
  return new Map(accounts.map((account) => [account.id, displayName(account)]));
}

/**
 * The title of an appointment in calendars: 'Besichtigung: <ad title>', or 'Abholung mit
 * <member>' when the conversation is about no ad (any more).
 */
export function appointmentTitle(appointment: CalendarAppointment, otherName: string): string {
  const kind = APPOINTMENT_TYPE_NAMES[appointment.type];
  return appointment.listingTitle ? `${kind}: ${appointment.listingTitle}` : `${kind} mit ${otherName}`;
}

/** The member of an appointment who is not `userId`. */
export function otherOf(appointment: CalendarAppointment, userId: string): string {
  return appointment.proposerId === userId ? appointment.recipientId : appointment.proposerId;
}

/** The calendar entry of an appointment for `userId`. */
function appointmentEntry(
  appointment: CalendarAppointment,
  userId: string,
  names: Map<string, string>,
): CalendarEntry {
  const otherName = names.get(otherOf(appointment, userId)) ?? 'Benutzer';
  return {
    id: appointment.id,
    kind: 'appointment',
    title: appointmentTitle(appointment, otherName),
    starts_at: appointment.startsAt.toISOString(),
    ends_at: appointment.endsAt.toISOString(),
    starts_at_local: utcToBerlinIso(appointment.startsAt),
    place: appointment.place,
    status: appointment.status,
    appointment_type: appointment.type,
    link: `/chat?conversation=${appointment.conversationId}`,
    conversation_id: appointment.conversationId,
    listing_id: appointment.listingId,
    listing_title: appointment.listingTitle,
    other_member_name: otherName,
    note: appointment.note,
  };
}

/** The calendar entry of an event the member takes part in. */
function eventEntry(event: ParticipatedEvent): CalendarEntry {
  return {
    id: event.id,
    kind: 'event',
    title: event.title,
    starts_at: event.startsAt.toISOString(),
    ends_at: event.endsAt.toISOString(),
    starts_at_local: utcToBerlinIso(event.startsAt),
    place: `${event.address}, ${event.postalCode} ${event.place}`,
    status: 'accepted',
    appointment_type: null,
    link: `/events/${event.id}`,
    conversation_id: null,
    listing_id: null,
    listing_title: null,
    other_member_name: null,
    note: '',
  };
}

/**
 * The member's appointments (proposed and accepted) and the events they take part in within
 * [from, to), or from `from` on when `to` is null, by start.
 */
export async function calendarEntries(
  deps: CalendarDeps,
  userId: string,
  from: Date,
  to: Date | null,
): Promise<CalendarEntry[]> {
  const [appointments, events] = await Promise.all([
    deps.appointments.forMember(userId, from, to),
    participatedEvents(deps.db, userId, from, to),
  ]);
  const names = await namesOf(
    deps.db,
    appointments.map((appointment) => otherOf(appointment, userId)),
  );
  return [...appointments.map((a) => appointmentEntry(a, userId, names)), ...events.map(eventEntry)].sort(
    (a, b) => a.starts_at.localeCompare(b.starts_at),
  );
}

/**
 * `GET /api/calendar`: the entries in [from, to); without `from` from now, without `to` 90 days
 * after `from` (SPEC.md §2 /calendar).
 * @throws AppError validation (422) when `to` is not after `from` or the span exceeds 400 days
 */
export async function listCalendar(
  deps: CalendarDeps,
  userId: string,
  query: { from?: string | undefined; to?: string | undefined },
  now = new Date(),
): Promise<CalendarEntryList> {
  const from = query.from ? new Date(query.from) : now;
  const to = query.to ? new Date(query.to) : new Date(from.getTime() + DEFAULT_RANGE_DAYS * DAY_MS);
  if (to <= from) throw new AppError('validation', "Parameter 'to': Das Ende muss nach dem Anfang liegen.");
  if (to.getTime() - from.getTime() > CALENDAR_RANGE_MAX_DAYS * DAY_MS)
    throw new AppError(
      'validation',
      `Parameter 'to': Der Zeitraum darf höchstens ${CALENDAR_RANGE_MAX_DAYS} Tage umfassen.`,
    );
  return { entries: await calendarEntries(deps, userId, from, to) };
}

/** The subscription addresses of a token. */
function subscriptionOf(deps: Pick<CalendarDeps, 'publicUrl'>, token: string | null): CalendarSubscription {
  if (!token) return { url: null, webcal: null };
  const url = `${deps.publicUrl}/api/calendar/feed/${token}.ics`;
  return { url, webcal: url.replace(/^https?:/, 'webcal:') };
}

/** `GET /api/calendar/subscription`: the member's feed address, or nulls while none was made. */
export async function getSubscription(deps: CalendarDeps, userId: string): Promise<CalendarSubscription> {
  const [row] = await deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return subscriptionOf(deps, row?.token ?? null);
}

/**
 * `POST /api/calendar/subscription`: makes the member's feed address, or renews it with a new
 * secret token (32 random bytes, base64url), after which the old address answers 404.
 */
export async function renewSubscription(deps: CalendarDeps, userId: string): Promise<CalendarSubscription> {
  const token = randomBytes(32).toString('base64url');
  await deps.db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } });
  return subscriptionOf(deps, token);
}

/** The member whose feed `token` is, or undefined for an unknown (or renewed) one. */
export async function feedOwner(deps: CalendarDeps, token: string): Promise<string | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await deps.db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.token, token));
  return row?.userId;
}

/** Appointments reminded of in one transaction; the job takes batches until none is left. */
const REMINDER_BATCH = 100;

/**
 * Reminds both members of every accepted appointment that starts within
 * {@link APPOINTMENT_REMINDER_MINUTES} minutes: in one transaction per batch the appointments
 * are marked reminded (rows taken with SKIP LOCKED, so parallel runs on several instances share
 * them) and the notifications (type `appointment`; a mail when that channel is on) are written,
 * so a reminder is neither lost nor sent twice. The job `calendar.reminders` runs it every
 * minute (docs/decisions/0014-job-queue.md).
 * @returns how many appointments were reminded of
 */
export async function sendAppointmentReminders(
  deps: CalendarDeps & { write: NotificationWriteDeps },
): Promise<number> {
  let total = 0;
  for (;;) {
    const { count, delivered } = await deps.db.transaction(async (tx) => {
      const due = await deps.appointments.claimDueReminders(
        tx,
        APPOINTMENT_REMINDER_MINUTES * 60_000,
        REMINDER_BATCH,
      );
      const names = await namesOf(
        tx,
        due.flatMap((a) => [a.proposerId, a.recipientId]),
      );
      const sent: Parameters<typeof deliverNotifications>[1][number][] = [];
      for (const appointment of due) {
        for (const userId of [appointment.proposerId, appointment.recipientId]) {
          const text = appointmentReminderText(
            appointment,
            names.get(otherOf(appointment, userId)) ?? 'Benutzer',
            appointment.listingTitle,
          );
          const notification = await notifyMemberInTransaction(
            tx,
            deps.write,
            userId,
            text,
            { userId: otherOf(appointment, userId), listingId: appointment.listingId },
            { mailWhenOn: true },
          );
          if (notification) sent.push({ userId, notification });
        }
      }
      return { count: due.length, delivered: sent };
    });
    await deliverNotifications(deps.write.realtime, delivered);
    total += count;
    if (count < REMINDER_BATCH) return total;
  }
}
