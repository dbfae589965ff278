import { APPOINTMENT_REMINDER_MINUTES, APPOINTMENT_TYPE_NAMES } from '@marketplace/contract';
import ical, { ICalAlarmType, ICalEventStatus } from 'ical-generator';
import { type CalendarDeps, calendarEntries } from './service.ts';

/** How far back the feed reaches (days): recent appointments stay visible in calendar apps. */
const FEED_PAST_DAYS = 30;

/**
 * `GET /api/calendar/feed/{token}.ics`: the member's appointments (accepted: CONFIRMED, proposed:
 * TENTATIVE) and the events they take part in from 30 days ago on, as one iCalendar (RFC 5545,
 * made by ical-generator, as the events' `.ics` files) that Google, Apple or Outlook calendars
 * subscribe to. Times are in UTC (the apps show them in the member's zone, Europe/Berlin right
 * across the switch to and from summer time); accepted appointments carry an alarm one hour
 * before. UIDs are stable (`appointment-<id>@<host>`, `event-<id>@<host>`), so a changed state
 * replaces the entry.
 * @returns the file's text (UTF-8, CRLF lines)
 */
export async function calendarFeed(deps: CalendarDeps, userId: string, now = new Date()): Promise<string> {
  const host = new URL(deps.publicUrl).host;
  const entries = await calendarEntries(
    deps,
    userId,
    new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000),
    null,
  );
  const calendar = ical({
    prodId: { company: deps.siteName, product: 'Kalender', language: 'DE' },
    name: `Meine Termine – ${deps.siteName}`,
    ttl: 60 * 60,
  });
  for (const entry of entries) {
    const appointment = entry.kind === 'appointment';
    const lines = appointment
      ? [
          `${APPOINTMENT_TYPE_NAMES[entry.appointment_type ?? 'viewing']} mit ${entry.other_member_name ?? 'Benutzer'}`,
          entry.status === 'proposed' ? 'Noch nicht bestätigt.' : '',
          entry.note ? `Notiz: ${entry.note}` : '',
          `Unterhaltung: ${deps.publicUrl}${entry.link}`,
          entry.listing_id ? `Anzeige: ${deps.publicUrl}/listing/${entry.listing_id}` : '',
        ]
      : [`Veranstaltung: ${deps.publicUrl}${entry.link}`];
    calendar.createEvent({
      id: `${entry.kind}-${entry.id}@${host}`,
      start: new Date(entry.starts_at),
      end: new Date(entry.ends_at),
      summary: entry.title,
      description: lines.filter(Boolean).join('\n'),
      location: entry.place,
      url: `${deps.publicUrl}${entry.link}`,
      status: entry.status === 'proposed' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
      stamp: now,
      alarms:
        appointment && entry.status === 'accepted'
          ? [{ type: ICalAlarmType.display, trigger: APPOINTMENT_REMINDER_MINUTES * 60 }]
          : [],
    });
  }
  return calendar.toString();
}
