import type { PriceType } from './listings.ts';

/**
 * How ads read wherever they are shown, in the browser and in the first HTML the server sends
 * for the home page: prices and the short relative date of cards (SPEC.md §9).
 */
export const PRICE_TEXTS = { free: 'Zu verschenken', negotiable: 'VB' } as const;

/** Offer types as ads name them; wanted ads' titles start with 'Suche: ' in lists. */
export const OFFER_TYPE_TEXTS = { offer: 'Biete', wanted: 'Suche' } as const;

/**
 * The heading of an ad page without its ad, on the page and in its `<title>` (SPEC.md §2
 * /listing/{id}: 404 for an unknown ad, 410 for one removed by moderation).
 */
export const LISTING_UNAVAILABLE_TEXTS = {
  notFound: 'Anzeige nicht gefunden',
  gone: 'Anzeige nicht mehr verfügbar',
} as const;

/** The heading and title of a category address that names no category. */
export const CATEGORY_NOT_FOUND_TITLE = 'Kategorie nicht gefunden';

/** The home page's heading and the label of its category strip (SPEC.md §2 "Home"). */
export const HOME_TEXTS = { latest: 'Neueste Kleinanzeigen', categoryStrip: 'Kategorien' } as const;

/** Shown for a category without an icon of its own. */
export const CATEGORY_FALLBACK_ICON = '🏷️';

/**
 * The relative dates of SPEC.md §9: long ('vor 5 Min') and short for the feed ('vor 5m'). SPEC.md's
 * 'vor N Tag(en)' names both forms of the word: 'vor 1 Tag', 'vor 11 Tagen' (the dative plural).
 */
export const RELATIVE_TIME_TEXTS = {
  justNow: 'Gerade eben',
  /** The same moment inside a sentence ('Eingestellt gerade eben'). */
  justNowInSentence: 'gerade eben',
  minutes: (n: number) => `vor ${n} Min`,
  hours: (n: number) => `vor ${n} Std`,
  days: (n: number) => (n === 1 ? 'vor 1 Tag' : `vor ${n} Tagen`),
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
 * '1.234 € VB' for negotiable prices, '1.234 €' for fixed prices; without an amount (0) 'VB' for
 * a negotiable price and '' for a fixed one (lost pets, swaps). `price` is in euros.
 */
export function formatPrice(price: number, priceType: PriceType): string {
  if (priceType === 'free') return PRICE_TEXTS.free;
  // No amount (a lost pet, a swap, a request): nothing for a fixed price, 'VB' alone for an offer.
  if (price === 0) return priceType === 'negotiable' ? PRICE_TEXTS.negotiable : '';
  const amount = formatEuros(price);
  return priceType === 'negotiable' ? `${amount} ${PRICE_TEXTS.negotiable}` : amount;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long ago `date` was, seen from `now` (SPEC.md §9): under one minute 'Gerade eben', then
 * 'vor N Min', 'vor N Std', 'vor 1 Tag' and 'vor N Tagen' (whole units, rounded down). Future dates read
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
 * {@link relativeTime} for use inside a sentence ('Eingestellt gerade eben', 'Eingestellt vor
 * 5 Min'): the same texts, starting lower-case. SPEC.md §9 shows 'Gerade eben' standalone.
 */
export function relativeTimeInSentence(date: Date, now: Date): string {
  const text = relativeTime(date, now);
  return text === RELATIVE_TIME_TEXTS.justNow ? RELATIVE_TIME_TEXTS.justNowInSentence : text;
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

/**
 * A place name as the place search compares it (`GET /api/places`, the location filter):
 * lower-case, umlauts and their spellings 'ae', 'oe', 'ue' read as the plain vowel, 'ß' as 'ss',
 * 'é'/'è' as 'e': 'Köln', 'Koeln' and 'Koln' all give 'koln', 'München' and 'Muenchen' 'munchen'.
 * The server's SQL (`modules/places/service.ts`) folds the stored names the same way.
 */
export function foldPlaceName(text: string): string {
  return text
    .toLowerCase()
    .replace(/[äöüéè]/g, (char) => ({ ä: 'a', ö: 'o', ü: 'u', é: 'e', è: 'e' })[char] ?? char)
    .replaceAll('ae', 'a')
    .replaceAll('oe', 'o')
    .replaceAll('ue', 'u')
    .replaceAll('ß', 'ss');
}

/**
 * A business's name as visitors see it (schema-free, so the pages that show it load no zod:
 * docs/decisions/0017-checks-off-the-first-load.md): the company name with its legal form ('Fahrradhaus
 * Müller GmbH'), the legal form left off when the name already ends with it ('Rad & Co. GmbH').
 */
export function businessName(business: { name: string; legal_form: string | null }): string {
  const name = business.name.trim();
  const form = business.legal_form?.trim() ?? '';
  return form && !name.endsWith(form) ? `${name} ${form}` : name;
}
