import type { NotificationText } from '../notifications/index.ts';

/** „…“ around a title in a notification. */
const quoted = (title: string) => `„${title}“`;

/**
 * The notification of a participant (type `event`) when the organiser changed or cancelled an
 * event they take part in; it links to the event's page.
 */
export function eventNotificationText(
  kind: 'updated' | 'cancelled',
  eventId: string,
  title: string,
): NotificationText {
  return kind === 'cancelled'
    ? {
        type: 'event',
        title: 'Veranstaltung abgesagt',
        message: `Die Veranstaltung ${quoted(title)}, an der du teilnehmen wolltest, wurde abgesagt.`,
        link: `/events/${eventId}`,
      }
    : {
        type: 'event',
        title: 'Veranstaltung geändert',
        message: `Bei der Veranstaltung ${quoted(title)}, an der du teilnimmst, haben sich Zeit, Ort oder Preis geändert.`,
        link: `/events/${eventId}`,
      };
}
