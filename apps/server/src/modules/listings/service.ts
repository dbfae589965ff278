import { createHmac } from 'node:crypto';
import {
  LISTING_LIFETIME_DAYS,
  type Listing,
  type ListingReportBody,
  type listingCreateSchema,
  type listingUpdateSchema,
  type MyListingList,
  type myListingsQuerySchema,
} from '@marketplace/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, selectRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { consumeRequestQuota, type RequestLimit } from '../auth/limits.ts';
import type { ResolvedCategory } from '../categories/service.ts';
import { claimUploads, releaseUploads, removeFiles } from '../media/service.ts';
import { findPlace, type Location, postalCodeExists } from '../places/service.ts';
import type { Actor } from '../users/policies.ts';
import { isUserId as isUuid } from '../users/service.ts';
import { validateAttributes } from './attributes.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { canEditListing, canReportListing } from './policies.ts';
import { iso, toListing } from './present.ts';
import {
  LISTING_JOINS,
  type ListingRecord,
  listingColumns,
  recordView,
  selectListingPage,
  selectListingRecord,
  VISIBLE,
} from './queries.ts';
import { type ListingRow, listingReports, listings } from './schema.ts';
import type { ListingReadDeps } from './search.ts';
import { bumpListingsVersion } from './stats.ts';
import { adjustTerms, adjustTermsBulk } from './terms.ts';

export type ListingCreateBody = z.output<typeof listingCreateSchema>;
export type ListingUpdateBody = z.output<typeof listingUpdateSchema>;
export type MyListingsQuery = z.output<typeof myListingsQuerySchema>;

/** What the listings service needs from the running application. */
export interface ListingDeps extends ListingReadDeps {
  storage: MediaStorage;
  /** Key of the HMAC that turns a visitor's IP address and user agent into a pseudonym. */
  viewSecret: string;
}

/** A lifetime of an ad in ms (60 days; extending starts a new one). */
export const LISTING_LIFETIME_MS = LISTING_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

/** New ads per member and hour (issue 4 "rate limit posting"). */
export const LISTING_POST_LIMIT: RequestLimit = {
  bucket: 'listing_post',
  max: 30,
  windowMs: 60 * 60 * 1000,
  reason: 'Du hast in kurzer Zeit sehr viele Anzeigen aufgegeben.',
};

export const messages = {
  reported: 'Danke! Wir prüfen die Anzeige.',
} as const;

function invalidField(field: string, message: string): never {
  throw new AppError('validation', `Feld '${field}': ${message}`);
}

/**
 * The category an ad is posted in: it must exist and be a subcategory or a category without
 * subcategories.
 * @throws AppError validation (422)
 */
export function postingCategory(deps: ListingReadDeps, ref: string | number): ResolvedCategory {
  const category = deps.categories.resolve(typeof ref === 'string' ? ref.trim() : ref);
  if (!category) invalidField('category', 'Diese Kategorie gibt es nicht.');
  if (deps.categories.idsWithin(category.id).length > 1) {
    invalidField('category', 'Bitte wähle eine Unterkategorie.');
  }
  return category;
}

/**
 * The place of an ad: the postal code must exist and `location` be one of its places (empty
 * means its first place).
 * @throws AppError validation (422)
 */
async function postingPlace(db: Database, postalCode: string, location: string): Promise<Location> {
  const place = await findPlace(db, postalCode, location.trim());
  if (place) return place;
  if (!(await postalCodeExists(db, postalCode)))
    invalidField('postal_code', 'Diese Postleitzahl kennen wir nicht.');
  invalidField('location', `„${location.trim()}“ gehört nicht zur Postleitzahl ${postalCode}.`);
}

/** Euros (at most two decimals, checked by the contract) as integer cents; free means 0. */
function toCents(price: number, priceType: string): number {
  const cents = Math.round(price * 100);
  if (priceType === 'free' && cents !== 0) invalidField('price', 'Bei „Zu verschenken“ ist der Preis 0 €.');
  return cents;
}

async function answer(deps: ListingReadDeps, id: string, viewerId: string | null): Promise<Listing> {
  const record = await selectListingRecord(deps.db, id, viewerId);
  if (!record) throw new AppError('listing_not_found');
  return toListing(record, deps.categories);
}

/**
 * `POST /api/listings` (ARCHITECTURE.md, issue 4): checks the category (a leaf), its
 * attributes, the postal code and place, the photos (uploads of this member), the price
 * rules, and publishes the ad for 60 days. At most 30 new ads per member and hour.
 * @returns the ad as `GET /api/listings/{id}` answers it
 * @throws AppError validation (422), rate_limited (429)
 */
export async function createListing(
  deps: ListingDeps,
  actor: Actor,
  body: ListingCreateBody,
): Promise<Listing> {
  await consumeRequestQuota(deps.db, LISTING_POST_LIMIT, actor.id);
  const category = postingCategory(deps, body.category);
  const attributes = validateAttributes(category.attributes, body.attributes);
  const priceCents = toCents(body.price, body.price_type);
  const place = await postingPlace(deps.db, body.postal_code, body.location);
  const id = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const [row] = await db
      .insert(listings)
      .values({
        sellerId: actor.id,
        categoryId: category.id,
        rootCategoryId: category.rootId,
        title: body.title,
        description: body.description,
        priceCents,
        priceType: body.price_type,
        offerType: body.offer_type,
        postalCode: place.postalCode,
        location: place.place,
        latitude: place.latitude,
        longitude: place.longitude,
        attributes,
        images: [],
        expiresAt: new Date(Date.now() + LISTING_LIFETIME_MS),
      })
      .returning({ id: listings.id });
    if (!row) throw new Error('insert into listings returned no row');
    const images = await claimUploads(db, body.images, [actor.id], row.id);
    if (images.length > 0) await db.update(listings).set({ images }).where(eq(listings.id, row.id));
    await adjustTerms(db, body.title, 1);
    return row.id;
  });
  bumpListingsVersion();
  return answer(deps, id, actor.id);
}

/** The stored ad for a change, after the policy check. @throws AppError 404, 403 */
async function editable(db: Database, actor: Actor, id: string): Promise<ListingRow> {
  const row = isUuid(id) ? (await db.select().from(listings).where(eq(listings.id, id)))[0] : undefined;
  if (!row) throw new AppError('listing_not_found');
  if (!canEditListing(actor, row)) throw new AppError('listing_forbidden');
  return row;
}

/** Today's date in UTC (`YYYY-MM-DD`): the day of view counting. */
function viewDay(): string {
  return new Date().toISOString().slice(0, 10);
}

/** A visitor's pseudonym for view counting: the member id, or an HMAC of day, IP and agent. */
export function visitorKey(secret: string, viewerId: string | null, ip: string, userAgent: string): string {
  if (viewerId) return `u:${viewerId}`;
  return `v:${createHmac('sha256', secret).update(`${viewDay()}|${ip}|${userAgent}`).digest('base64url').slice(0, 32)}`;
}

/** Visits (visitor and ad) this process has already counted today, per database. */
const countedViews = new WeakMap<Database, { day: string; visits: Set<string> }>();
/** The set of counted visits starts over when it holds this many (the database still dedupes). */
const MAX_COUNTED_VIEWS = 100_000;

/**
 * Counts one view of ad `id` per visitor and UTC day (issue 4; not the seller's own visits).
 * A visit this process counted today needs no write: the database would ignore it anyway.
 * Malformed and unknown ids count nothing.
 * @param visitor from `visitorKey`
 * @returns false for a visit this process had already counted today (the counter is unchanged)
 */
export async function countView(
  deps: ListingReadDeps,
  id: string,
  viewerId: string | null,
  visitor: string,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const day = viewDay();
  let counted = countedViews.get(deps.db);
  if (counted?.day !== day) {
    counted = { day, visits: new Set() };
    countedViews.set(deps.db, counted);
  }
  const visit = `${visitor}|${id}`;
  if (counted.visits.has(visit)) return false;
  await recordView(deps.db, id, visitor, viewerId, day);
  if (counted.visits.size >= MAX_COUNTED_VIEWS) counted.visits.clear();
  counted.visits.add(visit);
  return true;
}

/**
 * `GET /api/listings/{id}`: the ad in any status (sold and reserved ads say so) as `viewerId`
 * sees it; the route counts the view first (`countView`).
 * @throws AppError listing_not_found (404) 'Anzeige nicht gefunden', also for malformed ids
 */
export async function readListing(
  deps: ListingReadDeps,
  id: string,
  viewerId: string | null,
): Promise<Listing> {
  if (!isUuid(id)) throw new AppError('listing_not_found');
  return answer(deps, id, viewerId);
}

/**
 * `PATCH /api/listings/{id}` (owner or ADMIN): changes any fields with the rules of posting;
 * `status` marks it reserved or sold, `active` reactivates it (an expired ad runs another 60
 * days). Removed photos are deleted.
 * @throws AppError listing_not_found (404), listing_forbidden (403), validation (422)
 */
export async function updateListing(
  deps: ListingDeps,
  actor: Actor,
  id: string,
  body: ListingUpdateBody,
): Promise<Listing> {
  const current = await editable(deps.db, actor, id);
  const changes: Partial<typeof listings.$inferInsert> = {};
  const category =
    body.category !== undefined
      ? postingCategory(deps, body.category)
      : deps.categories.resolve(current.categoryId);
  if (!category) throw new Error(`category ${current.categoryId} of listing ${id} is unknown`);
  if (body.category !== undefined) {
    changes.categoryId = category.id;
    changes.rootCategoryId = category.rootId;
  }
  if (body.category !== undefined || body.attributes !== undefined) {
    changes.attributes = validateAttributes(category.attributes, body.attributes ?? current.attributes);
  }
  if (body.title !== undefined) changes.title = body.title;
  if (body.description !== undefined) changes.description = body.description;
  if (body.offer_type !== undefined) changes.offerType = body.offer_type;
  if (body.price_type !== undefined || body.price !== undefined) {
    const priceType = body.price_type ?? current.priceType;
    changes.priceType = priceType;
    changes.priceCents =
      body.price !== undefined
        ? toCents(body.price, priceType)
        : priceType === 'free'
          ? 0
          : current.priceCents;
  }
  if (body.postal_code !== undefined || body.location !== undefined) {
    const postalCode = body.postal_code ?? current.postalCode;
    const location = body.location ?? (body.postal_code !== undefined ? '' : current.location);
    const place = await postingPlace(deps.db, postalCode, location);
    Object.assign(changes, {
      postalCode: place.postalCode,
      location: place.place,
      latitude: place.latitude,
      longitude: place.longitude,
    });
  }
  if (body.status !== undefined) {
    changes.status = body.status;
    if (body.status === 'active' && current.expiresAt.getTime() <= Date.now()) {
      changes.expiresAt = new Date(Date.now() + LISTING_LIFETIME_MS);
    }
  }
  const removed = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    let released: string[] = [];
    if (body.images !== undefined) {
      changes.images = await claimUploads(db, body.images, [current.sellerId, actor.id], id);
      released = await releaseUploads(db, id, changes.images);
    }
    await db
      .update(listings)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(listings.id, id));
    if (changes.title !== undefined && changes.title !== current.title) {
      await adjustTerms(db, current.title, -1);
      await adjustTerms(db, changes.title, 1);
    }
    return released;
  });
  await removeFiles(deps.storage, removed);
  bumpListingsVersion();
  return answer(deps, id, actor.id);
}

/**
 * `DELETE /api/listings/{id}` (owner or ADMIN): removes the ad with its favourites, views,
 * reports and photos in one transaction; the photo files go after the commit.
 * @throws AppError listing_not_found (404), listing_forbidden (403)
 */
export async function deleteListing(deps: ListingDeps, actor: Actor, id: string): Promise<void> {
  const current = await editable(deps.db, actor, id);
  const removed = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const released = await releaseUploads(db, id, []);
    await db.execute(sql`delete from favorites where listing_id = ${id}::uuid`);
    await db.delete(listings).where(eq(listings.id, id));
    await adjustTerms(db, current.title, -1);
    return released;
  });
  await removeFiles(deps.storage, removed);
  bumpListingsVersion();
}

/**
 * `POST /api/listings/{id}/extend` (owner or ADMIN): an active or expired ad runs another 60
 * days from now (and is active again).
 * @throws AppError listing_not_found (404), listing_forbidden (403), listing_not_extendable (409)
 */
export async function extendListing(deps: ListingDeps, actor: Actor, id: string): Promise<Listing> {
  const current = await editable(deps.db, actor, id);
  if (current.status !== 'active') throw new AppError('listing_not_extendable');
  const now = Date.now();
  await deps.db
    .update(listings)
    .set({ expiresAt: new Date(now + LISTING_LIFETIME_MS), updatedAt: new Date(now) })
    .where(eq(listings.id, id));
  bumpListingsVersion();
  return answer(deps, id, actor.id);
}

/**
 * `POST /api/listings/{id}/report`: stores a member's report for the administrators; a second
 * report of the same ad replaces the first.
 * @throws AppError listing_not_found (404), validation (422) for one's own ad
 */
export async function reportListing(
  deps: ListingDeps,
  actor: Actor,
  id: string,
  body: ListingReportBody,
): Promise<{ detail: string }> {
  const row = isUuid(id)
    ? (await deps.db.select({ sellerId: listings.sellerId }).from(listings).where(eq(listings.id, id)))[0]
    : undefined;
  if (!row) throw new AppError('listing_not_found');
  if (!canReportListing(actor, row))
    throw new AppError('validation', 'Du kannst deine eigene Anzeige nicht melden.');
  const comment = body.comment?.trim() ? body.comment.trim() : null;
  await deps.db
    .insert(listingReports)
    .values({ listingId: id, reporterId: actor.id, reason: body.reason, comment })
    .onConflictDoUpdate({
      target: [listingReports.listingId, listingReports.reporterId],
      set: { reason: body.reason, comment, createdAt: new Date() },
    });
  return { detail: messages.reported };
}

/**
 * `GET /api/listings/{id}/similar`: active ads of the same category nearest in price (two
 * index ranges, below and above the price), the ad itself excluded.
 * @throws AppError listing_not_found (404)
 */
export async function similarListings(
  deps: ListingReadDeps,
  id: string,
  limit: number,
  viewerId: string | null,
): Promise<Listing[]> {
  const row = isUuid(id)
    ? (
        await deps.db
          .select({ categoryId: listings.categoryId, priceCents: listings.priceCents })
          .from(listings)
          .where(eq(listings.id, id))
      )[0]
    : undefined;
  if (!row) throw new AppError('listing_not_found');
  const near = (op: SQL, dir: SQL) => sql`(select l.id, abs(l.price_cents - ${row.priceCents}) as gap
      from listings l where l.category_id = ${row.categoryId} and ${VISIBLE} and l.id <> ${id}::uuid
        and l.price_cents ${op} ${row.priceCents}
      order by l.price_cents ${dir}, l.id ${dir} limit ${limit})`;
  const records = await selectRows<ListingRecord>(
    deps.db,
    sql`select ${listingColumns(viewerId, null)}
        from (select id, gap from (${near(sql`>=`, sql`asc`)} union all ${near(sql`<`, sql`desc`)}) c
              order by gap, id limit ${limit}) k
        join listings l on l.id = k.id ${LISTING_JOINS}
        order by k.gap, l.id`,
  );
  return records.map((record) => toListing(record, deps.categories));
}

/** Status filter of my ads as SQL (expired is derived from the expiry). */
function statusCondition(status: MyListingsQuery['status']): SQL | null {
  switch (status) {
    case 'active':
      return VISIBLE;
    case 'expired':
      return sql`(l.status = 'active' and l.expires_at <= now())`;
    case 'reserved':
    case 'sold':
      return sql`l.status = ${status}`;
    default:
      return null;
  }
}

/**
 * `GET /api/me/listings` (issue 4 "Meine Anzeigen"): my ads in every status, newest first,
 * with views and favourite counts, paged by cursor, plus the number of ads per status.
 * @throws AppError validation (422) for a bad cursor
 */
export async function listMyListings(
  deps: ListingReadDeps,
  userId: string,
  query: MyListingsQuery,
): Promise<MyListingList> {
  const cursor = query.cursor ? decodeCursor(query.cursor, 'mine') : null;
  const where: SQL[] = [sql`l.seller_id = ${userId}::uuid`];
  const status = statusCondition(query.status);
  if (status) where.push(status);
  const pageWhere = cursor
    ? [...where, sql`(l.created_at, l.id) < (${cursor.k}::timestamptz, ${cursor.id}::uuid)`]
    : where;
  const [records, [counts]] = await Promise.all([
    selectListingPage(deps.db, {
      where: pageWhere,
      // `nulls last` matches the descending index listings_seller_idx.
      orderBy: sql`l.created_at desc nulls last, l.id desc nulls last`,
      outerOrderBy: sql`l.created_at desc nulls last, l.id desc nulls last`,
      limit: query.limit + 1,
      viewerId: userId,
    }),
    selectRows<MyListingList['counts']>(
      deps.db,
      sql`select count(*) filter (where status = 'active' and expires_at > now())::int as active,
                 count(*) filter (where status = 'reserved')::int as reserved,
                 count(*) filter (where status = 'sold')::int as sold,
                 count(*) filter (where status = 'active' and expires_at <= now())::int as expired
          from listings where seller_id = ${userId}::uuid`,
    ),
  ]);
  const page = records.slice(0, query.limit);
  const last = page[page.length - 1];
  const countsOrZero = counts ?? { active: 0, reserved: 0, sold: 0, expired: 0 };
  return {
    listings: page.map((record) => toListing(record, deps.categories)),
    total: query.status
      ? countsOrZero[query.status]
      : countsOrZero.active + countsOrZero.reserved + countsOrZero.sold + countsOrZero.expired,
    next_cursor:
      records.length > query.limit && last
        ? encodeCursor({ s: 'mine', k: iso(last.created_at), id: last.id })
        : null,
    counts: countsOrZero,
  };
}

/**
 * Removes all ads of a member inside the account-deletion transaction (users/account.ts):
 * their favourites, photos' upload records, vocabulary counts and the ads.
 * @returns upload ids whose files the caller removes after the commit
 */
export async function removeListingsOfSeller(tx: Database, sellerId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: listings.id, title: listings.title })
    .from(listings)
    .where(eq(listings.sellerId, sellerId));
  if (rows.length === 0) return [];
  const released: string[] = [];
  for (const row of rows) released.push(...(await releaseUploads(tx, row.id, [])));
  await tx.execute(
    sql`delete from favorites where listing_id in (select id from listings where seller_id = ${sellerId}::uuid)`,
  );
  await tx.delete(listings).where(eq(listings.sellerId, sellerId));
  await adjustTermsBulk(
    tx,
    rows.map((row) => row.title),
    -1,
  );
  bumpListingsVersion();
  return released;
}
