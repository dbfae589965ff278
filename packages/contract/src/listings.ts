import { z } from 'zod';
import {
  FEED_PAGE_SIZE,
  LISTING_QUERY_SORTS,
  LISTING_SORTS,
  OFFER_TYPES,
  PRICE_TYPES,
  REPORT_REASONS,
} from './constants.ts';
import { isWholeCents } from './money.ts';
import { PG_INT4_MAX, userText } from './text.ts';
import { sellerBadgeSchema, traderSchema } from './verification.ts';

/** Limits of an ad; the web form and the server share them. */
export const LISTING_TITLE_MIN = 3;
export const LISTING_TITLE_MAX = 100;
export const LISTING_DESCRIPTION_MIN = 10;
export const LISTING_DESCRIPTION_MAX = 4000;
/** Highest price in euros. */
export const LISTING_PRICE_MAX_EUR = 10_000_000;
export const LISTING_IMAGES_MAX = 20;
/** Days an ad stays active before it expires (it can be extended). */
export const LISTING_LIFETIME_DAYS = 60;
/** Largest `limit` of `GET /api/listings` (SPEC.md §7 uses 100). */
export const LISTINGS_LIMIT_MAX = 100;

/** `fixed` Festpreis, `negotiable` VB, `free` Zu verschenken (ARCHITECTURE.md). */
export const priceTypeSchema = z.enum(PRICE_TYPES);
export type PriceType = z.infer<typeof priceTypeSchema>;
/** `offer` Biete, `wanted` Suche. */
export const offerTypeSchema = z.enum(OFFER_TYPES);
export type OfferType = z.infer<typeof offerTypeSchema>;
/** Life cycle of an ad: active → reserved/sold; active → expired after 60 days; back to active. */
export const listingStatusSchema = z.enum(['active', 'reserved', 'sold', 'expired', 'removed']);
export type ListingStatus = z.infer<typeof listingStatusSchema>;
/** Sort options (SPEC.md §9). `distance` orders by real distance from `postal_code`. */
export const listingSortSchema = z.enum(LISTING_SORTS);
export type ListingSort = z.infer<typeof listingSortSchema>;
/**
 * Sorts `GET /api/listings` accepts: those of SPEC.md §9 plus `relevance` (best full-text
 * match first). Without `sort` the server uses `relevance` when `q` is given, else `newest`.
 */
export const listingQuerySortSchema = z.enum(LISTING_QUERY_SORTS);
export type ListingQuerySort = z.infer<typeof listingQuerySortSchema>;

/** Attribute values of an ad, keyed by the category's attribute `key`. */
export const attributeValuesSchema = z.record(
  userText().max(50),
  z.union([userText({ multiline: true }).max(200), z.number()]),
);
export type AttributeValues = z.infer<typeof attributeValuesSchema>;

/**
 * The approved shop a business seller publishes as (docs/decisions/0041): on the ad page its
 * card (logo, name, the seller's rating, 'Zum Shop') stands in for the member's.
 */
export const listingShopSchema = z.object({
  id: z.string(),
  /** The shop's name with its legal form ('Fahrradhaus Berlin-Mitte GmbH'). */
  name: z.string(),
  /** The logo's address, or null. */
  logo: z.string().nullable(),
});
export type ListingShop = z.infer<typeof listingShopSchema>;

/** The seller card of an ad (SPEC.md §3 "seller (name, avatar, rating, reviewCount)"). */
export const listingSellerSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  member_since: z.string(),
  active_listings: z.number().int(),
  /** 'private' ('Verifiziert') or 'business' ('Gewerblich') for a verified seller, else null. */
  badge: sellerBadgeSchema.optional(),
  /** A business seller's trader information (DSA Art. 30), else null. */
  trader: traderSchema.nullable().optional(),
  /** The seller's approved shop the ad is shown as (the ad page's answer only), else null. */
  shop: listingShopSchema.nullable().optional(),
});
export type ListingSeller = z.infer<typeof listingSellerSchema>;

export const listingCategoryRefSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  /** The top-level category when this is a subcategory. */
  parent: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
});

/**
 * What the viewer may do with an ad, decided by the server's one listing policy (ARCHITECTURE.md
 * "modules": policies travel with the resource). All false for a visitor without a token; the
 * web shows a login prompt instead where a member could act.
 */
export const listingPermissionsSchema = z.object({
  /** Change, extend, mark sold/reserved: the seller and administrators. */
  edit: z.boolean(),
  delete: z.boolean(),
  /** Save as favourite: members, not on their own ads. */
  favorite: z.boolean(),
  report: z.boolean(),
  /** Write to the seller about this ad: members, not on their own ads. */
  message: z.boolean(),
  /**
   * Manage it among one's own ads ('Meine Anzeigen', with the note that it is one's own): the
   * seller only; an administrator edits other members' ads but has none of them there.
   */
  manage: z.boolean(),
});
export type ListingPermissions = z.infer<typeof listingPermissionsSchema>;

/**
 * An ad as every listing call answers it (SPEC.md §3 "Listing (feed)" plus the fields posting
 * needs). `price` is in euros (0 for free); `images` are same-origin URLs, cover first.
 */
export const listingSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  price_type: priceTypeSchema,
  offer_type: offerTypeSchema,
  status: listingStatusSchema,
  category: listingCategoryRefSchema,
  postal_code: z.string(),
  /** Place name of the postal code. */
  location: z.string(),
  /** Distance in km from the searcher's postal code, when a location was given. */
  distance_km: z.number().nullable(),
  images: z.array(z.string()),
  attributes: attributeValuesSchema,
  views: z.number().int(),
  favorites_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  expires_at: z.string(),
  seller: listingSellerSchema,
  /** Whether the calling member saved this ad; false without a token. */
  is_favorite: z.boolean(),
  can: listingPermissionsSchema,
});
export type Listing = z.infer<typeof listingSchema>;

const eurosSchema = z
  .number({ error: 'Bitte gib einen Preis ein.' })
  .min(0, 'Der Preis darf nicht negativ sein.')
  .max(LISTING_PRICE_MAX_EUR, 'Der Preis ist zu hoch.')
  .refine(isWholeCents, { message: 'Der Preis darf höchstens zwei Nachkommastellen haben.' });

const titleSchema = userText({ error: 'Bitte gib einen Titel ein.' })
  .trim()
  .min(LISTING_TITLE_MIN, `Der Titel muss mindestens ${LISTING_TITLE_MIN} Zeichen lang sein.`)
  .max(LISTING_TITLE_MAX, `Der Titel darf höchstens ${LISTING_TITLE_MAX} Zeichen lang sein.`);

const descriptionSchema = userText({ multiline: true, error: 'Bitte gib eine Beschreibung ein.' })
  .trim()
  .min(
    LISTING_DESCRIPTION_MIN,
    `Die Beschreibung muss mindestens ${LISTING_DESCRIPTION_MIN} Zeichen lang sein.`,
  )
  .max(
    LISTING_DESCRIPTION_MAX,
    `Die Beschreibung darf höchstens ${LISTING_DESCRIPTION_MAX} Zeichen lang sein.`,
  );

const categoryRefSchema = z.union(
  [
    userText().trim().min(1, 'Bitte wähle eine Kategorie.').max(100),
    z.number().int().min(0).max(PG_INT4_MAX),
  ],
  {
    error: 'Bitte wähle eine Kategorie.',
  },
);

/** A German postal code: 5 digits (ads, local news). */
export const postalCodeSchema = z
  .string({ error: 'Bitte gib eine Postleitzahl ein.' })
  .trim()
  .regex(/^\d{5}$/, 'Bitte gib eine gültige Postleitzahl mit 5 Ziffern ein.');

const imagesSchema = z
  .array(userText().max(500))
  .max(LISTING_IMAGES_MAX, `Du kannst höchstens ${LISTING_IMAGES_MAX} Fotos hochladen.`);

/** `POST /api/listings` body (ARCHITECTURE.md). Cross-field rules are checked by the server too. */
export const listingCreateSchema = z
  .object({
    title: titleSchema,
    description: descriptionSchema,
    price: eurosSchema,
    price_type: priceTypeSchema,
    offer_type: offerTypeSchema.default('offer'),
    /** Category slug or numeric id; must be a subcategory or a category without subcategories. */
    category: categoryRefSchema,
    postal_code: postalCodeSchema,
    /** Place name; must be one of the postal code's places (the first is used when empty). */
    location: userText().trim().max(100).optional().default(''),
    /** URLs answered by `POST /api/upload` (the `detail` variant), cover first. */
    images: imagesSchema.default([]),
    attributes: attributeValuesSchema.default({}),
  })
  .refine((body) => body.price_type !== 'free' || body.price === 0, {
    path: ['price'],
    message: 'Bei „Zu verschenken“ ist der Preis 0 €.',
  });
export type ListingCreate = z.input<typeof listingCreateSchema>;

/** `PATCH /api/listings/{id}` body: any fields of the create body, plus the status change. */
export const listingUpdateSchema = z.object({
  title: titleSchema.optional(),
  description: descriptionSchema.optional(),
  price: eurosSchema.optional(),
  price_type: priceTypeSchema.optional(),
  offer_type: offerTypeSchema.optional(),
  category: categoryRefSchema.optional(),
  postal_code: postalCodeSchema.optional(),
  location: userText().trim().max(100).optional(),
  images: imagesSchema.optional(),
  attributes: attributeValuesSchema.optional(),
  /** `active` reactivates (and extends an expired ad by 60 days); `reserved`, `sold` mark it. */
  status: z.enum(['active', 'reserved', 'sold']).optional(),
});
export type ListingUpdate = z.input<typeof listingUpdateSchema>;

/**
 * A price filter in euros ('von', 'bis'): 0 to {@link LISTING_PRICE_MAX_EUR}, the range ads
 * can have, so the cents stay inside the `integer` column's range.
 */
const filterEurosSchema = z.coerce
  .number({ error: 'Bitte gib einen Preis als Zahl ein.' })
  .min(0, 'Der Preis darf nicht negativ sein.')
  .max(
    LISTING_PRICE_MAX_EUR,
    `Der Preis darf höchstens ${LISTING_PRICE_MAX_EUR.toLocaleString('de-DE')} € sein.`,
  );

/**
 * `GET /api/listings` query (ARCHITECTURE.md; SPEC.md §7 sends `limit=100&t=<timestamp>`).
 * Attribute filters: `attr.<key>=<value>` for exact values, `attr.<key>.min` / `.max` for numbers.
 */
export const listingQuerySchema = z
  .object({
    q: userText().trim().max(200).optional(),
    category: userText().max(100).optional(),
    /** Absent: `relevance` with `q`, else `newest`. */
    sort: listingQuerySortSchema.optional(),
    limit: z.coerce.number().int().min(1).max(LISTINGS_LIMIT_MAX).default(FEED_PAGE_SIZE),
    /** Only up to 1,000; deeper pages use `cursor`. */
    offset: z.coerce.number().int().min(0).max(1000).optional(),
    /** Opaque cursor from a previous answer's `next_cursor`. */
    cursor: userText().max(500).optional(),
    price_min: filterEurosSchema.optional(),
    price_max: filterEurosSchema.optional(),
    /** Searcher's postal code (or a place name) for radius filter, distance sort and `distance_km`. */
    postal_code: userText().trim().max(100).optional(),
    radius_km: z.coerce.number().int().min(1).max(500).optional(),
    offer_type: offerTypeSchema.optional(),
    price_type: priceTypeSchema.optional(),
    seller_id: userText().max(100).optional(),
    /** 'nur verifizierte Verkäufer': only ads of sellers with an approved verification. */
    verified_only: z.stringbool({ truthy: ['true', '1'], falsy: ['false', '0'] }).optional(),
    /** Cache buster sent by the web client; ignored. */
    t: userText().max(50).optional(),
  })
  .catchall(userText().max(200));
export type ListingQuery = z.input<typeof listingQuerySchema>;

/** `GET /api/listings` answer. */
export const listingListSchema = z.object({
  listings: z.array(listingSchema),
  /** Number of matches, at most `LISTINGS_COUNT_SHOWN` (then `total_capped`). */
  total: z.number().int(),
  /** True when more than `LISTINGS_COUNT_SHOWN` ads match: the page says 'über 1.000 Anzeigen'. */
  total_capped: z.boolean(),
  next_cursor: z.string().nullable(),
  /**
   * Set when `q` found nothing and the search ran with spelling corrections instead
   * ('Fahrad' → 'fahrrad'): the corrected terms, for a "Meintest du …?" hint.
   */
  corrected_q: z.string().nullable().optional(),
});
export type ListingList = z.infer<typeof listingListSchema>;

/** `POST /api/upload` answer (SPEC.md §3 "Upload response: url"). */
export const uploadResponseSchema = z.object({ url: z.string() });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** One postal code and place, for completion while posting and for the location filter. */
export const placeSchema = z.object({
  postal_code: z.string(),
  place: z.string(),
  state: z.string(),
});
export type Place = z.infer<typeof placeSchema>;

/** `GET /api/places?q=` answer: up to 10 matches by postal-code prefix or place-name prefix. */
export const placeListSchema = z.object({ places: z.array(placeSchema) });
export type PlaceList = z.infer<typeof placeListSchema>;

/** `GET /api/search/suggest?q=` answer: completions for the header search box. */
export const searchSuggestionsSchema = z.object({ suggestions: z.array(z.string()) });

/** `GET /api/me/listings` query: my ads in every status, newest first, paged by `cursor`. */
export const myListingsQuerySchema = z.object({
  status: listingStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(LISTINGS_LIMIT_MAX).default(LISTINGS_LIMIT_MAX),
  cursor: userText().max(500).optional(),
});
export type MyListingsQuery = z.input<typeof myListingsQuerySchema>;

/**
 * `GET /api/me/feed` query (the /feed page): ads of the members I follow, newest first, 20 per
 * page by default, keyset paged by `cursor`.
 */
export const followedListingsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LISTINGS_LIMIT_MAX).default(FEED_PAGE_SIZE),
  cursor: userText().max(500).optional(),
});
export type FollowedListingsQuery = z.input<typeof followedListingsQuerySchema>;

/** `GET /api/me/listings` answer: a listing list plus how many of my ads are in each status. */
// My ads are counted exactly: no `total_capped`.
export const myListingListSchema = listingListSchema.omit({ total_capped: true }).extend({
  counts: z.object({
    active: z.number().int(),
    reserved: z.number().int(),
    sold: z.number().int(),
    expired: z.number().int(),
    /** Removed by moderation (docs/decisions/0009-reports-queue.md). */
    removed: z.number().int(),
  }),
});
export type MyListingList = z.infer<typeof myListingListSchema>;

/** Most ads `GET /api/listings/{id}/similar` answers. */
export const SIMILAR_LISTINGS_MAX = 12;

/** `GET /api/listings/{id}/similar` query; the default is 8. */
export const similarListingsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(SIMILAR_LISTINGS_MAX).default(8),
});

/** `GET /api/listings/{id}/similar` answer: active ads of the same category near its price. */
export const similarListingsSchema = z.object({ listings: z.array(listingSchema) });
export type SimilarListings = z.infer<typeof similarListingsSchema>;

/** Why an ad is reported (the report dialog's choices). */
export const reportReasonSchema = z.enum(REPORT_REASONS, {
  error: 'Bitte wähle einen Grund für die Meldung.',
});
export type ReportReason = z.infer<typeof reportReasonSchema>;

/** `POST /api/listings/{id}/report` body. */
export const listingReportBodySchema = z.object({
  reason: reportReasonSchema,
  comment: userText({ multiline: true })
    .trim()
    .max(1000, 'Der Hinweis darf höchstens 1000 Zeichen lang sein.')
    .optional(),
});
export type ListingReportBody = z.input<typeof listingReportBodySchema>;

/** `POST /api/listings/{id}/report` answer (201); reporting the same ad again updates the report. */
export const listingReportResultSchema = z.object({ detail: z.string() });
export type ListingReportResult = z.infer<typeof listingReportResultSchema>;

/** Largest upload of `POST /api/upload`, in bytes (20 MB). */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Image types `POST /api/upload` accepts, checked by the file's bytes. */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

/** `GET /api/search/suggest` query. */
export const searchSuggestQuerySchema = z.object({ q: userText().trim().max(100).default('') });

/** `GET /api/places` query. */
export const placeQuerySchema = z.object({ q: userText().trim().max(100).default('') });
