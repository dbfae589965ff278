import type { PriceType } from './listings.ts';

/**
 * How ads read wherever they are shown, in the browser and in the first HTML the server sends
 * for the home page: prices and the short relative date of cards (SPEC.md §9).
 */
export const PRICE_TEXTS = { free: 'Zu verschenken', negotiable: 'VB' } as const;

/** Offer types as ads name them; wanted ads' titles start with 'Suche: ' in lists. */
export const OFFER_TYPE_TEXTS = { offer: 'Biete', wanted: 'Suche' } as const;

/** The home page's heading and the label of its category strip (SPEC.md §2 "Home"). */
export const HOME_TEXTS = { latest: 'Neueste Kleinanzeigen', categoryStrip: 'Kategorien' } as const;

/** Shown for a category without an icon of its own (issue 4 "emoji box as fallback"). */
export const CATEGORY_FALLBACK_ICON = '🏷️';

/** The relative dates of SPEC.md §9: long ('vor 5 Min') and short for the feed ('vor 5m'). */
export const RELATIVE_TIME_TEXTS = {
  justNow: 'Gerade eben',
  minutes: (n: number) => `vor ${n} Min`,
  hours: (n: number) => `vor ${n} Std`,
  days: (n: number) => `vor ${n} Tag(en)`,
  /** Short form in the feed (SPEC.md §9 "vor Nm/h/d"). */
  minutesShort: (n: number) => `vor ${n}m`,
  hoursShort: (n: number) => `vor ${n}h`,
  daysShort: (n: number) => `vor ${n}d`,
} as const;

const euroFormat = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const centsFormat = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * An amount in euros as German readers write it: thousands with '.', decimals with ',' (only
 * when there are cents, then always two), and ' €' after it: 1234 → '1.234 €', 12.5 → '12,50 €'.
 */
export function formatEuros(euros: number): string {
  const hasCents = Math.round(euros * 100) % 100 !== 0;
  return `${(hasCents ? centsFormat : euroFormat).format(euros)} €`;
}

/**
 * The price of an ad as cards and the ad page show it: 'Zu verschenken' for free ads,
 * '1.234 € VB' for negotiable prices, '1.234 €' for fixed prices. `price` is in euros.
 */
export function formatPrice(price: number, priceType: PriceType): string {
  if (priceType === 'free') return PRICE_TEXTS.free;
  const amount = formatEuros(price);
  return priceType === 'negotiable' ? `${amount} ${PRICE_TEXTS.negotiable}` : amount;
}

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
  if (elapsed < MINUTE_MS) return RELATIVE_TIME_TEXTS.justNow;
  if (elapsed < HOUR_MS) return RELATIVE_TIME_TEXTS.minutes(Math.floor(elapsed / MINUTE_MS));
  if (elapsed < DAY_MS) return RELATIVE_TIME_TEXTS.hours(Math.floor(elapsed / HOUR_MS));
  return RELATIVE_TIME_TEXTS.days(Math.floor(elapsed / DAY_MS));
}

/**
 * The short form used in the feed (SPEC.md §9 "vor Nm/h/d"): 'Gerade eben' under one minute,
 * then 'vor 5m', 'vor 3h', 'vor 2d' (whole units, rounded down).
 */
export function relativeTimeShort(date: Date, now: Date): string {
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE_MS) return RELATIVE_TIME_TEXTS.justNow;
  if (elapsed < HOUR_MS) return RELATIVE_TIME_TEXTS.minutesShort(Math.floor(elapsed / MINUTE_MS));
  if (elapsed < DAY_MS) return RELATIVE_TIME_TEXTS.hoursShort(Math.floor(elapsed / HOUR_MS));
  return RELATIVE_TIME_TEXTS.daysShort(Math.floor(elapsed / DAY_MS));
}
