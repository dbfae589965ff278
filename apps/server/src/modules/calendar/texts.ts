import { APPOINTMENT_TYPE_NAMES, type AppointmentType } from '@marketplace/contract';
import { formatBerlin } from '../../lib/berlin-time.ts';
import type { NotificationText } from '../notifications/index.ts';

/** The German texts of the calendar: notifications of appointment steps and reminders (type `appointment`). */

/** 'Besichtigung am So., 31.10.2027, 02:30 Uhr in Berlin, Hauptstraße 1' */
export function appointmentSummary(type: AppointmentType, startsAt: Date, place: string): string {
  return `${APPOINTMENT_TYPE_NAMES[type]} am ${formatBerlin(startsAt)} – ${place}`;
}

const withNote = (text: string, note: string) => (note ? `${text} Notiz: „${note}“` : text);

/** What a notification about an appointment step names. */
export interface AppointmentStep {
  step: 'proposed' | 'countered' | 'accepted' | 'declined' | 'cancelled';
  conversationId: string;
  type: AppointmentType;
  startsAt: Date;
  place: string;
  note: string;
}

/**
 * The notification of an appointment step to `recipientId`, from `actorName`: a proposal, another
 * time, a decline or a cancellation go to the other member and open the conversation; an
 * accepted appointment is told to both and opens /calendar.
 */
export function appointmentNotificationText(
  event: AppointmentStep,
  actorName: string,
  toActor: boolean,
): NotificationText {
  const summary = appointmentSummary(event.type, event.startsAt, event.place);
  const chat = `/chat?conversation=${event.conversationId}`;
  switch (event.step) {
    case 'proposed':
      return {
        type: 'appointment',
        title: 'Neuer Terminvorschlag',
        message: withNote(`${actorName} schlägt einen Termin vor: ${summary}.`, event.note),
        link: chat,
      };
    case 'countered':
      return {
        type: 'appointment',
        title: 'Neuer Terminvorschlag',
        message: withNote(`${actorName} schlägt einen anderen Termin vor: ${summary}.`, event.note),
        link: chat,
      };
    case 'accepted':
      return {
        type: 'appointment',
        title: 'Termin vereinbart',
        message: toActor
          ? `Du hast den Termin zugesagt: ${summary}. Er steht jetzt in deinem Kalender.`
          : `${actorName} hat deinen Terminvorschlag angenommen: ${summary}. Er steht jetzt in deinem Kalender.`,
        link: '/calendar',
      };
    case 'declined':
      return {
        type: 'appointment',
        title: 'Terminvorschlag abgelehnt',
        message: withNote(`${actorName} hat deinen Terminvorschlag abgelehnt: ${summary}.`, event.note),
        link: chat,
      };
    case 'cancelled':
      return {
        type: 'appointment',
        title: 'Termin abgesagt',
        message: withNote(`${actorName} hat den Termin abgesagt: ${summary}.`, event.note),
        link: chat,
      };
  }
}

/** The reminder one hour before an accepted appointment, to each member. */
export function appointmentReminderText(
  appointment: { conversationId: string; type: AppointmentType; startsAt: Date; place: string },
  otherName: string,
  listingTitle: string | null,
): NotificationText {
  const about = listingTitle ? ` („${listingTitle}“)` : '';
  return {
    type: 'appointment',
    title: 'Erinnerung: Termin in einer Stunde',
    message: `${appointmentSummary(appointment.type, appointment.startsAt, appointment.place)} mit ${otherName}${about}.`,
    link: `/chat?conversation=${appointment.conversationId}`,
  };
}
