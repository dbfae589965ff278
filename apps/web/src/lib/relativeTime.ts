import { de } from '../i18n/de.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long ago `date` was, seen from `now` (SPEC.md §9): under one minute 'Gerade eben', then
 * 'vor N Min', 'vor N Std', 'vor N Tag(en)' (whole units, rounded down). Future dates read
 * 'Gerade eben'.
 */
export function relativeTime(date: Date, now: Date): string {
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE_MS) return de.relativeTime.justNow;
  if (elapsed < HOUR_MS) return de.relativeTime.minutes(Math.floor(elapsed / MINUTE_MS));
  if (elapsed < DAY_MS) return de.relativeTime.hours(Math.floor(elapsed / HOUR_MS));
  return de.relativeTime.days(Math.floor(elapsed / DAY_MS));
}

/**
 * The short form used in the feed (SPEC.md §9 "vor Nm/h/d"): 'Gerade eben' under one minute,
 * then 'vor 5m', 'vor 3h', 'vor 2d' (whole units, rounded down).
 */
export function relativeTimeShort(date: Date, now: Date): string {
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE_MS) return de.relativeTime.justNow;
  if (elapsed < HOUR_MS) return de.relativeTime.minutesShort(Math.floor(elapsed / MINUTE_MS));
  if (elapsed < DAY_MS) return de.relativeTime.hoursShort(Math.floor(elapsed / HOUR_MS));
  return de.relativeTime.daysShort(Math.floor(elapsed / DAY_MS));
}
