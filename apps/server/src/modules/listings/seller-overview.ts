import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../db/client.ts';

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
    selectRows<{
      id: string;
      title: string;
      status: SellerAdRow['status'];
      price_cents: number;
      created_at: Date | string;
      reports: number;
    }>(
      db,
      sql`select l.id, l.title,
            case when l.status = 'active' and l.expires_at <= now() then 'expired' else l.status end as status,
            l.price_cents, l.created_at,
            (select count(*)::int from listing_reports r where r.listing_id = l.id) as reports
          from listings l
          where l.seller_id = ${sellerId}::uuid
          order by l.created_at desc nulls last, l.id desc nulls last
          limit ${SELLER_OVERVIEW_LIMIT}`,
    ),
    selectRows<{
      id: string;
      listing_id: string;
      listing_title: string;
      reporter_id: string;
      reason: string;
      comment: string | null;
      created_at: Date | string;
    }>(
      db,
      sql`select r.id, r.listing_id, l.title as listing_title, r.reporter_id, r.reason, r.comment, r.created_at
          from listing_reports r
          join listings l on l.id = r.listing_id
          where l.seller_id = ${sellerId}::uuid
          order by r.created_at desc, r.id desc
          limit ${SELLER_OVERVIEW_LIMIT}`,
    ),
  ]);
  return {
    ads: ads.map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      priceCents: row.price_cents,
      createdAt: new Date(row.created_at),
      reports: row.reports,
    })),
    reports: reports.map((row) => ({
      id: row.id,
      listingId: row.listing_id,
      listingTitle: row.listing_title,
      reporterId: row.reporter_id,
      reason: row.reason,
      comment: row.comment,
      createdAt: new Date(row.created_at),
    })),
  };
}
