import { TZDate } from '@date-fns/tz';
import { APPOINTMENT_TIME_ZONE } from '@marketplace/contract';
import { format } from 'date-fns';
import { AppError } from './errors.ts';

/*
 * Wall-clock times in Europe/Berlin (events, appointments) are entered and shown there and
 * stored in UTC; the days of counters and analytics are Berlin days. @date-fns/tz knows the
 * switches to and from summer time.
 */

/** The German refusal of a time that does not exist in Germany (the skipped hour in March). */
export const SKIPPED_HOUR_MESSAGE =
  'Diese Uhrzeit gibt es wegen der Umstellung auf die Sommerzeit nicht. Bitte wähle eine andere.';

/**
 * The UTC instant of a Europe/Berlin wall-clock time `YYYY-MM-DDTHH:mm`. In the hour that occurs
 * twice when summer time ends (e.g. 2027-10-31 02:30) the second one, standard time (+01:00), is
 * taken: the time shown on the clock after the switch.
 * @throws AppError validation (422) naming `field` when the time does not exist (the hour skipped
 *   when summer time starts) or the date is no calendar date
 */
export function berlinToUtc(local: string, field: string): Date {
  const [date = '', time = ''] = local.split('T');
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const zoned = new TZDate(year, month - 1, day, hour, minute, APPOINTMENT_TIME_ZONE);
  if (Number.isNaN(zoned.getTime()) || month < 1 || month > 12 || day < 1 || day > 31)
    throw new AppError('validation', `Feld '${field}': Bitte gib ein gültiges Datum an.`);
  if (format(zoned, "yyyy-MM-dd'T'HH:mm") !== local) {
    const calendar = new Date(Date.UTC(year, month - 1, day));
    if (calendar.getUTCDate() !== day)
      throw new AppError('validation', `Feld '${field}': Bitte gib ein gültiges Datum an.`);
    throw new AppError('validation', `Feld '${field}': ${SKIPPED_HOUR_MESSAGE}`);
  }
  return new Date(zoned.getTime());
}

/** An instant as ISO 8601 in Europe/Berlin with that moment's offset: '2027-10-31T02:30:00+02:00'. */
export function utcToBerlinIso(instant: Date): string {
  return format(new TZDate(instant.getTime(), APPOINTMENT_TIME_ZONE), "yyyy-MM-dd'T'HH:mm:ssXXX");
}

const berlinFormat = new Intl.DateTimeFormat('de-DE', {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: APPOINTMENT_TIME_ZONE,
});

/** An instant as German text in Europe/Berlin for messages and mails: 'So., 31.10.2027, 02:30 Uhr'. */
export function formatBerlin(instant: Date): string {
  return `${berlinFormat.format(instant)} Uhr`;
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: APPOINTMENT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The Europe/Berlin calendar day of `at` (default now) as `YYYY-MM-DD`, across summer time. The
 * marketplace's days are German days: an ad's views are counted once per visitor and Berlin day,
 * and the seller analytics add them up per Berlin day (SPEC.md §3 `views`), so a visitor seen at
 * 00:30 and at 01:30 German time counts once, whatever the UTC date of the two visits.
 */
export function berlinDay(at: Date = new Date()): string {
  return dayFormat.format(at);
}
