import { EVENT_CATEGORY_NAMES, formatEventPrice, type LocalEvent } from '@marketplace/contract';
import ical, { ICalEventStatus } from 'ical-generator';

/**
 * `GET /api/events/{id}/ics`: the event as an iCalendar file (RFC 5545, made by ical-generator)
 * for the member's calendar app: UID `<id>@<host>`, start and end in UTC, the place, the event's
 * page as URL, the plain description with category and price, and `STATUS:CANCELLED` once the
 * organiser cancelled it.
 * @param site `publicUrl` without a trailing slash and the site's name (the calendar's PRODID)
 * @returns the file's text (UTF-8, CRLF lines)
 */
export function eventCalendar(event: LocalEvent, site: { publicUrl: string; siteName: string }): string {
  const host = new URL(site.publicUrl).host;
  const calendar = ical({
    prodId: { company: site.siteName, product: 'Events', language: 'DE' },
    name: event.title,
  });
  calendar.createEvent({
    id: `${event.id}@${host}`,
    start: new Date(event.starts_at),
    end: new Date(event.ends_at),
    summary: event.title,
    description: [
      event.description,
      '',
      `${EVENT_CATEGORY_NAMES[event.category]} · ${formatEventPrice(event.price)}`,
    ].join('\n'),
    location: `${event.address}, ${event.postal_code} ${event.place}`,
    url: `${site.publicUrl}/events/${event.id}`,
    status: event.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    stamp: new Date(event.updated_at),
    lastModified: new Date(event.updated_at),
  });
  return calendar.toString();
}
