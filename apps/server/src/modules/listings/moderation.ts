import type { ListingStatus, ReportReason } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isoTimestamp } from '../../lib/sql.ts';
import type { EventBus } from '../../realtime/event-bus.ts';

/**
 * What the moderation module may read and change of ads (docs/decisions/0009-reports-queue.md):
 * the members' reports (`listing_reports`, read only), the facts of a reported ad, and its
 * removal and restoration. Reached through the listings door.
 */

/** One member's report of an ad. */
export interface ListingReportRow {
  listingId: string;
  reporterId: string;
  reason: ReportReason;
  comment: string | null;
  /** ISO 8601 with milliseconds. */
  createdAt: string;
}

/** Most reports {@link readListingReports} answers. */
export const LISTING_REPORTS_READ_MAX = 5000;

/**
 * Reports of ads, oldest first, at most {@link LISTING_REPORTS_READ_MAX}: of the given ads
 * only (`listingIds`), filed within `[from, to)` when given.
 */
export function readListingReports(
  db: Database,
  filter: { listingIds?: readonly string[]; from?: Date; to?: Date } = {},
): Promise<ListingReportRow[]> {
  const ids = filter.listingIds;
  if (ids && ids.length === 0) return Promise.resolve([]);
  return selectRows<ListingReportRow>(
    db,
    sql`select r.listing_id as "listingId", r.reporter_id as "reporterId", r.reason, r.comment,
          ${isoTimestamp('r.created_at')} as "createdAt"
        from listing_reports r
        where true
          ${ids ? sql`and r.listing_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)` : sql``}
          ${filter.from ? sql`and r.created_at >= ${filter.from.toISOString()}::timestamptz` : sql``}
          ${filter.to ? sql`and r.created_at < ${filter.to.toISOString()}::timestamptz` : sql``}
        order by r.created_at, r.id
        limit ${LISTING_REPORTS_READ_MAX}`,
  );
}

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
  const rows = await selectRows<ModeratedListing>(
    db,
    sql`select id, seller_id as "sellerId", title, status, images->>0 as image
        from listings
        where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

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
  const [row] = await selectRows<{ status: string; sellerId: string }>(
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
  const rows = await selectRows<{ id: string }>(
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
