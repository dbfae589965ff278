import { z } from 'zod';
import { listingQuerySchema } from './listings.ts';
import { userText } from './text.ts';

/**
 * Saved searches with alerts ('Suchaufträge'): a member keeps the filters of a search and hears
 * of new ads that match them (in-app notification `saved_search`, and a mail when that channel
 * is on).
 */

/** Most saved searches a member may keep. */
export const SAVED_SEARCHES_MAX = 20;
/** Longest name of a saved search. */
export const SAVED_SEARCH_NAME_MAX = 100;

/**
 * How a saved search tells of new matching ads: `instant` ('Sofort': a notification per ad,
 * live in the app, within a minute of the ad going online), `daily` ('Täglich': one notification
 * a day with the number of new ads), `off` ('Aus': none).
 */
export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily', 'off'] as const;
export const savedSearchFrequencySchema = z.enum(SAVED_SEARCH_FREQUENCIES, {
  error: 'Bitte wähle Sofort, Täglich oder Aus.',
});
export type SavedSearchFrequency = z.infer<typeof savedSearchFrequencySchema>;

/** The filters of `GET /api/listings` a saved search keeps: everything but paging, sort and `t`. */
export const SAVED_SEARCH_FILTER_KEYS = [
  'q',
  'category',
  'price_min',
  'price_max',
  'postal_code',
  'radius_km',
  'offer_type',
  'price_type',
  'seller_id',
  'verified_only',
] as const;

/** `attr.<key>`, `attr.<key>.min`, `attr.<key>.max` as `GET /api/listings` takes them. */
const ATTRIBUTE_FILTER = /^attr\.[a-z0-9_]{1,50}(\.(min|max))?$/;
/** Most attribute filters one saved search keeps. */
const ATTRIBUTE_FILTERS_MAX = 20;

/** The listing query's filters, checked with the same messages as the ad lists. */
const listingFilterSchema = listingQuerySchema.omit({
  sort: true,
  limit: true,
  offset: true,
  cursor: true,
  t: true,
});

/**
 * The filters of a saved search, as the ad lists take them in the page address
 * (`q`, `category`, `price_min`, `price_max` in euros, `postal_code` with `radius_km`,
 * `offer_type`, `price_type`, `seller_id`, `verified_only`, `attr.*`). Numbers and booleans may be
 * sent as such or as text. The output is canonical: values as trimmed text, empty ones and
 * `verified_only=false` left out, a radius without a place left out, keys sorted; two requests
 * with the same filters give the same record (so a search is saved only once). At least one
 * filter is needed; an unknown key, a bad number or a minimum above the maximum is a 422 with a
 * German message naming the field.
 */
export const savedSearchFiltersSchema = z
  .record(userText().max(60), z.union([userText().max(200), z.number(), z.boolean()]))
  .transform((raw, ctx) => {
    const texts: Record<string, string> = {};
    let attributes = 0;
    for (const [key, value] of Object.entries(raw)) {
      const known = (SAVED_SEARCH_FILTER_KEYS as readonly string[]).includes(key);
      if (!known && !ATTRIBUTE_FILTER.test(key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: `Unbekannter Filter „${key}“.` });
        continue;
      }
      const text = String(value).trim();
      if (text === '') continue;
      if (!known) attributes += 1;
      texts[key] = text;
    }
    if (attributes > ATTRIBUTE_FILTERS_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: `Höchstens ${ATTRIBUTE_FILTERS_MAX} Merkmale lassen sich speichern.`,
      });
    }
    const parsed = listingFilterSchema.safeParse(texts);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', path: issue.path as (string | number)[], message: issue.message });
      }
    }
    if (!parsed.success || ctx.issues.length > 0) return z.NEVER;
    const data = parsed.data;
    if (data.price_min !== undefined && data.price_max !== undefined && data.price_min > data.price_max) {
      ctx.addIssue({
        code: 'custom',
        path: ['price_min'],
        message: 'Der Mindestpreis darf nicht über dem Höchstpreis liegen.',
      });
      return z.NEVER;
    }
    const canonical: Record<string, string> = {};
    for (const [key, text] of Object.entries(texts)) {
      if (key === 'verified_only') {
        if (data.verified_only) canonical[key] = 'true';
      } else if (key === 'price_min' || key === 'price_max' || key === 'radius_km') {
        if (key !== 'radius_km' || texts.postal_code) canonical[key] = String(data[key]);
      } else {
        canonical[key] = text;
      }
    }
    if (Object.keys(canonical).length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'Bitte gib einen Suchbegriff ein oder wähle mindestens einen Filter.',
      });
      return z.NEVER;
    }
    return Object.fromEntries(Object.entries(canonical).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
export type SavedSearchFilters = z.output<typeof savedSearchFiltersSchema>;

/** A name a member gives a saved search (trimmed, 1 to 100 characters). */
const savedSearchNameSchema = userText()
  .trim()
  .min(1, 'Bitte gib einen Namen ein.')
  .max(SAVED_SEARCH_NAME_MAX, `Der Name darf höchstens ${SAVED_SEARCH_NAME_MAX} Zeichen lang sein.`);

/**
 * `POST /api/saved-searches` body: the filters, an optional name (else one is built from the
 * filters, e.g. '„Fahrrad“ in Fahrräder bis 500 €') and how new ads are told (default `instant`).
 */
export const savedSearchCreateSchema = z.object({
  filters: savedSearchFiltersSchema,
  name: savedSearchNameSchema.optional(),
  frequency: savedSearchFrequencySchema.optional(),
});
export type SavedSearchCreate = z.input<typeof savedSearchCreateSchema>;

/**
 * `PATCH /api/saved-searches/{id}` body: how new ads are told, a new name, or (kept for older
 * clients) alerts on or off (`false` is `off`; `true` turns a search that was off to `instant`
 * and leaves one that tells already as it is); at least one of them. `frequency` wins over
 * `alerts`.
 */
export const savedSearchUpdateSchema = z
  .object({
    frequency: savedSearchFrequencySchema.optional(),
    alerts: z.boolean().optional(),
    name: savedSearchNameSchema.optional(),
  })
  .strict()
  .refine((body) => body.frequency !== undefined || body.alerts !== undefined || body.name !== undefined, {
    message: 'Bitte gib „frequency“, „alerts“ oder „name“ an.',
  });
export type SavedSearchUpdate = z.input<typeof savedSearchUpdateSchema>;

/** `{id}` of the saved-search calls; an id that is not a UUID answers 404 like an unknown one. */
export const savedSearchIdParamsSchema = z.object({ id: z.string().max(100) });

/**
 * One saved search. `filters` are those of the ad lists (canonical, see
 * {@link savedSearchFiltersSchema}); `path` opens the search with them (`/search?…`);
 * `frequency` how new matching ads are told, `alerts` whether they are (`frequency` is not
 * `off`); times are ISO 8601.
 */
export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  filters: z.record(z.string(), z.string()),
  path: z.string(),
  frequency: savedSearchFrequencySchema,
  alerts: z.boolean(),
  created_at: z.string(),
  last_checked_at: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** `GET /api/saved-searches` answer: newest first, with the most a member may keep. */
export const savedSearchListSchema = z.object({
  saved_searches: z.array(savedSearchSchema),
  max: z.number().int(),
});
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;

/** The search page's address for saved filters: `/search?` with them as parameters, `q` first. */
export function savedSearchPath(filters: Record<string, string>): string {
  const keys = Object.keys(filters).sort((a, b) =>
    a === 'q' ? -1 : b === 'q' ? 1 : a < b ? -1 : a > b ? 1 : 0,
  );
  const query = new URLSearchParams(
    keys.map((key): [string, string] => [key, filters[key] ?? '']),
  ).toString();
  return query ? `/search?${query}` : '/search';
}

const euros = (text: string) => `${Number(text).toLocaleString('de-DE', { maximumFractionDigits: 2 })} €`;

/**
 * A German name built from saved filters, at most {@link SAVED_SEARCH_NAME_MAX} characters:
 * '„Fahrrad“ in Fahrräder bis 500 €', 'Alle Anzeigen in Autos in 80331 (+ 10 km)'.
 * @param categoryName the category's name for `filters.category`, when known
 */
export function savedSearchName(filters: Record<string, string>, categoryName?: string | null): string {
  const parts: string[] = [filters.q ? `„${filters.q}“` : 'Alle Anzeigen'];
  if (filters.category) parts.push(`in ${categoryName ?? filters.category}`);
  if (filters.offer_type === 'wanted') parts.push('(Gesuche)');
  if (filters.price_type === 'free') parts.push('zu verschenken');
  else if (filters.price_type === 'negotiable') parts.push('VB');
  else if (filters.price_type === 'fixed') parts.push('Festpreis');
  if (filters.price_min && filters.price_max)
    parts.push(`${euros(filters.price_min)} – ${euros(filters.price_max)}`);
  else if (filters.price_min) parts.push(`ab ${euros(filters.price_min)}`);
  else if (filters.price_max) parts.push(`bis ${euros(filters.price_max)}`);
  if (filters.postal_code)
    parts.push(
      filters.radius_km
        ? `in ${filters.postal_code} (+ ${filters.radius_km} km)`
        : `in ${filters.postal_code}`,
    );
  if (filters.verified_only) parts.push('nur verifizierte Verkäufer');
  const attributes = Object.keys(filters).filter((key) => key.startsWith('attr.')).length;
  if (attributes > 0) parts.push(attributes === 1 ? '+ 1 Merkmal' : `+ ${attributes} Merkmale`);
  const name = parts.join(' ');
  return name.length > SAVED_SEARCH_NAME_MAX ? `${name.slice(0, SAVED_SEARCH_NAME_MAX - 1)}…` : name;
}
