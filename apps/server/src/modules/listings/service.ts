import {
  LISTING_LIFETIME_DAYS,
  type Listing,
  type ListingStatus,
  type listingCreateSchema,
  type listingUpdateSchema,
} from '@marketplace/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Emit } from '../../realtime/event-bus.ts';
import { consumeRequestQuota, type RequestLimit } from '../auth/index.ts';
import type { ResolvedCategory } from '../categories/index.ts';
import { claimUploads, releaseUploads, removeFiles } from '../media/index.ts';
import { findPlace, type Location, postalCodeExists } from '../places/index.ts';
import type { Actor } from '../users/index.ts';
import { validateAttributes } from './attributes.ts';
import type { ListingDeps, ListingReadDeps } from './deps.ts';
import { listingPermissions } from './policies.ts';
import { effectiveStatus } from './present.ts';
import { answer } from './reading.ts';
import { type ListingRow, listings } from './schema.ts';
import { adjustTerms, adjustTermsBulk } from './terms.ts';

export type ListingCreateBody = z.output<typeof listingCreateSchema>;
export type ListingUpdateBody = z.output<typeof listingUpdateSchema>;

/** A lifetime of an ad in ms (60 days; extending starts a new one). */
export const LISTING_LIFETIME_MS = LISTING_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

/** New ads per member and hour (SPEC.md §5 leaves the posting rules open; this is ours). */
export const LISTING_POST_LIMIT: RequestLimit = {
  bucket: 'listing_post',
  max: 30,
  windowMs: 60 * 60 * 1000,
  reason: 'Du hast in kurzer Zeit sehr viele Anzeigen aufgegeben.',
};

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
  assertMayChange(actor, row, action);
  return row;
}

/**
 * The policy check of every change of an ad (`listingPermissions`: `edit`, or `delete` for a
 * deletion), shared by the single-ad actions and the bulk actions.
 * @throws AppError listing_forbidden (403)
 */
export function assertMayChange(actor: Actor, row: ListingRow, action: 'edit' | 'delete'): void {
  if (!listingPermissions(actor, row)[action]) throw new AppError('listing_forbidden');
}

/**
 * Only an active or expired ad (stored `active`) runs another 60 days.
 * @throws AppError listing_not_extendable (409)
 */
export function assertExtendable(row: ListingRow): void {
  if (row.status !== 'active') throw new AppError('listing_not_extendable');
}

/** Announces a change of an ad's shown status (`expired` derived from the expiry), if any. */
export async function announceStatus(
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

/**
 * An ad removed by moderation stays as it was: its seller can delete it, or appeal.
 * @throws AppError listing_forbidden (403)
 */
export function assertNotRemoved(row: ListingRow): void {
  if (row.status === 'removed')
    throw new AppError(
      'listing_forbidden',
      'Diese Anzeige wurde von der Moderation entfernt und kann nicht geändert werden. Du kannst Widerspruch einlegen.',
    );
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
  const removed = await deps.db.transaction(async (db) => {
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
  const removed = await deps.db.transaction(async (db) => {
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
  assertExtendable(current);
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

/**
 * 'Hochschieben', a paid promotion (decision 0040): the ad's `created_at` becomes now, so it
 * stands first in every newest-first list once, through the same indexes and query plans as any
 * new ad; it sinks again as newer ads arrive. Runs in the paying transaction `tx` and announces
 * the change (`listing.updated`) through its `emit`, so every instance's answer caches drop it.
 * @returns false when the ad is gone
 */
export async function bumpListingInTransaction(
  tx: Database,
  emit: Emit,
  listingId: string,
): Promise<boolean> {
  const [row] = await tx
    .update(listings)
    .set({ createdAt: sql`now()` })
    .where(eq(listings.id, listingId))
    .returning({ sellerId: listings.sellerId });
  if (row) emit('listing.updated', { listingId, sellerId: row.sellerId });
  return !!row;
}
