import { TZDate } from '@date-fns/tz';
import { EVENT_TIME_ZONE, type EventDateFilter } from '@marketplace/contract';
import { addDays, format } from 'date-fns';
import { berlinDay } from '../../lib/berlin-time.ts';
import { AppError } from '../../lib/errors.ts';

/*
 * Event times are entered and shown as wall-clock times in Europe/Berlin and stored in UTC
 * (contract local-events.ts). @date-fns/tz knows the switches to and from summer time.
 */

export { berlinToUtc, SKIPPED_HOUR_MESSAGE, utcToBerlinIso } from '../../lib/berlin-time.ts';

/** Midnight in Europe/Berlin at the start of the day `YYYY-MM-DD`, as an instant. */
function berlinMidnight(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, 0, 0, EVENT_TIME_ZONE).getTime());
}

/** `YYYY-MM-DD` plus `days` calendar days. */
function plusDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return format(addDays(new Date(year, month - 1, day, 12), days), 'yyyy-MM-dd');
}

/** A time span [from, to) in UTC. */
export interface TimeWindow {
  from: Date;
  to: Date;
}

/**
 * The span of a date filter of `/events` in Europe/Berlin: `today` the calendar day of `now`,
 * `weekend` Friday 00:00 to Monday 00:00 of this week (from Monday to Thursday the coming one),
 * `week` today and the six days after it, `range` from the start of `from` to the end of `to`.
 * @throws AppError validation (422) for a `range` without its days, or `to` before `from`
 */
export function dateWindow(
  filter: EventDateFilter,
  now: Date,
  range: { from?: string; to?: string },
): TimeWindow {
  const today = berlinDay(now);
  switch (filter) {
    case 'today':
      return { from: berlinMidnight(today), to: berlinMidnight(plusDays(today, 1)) };
    case 'week':
      return { from: berlinMidnight(today), to: berlinMidnight(plusDays(today, 7)) };
    case 'weekend': {
      // 0 Sunday … 6 Saturday; Friday is 5.
      const weekday = new TZDate(now.getTime(), EVENT_TIME_ZONE).getDay();
      const back = weekday === 0 ? 2 : weekday === 6 ? 1 : weekday === 5 ? 0 : weekday - 5;
      const friday = plusDays(today, -back);
      return { from: berlinMidnight(friday), to: berlinMidnight(plusDays(friday, 3)) };
    }
    case 'range': {
      if (!range.from || !range.to)
        throw new AppError('validation', "Parameter 'from': Bitte wähle Anfang und Ende des Zeitraums.");
      if (range.to < range.from)
        throw new AppError(
          'validation',
          "Parameter 'to': Das Ende des Zeitraums muss nach dem Anfang liegen.",
        );
      return { from: berlinMidnight(range.from), to: berlinMidnight(plusDays(range.to, 1)) };
    }
  }
}
