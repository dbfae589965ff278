import { z } from 'zod';
import { userText } from './text.ts';

/**
 * Appointments agreed in chat ('Besichtigung' or 'Abholung') and the member's calendar at
 * /calendar (SPEC.md §2 "/calendar", login required). SPEC.md does not show these calls; this
 * file is the contract the server and the web share.
 *
 * Times travel two ways: the form sends a wall-clock time in Europe/Berlin
 * (`YYYY-MM-DDTHH:mm`, as a `datetime-local` field gives it); the server stores UTC and answers
 * `starts_at` in UTC (ISO 8601 with `Z`) and `starts_at_local` in Europe/Berlin with that
 * moment's offset ('2027-10-31T02:30:00+01:00'), right across the switch to and from summer time.
 */

/** The time zone appointments are entered and shown in. */
export const APPOINTMENT_TIME_ZONE = 'Europe/Berlin';
/** How long an appointment lasts in calendars (minutes). */
export const APPOINTMENT_DURATION_MINUTES = 60;
/** Longest place of an appointment in characters. */
export const APPOINTMENT_PLACE_MAX = 200;
/** Longest note of an appointment (or of a decline or cancellation) in characters. */
export const APPOINTMENT_NOTE_MAX = 500;
/** How far ahead an appointment may be proposed (days). */
export const APPOINTMENT_AHEAD_MAX_DAYS = 365;
/** How long before an accepted appointment both members are reminded (minutes). */
export const APPOINTMENT_REMINDER_MINUTES = 60;

/** Kinds of appointment: a viewing ('Besichtigung') or a pickup ('Abholung'). */
export const appointmentTypeSchema = z.enum(['viewing', 'pickup'], {
  error: 'Bitte wähle „Besichtigung“ oder „Abholung“.',
});
export type AppointmentType = z.infer<typeof appointmentTypeSchema>;

/** German names of the kinds. */
export const APPOINTMENT_TYPE_NAMES: Record<AppointmentType, string> = {
  viewing: 'Besichtigung',
  pickup: 'Abholung',
};

/**
 * State of an appointment: `proposed` until the other member accepts (`accepted`), declines
 * (`declined`) or proposes another time (`countered`: the new proposal is then the open one);
 * an accepted one may be `cancelled` by either member, a proposed one by its proposer.
 */
export const appointmentStatusSchema = z.enum(['proposed', 'accepted', 'declined', 'countered', 'cancelled']);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

/** A wall-clock time in Europe/Berlin as the form's `datetime-local` field sends it. */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

const noteSchema = userText({ multiline: true })
  .trim()
  .max(APPOINTMENT_NOTE_MAX, `Die Notiz darf höchstens ${APPOINTMENT_NOTE_MAX} Zeichen lang sein.`);

/**
 * `POST /api/chat/conversations/{id}/appointments` (propose) and
 * `POST …/appointments/{appointmentId}/counter` (propose another time): `starts_at` a future
 * wall-clock time in Europe/Berlin (a time that does not exist, the hour skipped in March, is a
 * 422; in the hour that occurs twice in October the second, standard time, is meant), `place`
 * 1–200 characters, `note` up to 500; `client_id` makes a retry idempotent.
 */
export const appointmentProposalSchema = z.object({
  type: appointmentTypeSchema,
  starts_at: z
    .string({ error: 'Bitte gib Datum und Uhrzeit an.' })
    .trim()
    .min(1, 'Bitte gib Datum und Uhrzeit an.')
    .regex(LOCAL_DATE_TIME, 'Bitte gib Datum und Uhrzeit im Format TT.MM.JJJJ, HH:MM an.'),
  place: userText({ error: 'Bitte gib einen Ort an.' })
    .trim()
    .min(1, 'Bitte gib einen Ort an.')
    .max(APPOINTMENT_PLACE_MAX, `Der Ort darf höchstens ${APPOINTMENT_PLACE_MAX} Zeichen lang sein.`),
  note: noteSchema.optional(),
  client_id: z.uuid('Ungültige client_id.').optional(),
});
export type AppointmentProposal = z.input<typeof appointmentProposalSchema>;

/** `POST …/appointments/{appointmentId}/accept|decline|cancel`: an optional note to the other side. */
export const appointmentAnswerSchema = z.object({
  note: noteSchema.optional(),
  client_id: z.uuid('Ungültige client_id.').optional(),
});
export type AppointmentAnswer = z.input<typeof appointmentAnswerSchema>;

/** What the caller may do with an appointment now (server policy). */
export const appointmentPermissionsSchema = z.object({
  accept: z.boolean(),
  decline: z.boolean(),
  counter: z.boolean(),
  cancel: z.boolean(),
});

/**
 * One appointment as a chat message carries it. `starts_at`/`ends_at` in UTC, `starts_at_local`
 * in Europe/Berlin with offset; `replaces_id` the proposal it counters.
 */
export const appointmentSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  listing_id: z.string().nullable(),
  proposer_id: z.string(),
  type: appointmentTypeSchema,
  status: appointmentStatusSchema,
  starts_at: z.string(),
  ends_at: z.string(),
  starts_at_local: z.string(),
  place: z.string(),
  note: z.string(),
  replaces_id: z.string().nullable(),
  can: appointmentPermissionsSchema,
});
export type Appointment = z.infer<typeof appointmentSchema>;

/**
 * `GET /api/calendar?from=&to=`: the caller's appointments (proposed and accepted) and the
 * local events they take part in, starting in [from, to) (ISO 8601 instants; at most 400 days
 * apart; default: from now on 90 days).
 */
export const calendarQuerySchema = z.object({
  from: z.iso.datetime({ offset: true, error: "Parameter 'from': Bitte gib einen Zeitpunkt an." }).optional(),
  to: z.iso.datetime({ offset: true, error: "Parameter 'to': Bitte gib einen Zeitpunkt an." }).optional(),
});
export type CalendarQuery = z.input<typeof calendarQuerySchema>;

/** Longest span of `GET /api/calendar` (days). */
export const CALENDAR_RANGE_MAX_DAYS = 400;

/**
 * One entry of the calendar. `kind` `appointment` links its conversation (`link`
 * `/chat?conversation={id}`) and ad; `event` links the event page. `status` is the appointment's
 * or `accepted` for an event.
 */
export const calendarEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['appointment', 'event']),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  starts_at_local: z.string(),
  place: z.string(),
  status: appointmentStatusSchema,
  appointment_type: appointmentTypeSchema.nullable(),
  link: z.string(),
  conversation_id: z.string().nullable(),
  listing_id: z.string().nullable(),
  listing_title: z.string().nullable(),
  other_member_name: z.string().nullable(),
  note: z.string(),
});
export type CalendarEntry = z.infer<typeof calendarEntrySchema>;

export const calendarEntryListSchema = z.object({ entries: z.array(calendarEntrySchema) });
export type CalendarEntryList = z.infer<typeof calendarEntryListSchema>;

/**
 * `GET` and `POST /api/calendar/subscription`: the member's personal iCalendar address for
 * Google, Apple or Outlook calendars (`url` https://…/api/calendar/feed/{token}.ics, `webcal`
 * the same with `webcal://`); null while none was made. `POST` makes one or renews it: the old
 * address then answers 404.
 */
export const calendarSubscriptionSchema = z.object({
  url: z.string().nullable(),
  webcal: z.string().nullable(),
});
export type CalendarSubscription = z.infer<typeof calendarSubscriptionSchema>;
