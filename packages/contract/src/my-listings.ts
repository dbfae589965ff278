import { z } from 'zod';
import { listingStatusSchema, priceTypeSchema } from './listings.ts';
import { userText } from './text.ts';

/**
 * The classic views for power sellers (/listings-old and /dashboard-old, SPEC.md §2 "Login
 * required"): a member's own ads as one dense table, paged, sorted and filtered on the server,
 * with bulk actions and a CSV export of the filtered table. SPEC.md lists the pages only; this
 * is what a dealer area of a German classifieds market offers.
 */

/** The columns the table sorts by. */
export const MY_LISTINGS_SORTS = [
  'title',
  'price',
  'status',
  'views',
  'favorites',
  'messages',
  'created_at',
  'expires_at',
] as const;
export const myListingsSortSchema = z.enum(MY_LISTINGS_SORTS, {
  error: `Bitte sortiere nach einer dieser Spalten: ${MY_LISTINGS_SORTS.join(', ')}.`,
});
export type MyListingsSort = z.infer<typeof myListingsSortSchema>;

/** Rows per page the table offers. */
export const MY_LISTINGS_PAGE_SIZES = [10, 25, 50, 100] as const;
export const MY_LISTINGS_DEFAULT_PAGE_SIZE = 25;
/** The most ads one bulk action changes. */
export const MY_LISTINGS_BULK_MAX = 500;
/** The longest title search. */
export const MY_LISTINGS_QUERY_MAX_LENGTH = 100;
/** The last page number asked for (beyond it no member has ads). */
export const MY_LISTINGS_PAGE_MAX = 100_000;

/** The filter of the table and of its export: status and a part of the title. */
const filterShape = {
  status: listingStatusSchema.optional(),
  q: userText()
    .trim()
    .max(
      MY_LISTINGS_QUERY_MAX_LENGTH,
      `Die Suche darf höchstens ${MY_LISTINGS_QUERY_MAX_LENGTH} Zeichen lang sein.`,
    )
    .optional(),
  sort: myListingsSortSchema.default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'Die Reihenfolge ist asc oder desc.' }).default('desc'),
};

/**
 * `GET /api/my-listings/export.csv` query: the filter and order of the table, all pages.
 * `q` finds ads whose title contains it (case ignored).
 */
export const myListingsExportQuerySchema = z.object(filterShape);
export type MyListingsExportQuery = z.input<typeof myListingsExportQuerySchema>;

/**
 * `GET /api/my-listings/table` query: page `page` (from 1) of `page_size` rows (10, 25, 50 or
 * 100) of the caller's ads, filtered and sorted (ties by id).
 */
export const myListingsTableQuerySchema = z.object({
  ...filterShape,
  page: z.coerce
    .number({ error: 'Die Seite ist eine Zahl ab 1.' })
    .int('Die Seite ist eine Zahl ab 1.')
    .min(1, 'Die Seite ist eine Zahl ab 1.')
    .max(MY_LISTINGS_PAGE_MAX, `Die Seite ist höchstens ${MY_LISTINGS_PAGE_MAX}.`)
    .default(1),
  page_size: z.coerce
    .number({ error: 'Die Seitengröße ist 10, 25, 50 oder 100.' })
    .refine((value) => (MY_LISTINGS_PAGE_SIZES as readonly number[]).includes(value), {
      message: 'Die Seitengröße ist 10, 25, 50 oder 100.',
    })
    .default(MY_LISTINGS_DEFAULT_PAGE_SIZE),
});
export type MyListingsTableQuery = z.input<typeof myListingsTableQuerySchema>;

/** One row of the table: an own ad with its counters (price in euros). */
export const myListingRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  price: z.number(),
  price_type: priceTypeSchema,
  status: listingStatusSchema,
  views: z.number().int(),
  /** How many members saved the ad. */
  favorites: z.number().int(),
  /** Conversations members started about the ad. */
  messages: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type MyListingRow = z.infer<typeof myListingRowSchema>;

/** `GET /api/my-listings/table` answer: one page and how many ads match the filter. */
export const myListingsTableSchema = z.object({
  rows: z.array(myListingRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type MyListingsTable = z.infer<typeof myListingsTableSchema>;

/** What a bulk action does to each selected ad. */
export const MY_LISTINGS_BULK_ACTIONS = ['reserve', 'sold', 'extend', 'delete'] as const;
export const myListingsBulkActionSchema = z.enum(MY_LISTINGS_BULK_ACTIONS, {
  error: 'Bitte wähle eine Aktion: reserve, sold, extend oder delete.',
});
export type MyListingsBulkAction = z.infer<typeof myListingsBulkActionSchema>;

/**
 * `POST /api/my-listings/bulk` body: one action on 1 to 500 ads (ids repeated count once).
 */
export const myListingsBulkBodySchema = z.object({
  action: myListingsBulkActionSchema,
  ids: z
    .array(userText({ error: 'Jede Anzeigen-ID ist ein Text.' }).max(100, 'Eine Anzeigen-ID ist zu lang.'), {
      error: 'Bitte wähle mindestens eine Anzeige.',
    })
    .min(1, 'Bitte wähle mindestens eine Anzeige.')
    .max(MY_LISTINGS_BULK_MAX, `Höchstens ${MY_LISTINGS_BULK_MAX} Anzeigen auf einmal.`),
});
export type MyListingsBulkBody = z.input<typeof myListingsBulkBodySchema>;

/**
 * `POST /api/my-listings/bulk` answer: the ads changed, and each one that could not be with
 * the German reason (the same rule and text as the single-ad action).
 */
export const myListingsBulkResultSchema = z.object({
  action: myListingsBulkActionSchema,
  changed: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export type MyListingsBulkResult = z.infer<typeof myListingsBulkResultSchema>;
