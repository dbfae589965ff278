import type { ListingStatus } from '@marketplace/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { countReportsPerTarget, readReports } from '../reports/index.ts';
import { findModeratedListings } from './moderation.ts';
import { effectiveStatus } from './present.ts';
import { listings } from './schema.ts';

/** Most ads and most reports one seller overview answers. */
export const SELLER_OVERVIEW_LIMIT = 100;

/** An ad of a seller for the admin member page; `status` is `expired` for an active ad past its end. */
export interface SellerAdRow {
  id: string;
  title: string;
  status: ListingStatus;
  priceCents: number;
  createdAt: Date;
  /** Reports against the ad. */
  reports: number;
}

/** A report against one of a seller's ads; the reporter is named by id only. */
export interface SellerReportRow {
  id: string;
  listingId: string;
  listingTitle: string;
  reporterId: string;
  reason: string;
  comment: string | null;
  createdAt: Date;
}

/**
 * A seller's ads in every status, newest first (at most {@link SELLER_OVERVIEW_LIMIT}), and the
 * newest reports against them (at most as many): what the admin member page shows about a
 * member's ads (SPEC.md §6 "ADMIN"). Reads only.
 */
export async function readSellerOverview(
  db: Database,
  sellerId: string,
): Promise<{ ads: SellerAdRow[]; reports: SellerReportRow[] }> {
  const [ads, reports] = await Promise.all([
    db
      .select({
        id: listings.id,
        title: listings.title,
        status: listings.status,
        expiresAt: listings.expiresAt,
        priceCents: listings.priceCents,
        createdAt: listings.createdAt,
      })
      .from(listings)
      .where(eq(listings.sellerId, sellerId))
      // `nulls last` matches the descending index listings_seller_idx.
      .orderBy(sql`${listings.createdAt} desc nulls last`, sql`${listings.id} desc nulls last`)
      .limit(SELLER_OVERVIEW_LIMIT),
    // The seller is the member every report of their ads concerns.
    readReports(db, {
      targetType: 'listing',
      reportedId: sellerId,
      newestFirst: true,
      limit: SELLER_OVERVIEW_LIMIT,
    }),
  ]);
  const [counts, reported] = await Promise.all([
    countReportsPerTarget(
      db,
      'listing',
      ads.map((ad) => ad.id),
    ),
    findModeratedListings(db, [...new Set(reports.map((report) => report.targetId))]),
  ]);
  return {
    ads: ads.map((row) => ({
      id: row.id,
      title: row.title,
      status: effectiveStatus(row),
      priceCents: row.priceCents,
      createdAt: row.createdAt,
      reports: counts.get(row.id) ?? 0,
    })),
    reports: reports.flatMap((report) => {
      const ad = reported.get(report.targetId);
      if (!ad) return [];
      return [
        {
          id: report.id,
          listingId: report.targetId,
          listingTitle: ad.title,
          reporterId: report.reporterId,
          reason: report.reason,
          comment: report.comment,
          createdAt: new Date(report.createdAt),
        },
      ];
    }),
  };
}
