import type { ListingStatus } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { type Database, selectRowsUnchecked } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { ReportTargetType } from '../reports/index.ts';

/**
 * What the moderation module may read and change of ads (docs/decisions/0023-one-reports-store.md):
 * the kind `listing` of the one reports store (the facts of reported ads), and an ad's removal
 * and restoration. Reached through the listings door.
 */

/** The facts of an ad the moderation queue and the statement of reasons show. */
export interface ModeratedListing {
  id: string;
  sellerId: string;
  title: string;
  /** Stored status: active, reserved, sold or removed. */
  status: 'active' | 'reserved' | 'sold' | 'removed';
  /** URL of the cover photo, or null. */
  image: string | null;
}

/** Ads by id with the facts moderation needs; unknown ids are left out. */
export async function findModeratedListings(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, ModeratedListing>> {
  if (ids.length === 0) return new Map();
  const rows = await selectRowsUnchecked<ModeratedListing>(
    db,
    sql`select id, seller_id as "sellerId", title, status, images->>0 as image
        from listings
        where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** The kind `listing` of reported things, registered at start (`app.reportTargets`): a removed ad is gone. */
export const listingReportTarget: ReportTargetType = {
  type: 'listing',
  perReportedMember: false,
  async facts(db, things) {
    const ads = await findModeratedListings(
      db,
      things.map((thing) => thing.targetId),
    );
    return [...ads.values()].map((ad) => ({
      targetType: 'listing',
      targetId: ad.id,
      title: ad.title,
      excerpt: null,
      link: `/listing/${ad.id}`,
      image: ad.image,
      status: ad.status,
      affectedId: ad.sellerId,
      gone: ad.status === 'removed',
    }));
  },
};

/**
 * Removes an ad after a moderation decision (status `removed`: out of every list and search,
 * shown only to its seller and ADMINs; the seller can no longer change it). Call it inside the
 * decision's transaction and {@link announceModeration} after the commit.
 * @returns the status before, for a later restoration
 * @throws AppError listing_not_found (404), conflict (409) when already removed
 */
export async function removeListingInTransaction(
  tx: Database,
  id: string,
): Promise<{ previousStatus: 'active' | 'reserved' | 'sold'; sellerId: string }> {
  const [row] = await selectRowsUnchecked<{ status: string; sellerId: string }>(
    tx,
    sql`select status, seller_id as "sellerId" from listings where id = ${id}::uuid for update`,
  );
  if (!row) throw new AppError('listing_not_found');
  if (row.status === 'removed') throw new AppError('conflict', 'Diese Anzeige wurde bereits entfernt.');
  await tx.execute(sql`update listings set status = 'removed', updated_at = now() where id = ${id}::uuid`);
  return { previousStatus: row.status as 'active' | 'reserved' | 'sold', sellerId: row.sellerId };
}

/**
 * Restores a removed ad to `status` (an appeal reversed the removal), so that it is back in
 * search while unexpired. Call it inside the transaction and {@link announceModeration} after
 * the commit.
 * @returns false when the ad is gone or no longer removed
 */
export async function restoreListingInTransaction(
  tx: Database,
  id: string,
  status: 'active' | 'reserved' | 'sold',
): Promise<boolean> {
  const rows = await selectRowsUnchecked<{ id: string }>(
    tx,
    sql`update listings set status = ${status}, updated_at = now()
        where id = ${id}::uuid and status = 'removed' returning id`,
  );
  return rows.length > 0;
}

/**
 * Announces a removal or restoration after the commit as any status change is announced
 * (`listing.updated`, `listing.status_changed`): caches of every instance drop the ad's answers
 * and open tabs hear `listing_status_changed`.
 */
export async function announceModeration(
  events: EventBus,
  change: { listingId: string; sellerId: string; status: ListingStatus; previousStatus: ListingStatus },
): Promise<void> {
  await events.publish('listing.updated', { listingId: change.listingId, sellerId: change.sellerId });
  if (change.status !== change.previousStatus) await events.publish('listing.status_changed', change);
}
