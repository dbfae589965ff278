/**
 * The marketplace's calendar days are Europe/Berlin days: an ad's views are counted once per
 * visitor and Berlin day, and the seller analytics add them up per Berlin day (SPEC.md §3
 * `views`), so a visitor seen at 00:30 and at 01:30 German time counts once, whatever the UTC
 * date of the two visits.
 */
export const MARKET_TIME_ZONE = 'Europe/Berlin';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: MARKET_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Europe/Berlin calendar day of `at` (default now) as `YYYY-MM-DD`, across summer time. */
export function berlinDay(at: Date = new Date()): string {
  return dayFormat.format(at);
}
