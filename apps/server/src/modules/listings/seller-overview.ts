import { sql } from 'drizzle-orm';
import { type Database, selectRowsUnchecked } from '../../db/client.ts';
import { countReportsPerTarget, readReports } from '../reports/index.ts';
import { findModeratedListings } from './moderation.ts';

/** Most ads and most reports one seller overview answers. */
export const SELLER_OVERVIEW_LIMIT = 100;

/** An ad of a seller for the admin member page; `status` is `expired` for an active ad past its end. */
export interface SellerAdRow {
  id: string;
  title: string;
  status: 'active' | 'reserved' | 'sold' | 'expired';
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
    selectRowsUnchecked<{
      id: string;
      title: string;
      status: SellerAdRow['status'];
      price_cents: number;
      created_at: Date | string;
    }>(
      db,
      sql`select l.id, l.title,
            case when l.status = 'active' and l.expires_at <= now() then 'expired' else l.status end as status,
            l.price_cents, l.created_at
          from listings l
          where l.seller_id = ${sellerId}::uuid
          order by l.created_at desc nulls last, l.id desc nulls last
          limit ${SELLER_OVERVIEW_LIMIT}`,
    ),
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
      status: row.status,
      priceCents: row.price_cents,
      createdAt: new Date(row.created_at),
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
