import type { AdminStats } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../db/client.ts';
import { verifiedSellerCondition } from '../verification/index.ts';

/** Days of the chart of new ads and members on the admin dashboard. */
export const DAILY_DAYS = 30;

/**
 * The figures of `GET /api/admin/stats` (SPEC.md §6, §7). Read-only counts over the tables of
 * the users, listings, chat, stories, forum and verification modules in one statement (one snapshot); nothing
 * is written. Ads count as active while unexpired. `daily` covers the last {@link DAILY_DAYS}
 * UTC days, oldest first.
 */
export async function readAdminStats(db: Database, now = new Date()): Promise<AdminStats> {
  const [row] = await selectRows<{
    members_total: number;
    members_new_7d: number;
    verified_sellers: number;
    verifications_pending: number;
    listings_active: number;
    listings_reserved: number;
    listings_sold: number;
    listings_new_7d: number;
    reports_listings: number;
    reports_forum: number;
    messages_24h: number;
    stories_24h: number;
    forum_posts: number;
  }>(
    db,
    sql`select
      (select count(*)::int from users) as members_total,
      (select count(*)::int from users where created_at > ${now}::timestamptz - interval '7 days') as members_new_7d,
      (select count(*)::int from users u where ${verifiedSellerCondition(sql`u.id`)}) as verified_sellers,
      (select count(*)::int from seller_verifications where status = 'pending') as verifications_pending,
      (select count(*)::int from listings where status = 'active' and expires_at > ${now}::timestamptz) as listings_active,
      (select count(*)::int from listings where status = 'reserved') as listings_reserved,
      (select count(*)::int from listings where status = 'sold') as listings_sold,
      (select count(*)::int from listings where created_at > ${now}::timestamptz - interval '7 days') as listings_new_7d,
      -- Open ad reports: filed after the last moderation decision on the ad, the ad not removed
      -- (docs/decisions/0009-reports-queue.md), as the queue 'Meldungen' shows them.
      (select count(*)::int from listing_reports r join listings rl on rl.id = r.listing_id
        where rl.status <> 'removed' and not exists (
          select 1 from moderation_decisions d
          where d.target_type = 'listing' and d.target_id = r.listing_id
            and d.action in ('keep', 'remove') and d.created_at >= r.created_at)) as reports_listings,
      (select count(*)::int from forum_reports where status = 'open') as reports_forum,
      (select count(*)::int from chat_messages where created_at > ${now}::timestamptz - interval '24 hours') as messages_24h,
      (select count(*)::int from stories where created_at > ${now}::timestamptz - interval '24 hours') as stories_24h,
      (select count(*)::int from forum_posts where deleted_at is null) as forum_posts`,
  );
  // One grouped pass per table over the last days (an index range on created_at), not one
  // count per day.
  const daily = await selectRows<{ day: string; listings: number; members: number }>(
    db,
    sql`with bounds as (
          select (${now}::timestamptz at time zone 'UTC')::date - ${DAILY_DAYS - 1}::int as first_day,
            (${now}::timestamptz at time zone 'UTC')::date as last_day),
        days as (
          select generate_series(b.first_day, b.last_day, interval '1 day')::date as day from bounds b),
        new_listings as (
          select (l.created_at at time zone 'UTC')::date as day, count(*)::int as n
          from listings l, bounds b
          where l.created_at >= (b.first_day::timestamp at time zone 'UTC')
          group by 1),
        new_members as (
          select (u.created_at at time zone 'UTC')::date as day, count(*)::int as n
          from users u, bounds b
          where u.created_at >= (b.first_day::timestamp at time zone 'UTC')
          group by 1)
        select to_char(d.day, 'YYYY-MM-DD') as day,
          coalesce(l.n, 0)::int as listings, coalesce(m.n, 0)::int as members
        from days d
        left join new_listings l on l.day = d.day
        left join new_members m on m.day = d.day
        order by d.day`,
  );
  if (!row) throw new Error('admin stats query returned no row');
  return {
    members: { total: row.members_total, new_7d: row.members_new_7d, verified_sellers: row.verified_sellers },
    listings: {
      active: row.listings_active,
      reserved: row.listings_reserved,
      sold: row.listings_sold,
      new_7d: row.listings_new_7d,
    },
    reports: {
      open: row.reports_listings + row.reports_forum,
      listings: row.reports_listings,
      forum_posts: row.reports_forum,
    },
    verifications: { pending: row.verifications_pending },
    activity: { messages_24h: row.messages_24h, stories_24h: row.stories_24h },
    forum: { posts: row.forum_posts },
    daily: daily.map((d) => ({ date: d.day, listings: d.listings, members: d.members })),
    generated_at: now.toISOString(),
  };
}
