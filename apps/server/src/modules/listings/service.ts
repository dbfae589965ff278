import { createHmac } from 'node:crypto';
import {
  LISTING_LIFETIME_DAYS,
  type Listing,
  type ListingReportBody,
  type ListingStatus,
  type listingCreateSchema,
  type listingUpdateSchema,
  type MyListingList,
  type myListingsQuerySchema,
} from '@marketplace/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, selectRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import {
  addressKey,
  consumeRequestQuota,
  countRequest,
  lockLimit,
  type RequestLimit,
} from '../auth/index.ts';
import type { ResolvedCategory } from '../categories/index.ts';
import { claimUploads, releaseUploads, removeFiles } from '../media/index.ts';
import { findPlace, type Location, postalCodeExists } from '../places/index.ts';
import type { Actor, MemberCards } from '../users/index.ts';
import { validateAttributes } from './attributes.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import type { ListingReadDeps } from './deps.ts';
import { canReportListing, listingPermissions } from './policies.ts';
import { effectiveStatus, iso, toListing } from './present.ts';
import {
  LISTING_JOINS,
  type ListingRecord,
  listingColumns,
  recordView,
  selectListingPage,
  selectListingRecord,
  selectListingRecords,
  VISIBLE,
} from './queries.ts';
import { type ListingRow, listingReports, listings } from './schema.ts';
import { adjustTerms, adjustTermsBulk } from './terms.ts';

export type ListingCreateBody = z.output<typeof listingCreateSchema>;
export type ListingUpdateBody = z.output<typeof listingUpdateSchema>;
export type MyListingsQuery = z.output<typeof myListingsQuerySchema>;

/** What the listings service needs from the running application (built by the listings plugin). */
export interface ListingDeps extends ListingReadDeps {
  storage: MediaStorage;
  /** Key of the HMAC that turns a visitor's address into a pseudonym. */
  viewSecret: string;
  /** Where the service announces its changes, after they have committed. */
  events: EventBus;
  /** Visits this instance has already counted today. */
  countedViews: CountedViews;
  /** The users door's member cards (`app.memberCards`), for the directory's members. */
  cards: MemberCards;
}

/** A lifetime of an ad in ms (60 days; extending starts a new one). */
export const LISTING_LIFETIME_MS = LISTING_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

/** New ads per member and hour (SPEC.md §5 leaves the posting rules open; this is ours). */
export const LISTING_POST_LIMIT: RequestLimit = {
  bucket: 'listing_post',
  max: 30,
  windowMs: 60 * 60 * 1000,
  reason: 'Du hast in kurzer Zeit sehr viele Anzeigen aufgegeben.',
};

/** Reports per member and hour (one per ad; docs/decisions/0005). */
export const LISTING_REPORT_LIMIT: RequestLimit = {
  bucket: 'listing_report',
  max: 20,
  windowMs: 60 * 60 * 1000,
  reason: 'Du hast in kurzer Zeit sehr viele Anzeigen gemeldet.',
};

/**
 * Views one address (IPv4, IPv6 /64) adds over all ads in 24 hours; further visits from it
 * are shown but not counted, so one address cannot push an ad up 'Meistgesehen'.
 */
export const LISTING_VIEW_LIMIT: RequestLimit = {
  bucket: 'listing_view',
  max: 100,
  windowMs: 24 * 60 * 60 * 1000,
  reason: 'Zu viele Aufrufe von dieser Adresse.',
};

export const messages = {
  reported: 'Danke! Wir prüfen die Anzeige.',
  alreadyReported: 'Du hast diese Anzeige bereits gemeldet. Wir prüfen sie.',
} as const;

function invalidField(field: string, message: string): never {
  throw new AppError('validation', `Feld '${field}': ${message}`);
}

/**
 * The category an ad is posted in: it must exist and be a subcategory or a category without
 * subcategories.
 * @throws AppError validation (422)
 */
function postingCategory(deps: ListingReadDeps, ref: string | number): ResolvedCategory {
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

async function answer(deps: ListingReadDeps, id: string, viewer: Actor | null): Promise<Listing> {
  const record = await selectListingRecord(deps.db, id, viewer?.id ?? null);
  if (!record) throw new AppError('listing_not_found');
  return toListing(record, deps.categories, viewer);
}

/**
 * `POST /api/listings` (ARCHITECTURE.md): checks the category (a leaf), its
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
  const id = await deps.events.transaction(deps.db, async (db, emit) => {
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
    emit('listing.created', { listingId: row.id, sellerId: actor.id, title: body.title });
    return row.id;
  });
  return answer(deps, id, actor);
}

/**
 * The stored ad for a change, after the policy check (`edit`, or `delete` for a deletion).
 * @throws AppError listing_not_found (404), listing_forbidden (403)
 */
async function editable(
  db: Database,
  actor: Actor,
  id: string,
  action: 'edit' | 'delete' = 'edit',
): Promise<ListingRow> {
  const row = isUuid(id) ? (await db.select().from(listings).where(eq(listings.id, id)))[0] : undefined;
  if (!row) throw new AppError('listing_not_found');
  if (!listingPermissions(actor, row)[action]) throw new AppError('listing_forbidden');
  return row;
}

/** Announces a change of an ad's shown status (`expired` derived from the expiry), if any. */
async function announceStatus(
  deps: ListingDeps,
  row: { id: string; sellerId: string },
  previousStatus: ListingStatus,
  status: ListingStatus,
): Promise<void> {
  if (status === previousStatus) return;
  await deps.events.publish('listing.status_changed', {
    listingId: row.id,
    sellerId: row.sellerId,
    status,
    previousStatus,
  });
}

/** Today's date in UTC (`YYYY-MM-DD`): the day of view counting. */
function viewDay(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Who a view is counted for (`visitorOf`). */
export interface Visitor {
  /** The member asking, or null for a visitor without a token. */
  viewerId: string | null;
  /** One view per ad and day is counted per key: `u:` member id, or `a:` the address's pseudonym of the day. */
  key: string;
  /** Pseudonym of the address (IPv4, IPv6 /64) for the daily cap over all ads. */
  address: string;
}

/**
 * A visitor for view counting (SPEC.md §3 `views`): a member by id, anyone else by address
 * (IPv4, IPv6 by /64; not by browser, so user agents from one address count once), as HMACs
 * so that no address is stored.
 */
export function visitorOf(secret: string, viewerId: string | null, ip: string): Visitor {
  const network = addressKey(ip);
  const hmac = (text: string) => createHmac('sha256', secret).update(text).digest('base64url').slice(0, 32);
  return {
    viewerId,
    key: viewerId ? `u:${viewerId}` : `a:${hmac(`${viewDay()}|${network}`)}`,
    address: hmac(`address|${network}`),
  };
}

/**
 * Visits (visitor and ad) an instance has already counted today, so a repeated visit needs no
 * write (the database would ignore it anyway). Owned by the listings plugin; it starts over
 * each UTC day and when it holds `MAX_COUNTED_VIEWS` visits.
 */
export class CountedViews {
  private day = '';
  private visits = new Set<string>();

  /** Whether `visit` was counted today (also starts a new day). */
  has(visit: string, day: string): boolean {
    if (day !== this.day) {
      this.day = day;
      this.visits = new Set();
    }
    return this.visits.has(visit);
  }

  /** Remembers that `visit` (visitor and ad, see `countView`) was counted today. */
  add(visit: string): void {
    if (this.visits.size >= MAX_COUNTED_VIEWS) this.visits.clear();
    this.visits.add(visit);
  }
}
/** The set of counted visits starts over when it holds this many (the database still dedupes). */
const MAX_COUNTED_VIEWS = 100_000;

/**
 * Counts one view of ad `id` per visitor (`visitorOf`) and UTC day (SPEC.md §3 `views`, §9
 * `popular`; not the seller's own visits), at most 100 per address in 24 hours over all ads
 * (`LISTING_VIEW_LIMIT`), and emits `listing.viewed` in the transaction that counts it when the
 * counter rose. The view, its counter and the address's count are written in one transaction
 * under the address's advisory lock, so parallel visits cannot pass the cap. A visit this
 * instance counted today needs no write. Malformed and unknown ids count nothing.
 * @returns false for a visit this instance had already counted today (the counter is unchanged)
 */
export async function countView(deps: ListingDeps, id: string, visitor: Visitor): Promise<boolean> {
  if (!isUuid(id)) return false;
  const day = viewDay();
  const visit = `${visitor.key}|${id}`;
  if (deps.countedViews.has(visit, day)) return false;
  try {
    await deps.events.transaction(deps.db, async (tx, emit) => {
      await lockLimit(tx, LISTING_VIEW_LIMIT.bucket, visitor.address);
      const view = await recordView(tx, {
        listingId: id,
        visitor: visitor.key,
        viewerId: visitor.viewerId,
        day,
      });
      // Re-entrant: the same lock is held already. Over the cap, the view rolls back.
      if (view) {
        await countRequest(tx, LISTING_VIEW_LIMIT, visitor.address);
        emit('listing.viewed', { listingId: id, sellerId: view.sellerId, views: view.views });
      }
    });
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'rate_limited')) throw error;
  }
  deps.countedViews.add(visit);
  return true;
}

/** Whether a suspension or ban keeps the seller out now (the admin module's view `sanctioned_members`). */
async function sellerSanctioned(db: Database, sellerId: string): Promise<boolean> {
  const [row] = await selectRows<{ yes: boolean }>(
    db,
    sql`select exists (select 1 from sanctioned_members where user_id = ${sellerId}::uuid) as yes`,
  );
  return row?.yes ?? false;
}

/**
 * `GET /api/listings/{id}`: the ad in any status (sold and reserved ads say so) as `viewer`
 * sees it, with what the viewer may do (`can`); the route counts the view first (`countView`).
 * @param viewer the member asking, or null (the public answer: every `can` false)
 * @throws AppError listing_not_found (404) 'Anzeige nicht gefunden', also for malformed ids, and
 *   to everyone but the seller and ADMINs for a removed ad or an ad of a suspended or banned seller
 */
export async function readListing(deps: ListingReadDeps, id: string, viewer: Actor | null): Promise<Listing> {
  if (!isUuid(id)) throw new AppError('listing_not_found');
  const listing = await answer(deps, id, viewer);
  // An ad removed by moderation (docs/decisions/0009) is shown only to its seller and ADMINs;
  // so is every ad of a seller while a suspension or ban holds (back when it ends).
  if (
    !listing.can.edit &&
    (listing.status === 'removed' || (await sellerSanctioned(deps.db, listing.seller.id)))
  )
    throw new AppError('listing_not_found');
  return listing;
}

/** An ad removed by moderation stays as it was: its seller can delete it, or appeal. */
function assertNotRemoved(row: ListingRow): void {
  if (row.status === 'removed')
    throw new AppError(
      'listing_forbidden',
      'Diese Anzeige wurde von der Moderation entfernt und kann nicht geändert werden. Du kannst Widerspruch einlegen.',
    );
}

/**
 * Ads by id as `viewer` sees them, in the order of `ids`; unknown ids are left out (the
 * favourites list, SPEC.md §7 `GET /api/favorites`).
 */
export async function readListings(
  deps: ListingReadDeps,
  ids: readonly string[],
  viewer: Actor | null,
): Promise<Listing[]> {
  const records = await selectListingRecords(deps.db, ids.filter(isUuid), viewer?.id ?? null);
  const byId = new Map(records.map((record) => [record.id, record]));
  return ids.flatMap((id) => {
    const record = byId.get(id);
    return record ? [toListing(record, deps.categories, viewer)] : [];
  });
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
  assertNotRemoved(current);
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
  await deps.events.publish('listing.updated', { listingId: id, sellerId: current.sellerId });
  await announceStatus(
    deps,
    current,
    effectiveStatus(current),
    effectiveStatus({
      status: changes.status ?? current.status,
      expiresAt: changes.expiresAt ?? current.expiresAt,
    }),
  );
  return answer(deps, id, actor);
}

/**
 * `DELETE /api/listings/{id}` (owner or ADMIN): removes the ad with its photos in one
 * transaction (its favourites, views, reports and counters go with it by foreign-key cascade);
 * the photo files go after the commit, then `listing.deleted` is announced.
 * @throws AppError listing_not_found (404), listing_forbidden (403)
 */
export async function deleteListing(deps: ListingDeps, actor: Actor, id: string): Promise<void> {
  const current = await editable(deps.db, actor, id, 'delete');
  const removed = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const released = await releaseUploads(db, id, []);
    await db.delete(listings).where(eq(listings.id, id));
    await adjustTerms(db, current.title, -1);
    return released;
  });
  await removeFiles(deps.storage, removed);
  await deps.events.publish('listing.deleted', { listingId: id, sellerId: current.sellerId });
}

/**
 * `POST /api/listings/{id}/extend` (owner or ADMIN): an active or expired ad runs another 60
 * days from now (and is active again).
 * @throws AppError listing_not_found (404), listing_forbidden (403), listing_not_extendable (409)
 */
export async function extendListing(deps: ListingDeps, actor: Actor, id: string): Promise<Listing> {
  const current = await editable(deps.db, actor, id);
  assertNotRemoved(current);
  if (current.status !== 'active') throw new AppError('listing_not_extendable');
  const now = Date.now();
  await deps.db
    .update(listings)
    .set({ expiresAt: new Date(now + LISTING_LIFETIME_MS), updatedAt: new Date(now) })
    .where(eq(listings.id, id));
  await deps.events.publish('listing.updated', { listingId: id, sellerId: current.sellerId });
  await announceStatus(deps, current, effectiveStatus(current), 'active');
  return answer(deps, id, actor);
}

/**
 * `POST /api/listings/{id}/report`: stores a member's report for the administrators, one per
 * member and ad (a second answers 409 and changes nothing), at most 20 per member and hour
 * (`LISTING_REPORT_LIMIT`, counted with the report in one transaction).
 * @throws AppError listing_not_found (404), validation (422) for one's own ad, conflict (409)
 *   for a repeated report, rate_limited (429)
 */
export async function reportListing(
  deps: ListingDeps,
  actor: Actor,
  id: string,
  body: ListingReportBody,
): Promise<{ detail: string }> {
  const row = isUuid(id)
    ? (
        await deps.db
          .select({ sellerId: listings.sellerId, title: listings.title })
          .from(listings)
          .where(eq(listings.id, id))
      )[0]
    : undefined;
  if (!row) throw new AppError('listing_not_found');
  if (!canReportListing(actor, row))
    throw new AppError('validation', 'Du kannst deine eigene Anzeige nicht melden.');
  const comment = body.comment?.trim() ? body.comment.trim() : null;
  await deps.events.transaction(deps.db, async (tx, emit) => {
    await countRequest(tx, LISTING_REPORT_LIMIT, actor.id);
    const stored = await tx
      .insert(listingReports)
      .values({ listingId: id, reporterId: actor.id, reason: body.reason, comment })
      .onConflictDoNothing({ target: [listingReports.listingId, listingReports.reporterId] })
      .returning({ id: listingReports.id });
    // Rolls the counted request back with it: a repeat costs nothing of the hourly limit.
    if (stored.length === 0) throw new AppError('conflict', messages.alreadyReported);
    // The reporter's confirmation (DSA Art. 16); the moderation queue reads the report itself.
    emit('listing.reported', { listingId: id, reporterId: actor.id, title: row.title });
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
  viewer: Actor | null,
): Promise<Listing[]> {
  const viewerId = viewer?.id ?? null;
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
  return records.map((record) => toListing(record, deps.categories, viewer));
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
    case 'removed':
      return sql`l.status = ${status}`;
    default:
      return null;
  }
}

/**
 * `GET /api/me/listings`: my ads in every status, newest first,
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
                 count(*) filter (where status = 'removed')::int as removed,
                 count(*) filter (where status = 'active' and expires_at <= now())::int as expired
          from listings where seller_id = ${userId}::uuid`,
    ),
  ]);
  const page = records.slice(0, query.limit);
  const last = page[page.length - 1];
  const countsOrZero = counts ?? { active: 0, reserved: 0, sold: 0, expired: 0, removed: 0 };
  // The seller sees their own ads: the role does not change what they may do with them.
  const owner: Actor = { id: userId, role: 'SELLER' };
  return {
    listings: page.map((record) => toListing(record, deps.categories, owner)),
    total: query.status
      ? countsOrZero[query.status]
      : countsOrZero.active +
        countsOrZero.reserved +
        countsOrZero.sold +
        countsOrZero.expired +
        countsOrZero.removed,
    next_cursor:
      records.length > query.limit && last
        ? encodeCursor({ s: 'mine', k: iso(last.createdAt), id: last.id })
        : null,
    counts: countsOrZero,
  };
}

/**
 * Removes all ads of a member inside the account-deletion transaction `tx` (users module):
 * their photos' upload records, vocabulary counts and the ads (favourites, views and reports
 * go by foreign-key cascade). The caches of the listings module are cleared when the users
 * module announces `user.deleted` after its commit.
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
  await tx.delete(listings).where(eq(listings.sellerId, sellerId));
  await adjustTermsBulk(
    tx,
    rows.map((row) => row.title),
    -1,
  );
  return released;
}
