import type { AdminStats } from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import { countMessagesSince } from '../chat/index.ts';
import { countForumPosts } from '../forum/index.ts';
import { countListingsByStatus, countNewListingsPerDay } from '../listings/index.ts';
import { countStoriesSince } from '../stories/index.ts';
import { countMembers, countNewMembersPerDay } from '../users/index.ts';
import { countVerifications } from '../verification/index.ts';

/** Days of the chart of new ads and members on the admin dashboard. */
export const DAILY_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Open reports by kind, as the moderation queue 'Meldungen' shows them. */
export interface OpenReportCounts {
  listings: number;
  forumPosts: number;
  conversations: number;
  stories: number;
  members: number;
}

/**
 * Counts the open reports in `db` (the moderation module hands it over at start, as it depends
 * on the admin door and not the other way; docs/decisions/0009-reports-queue.md).
 */
export type OpenReportsCounter = (db: Database) => Promise<OpenReportCounts>;

const NO_REPORTS: OpenReportsCounter = async () => ({
  listings: 0,
  forumPosts: 0,
  conversations: 0,
  stories: 0,
  members: 0,
});

/** UTC day `YYYY-MM-DD` of a moment. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The figures of `GET /api/admin/stats` (SPEC.md §6, §7). Each module counts its own tables
 * through its door (users, listings, chat, stories, forum, verification; open reports through
 * `countOpenReports`), all in one read-only transaction so the figures are one snapshot where
 * the database offers it; nothing is written. Ads count as active while unexpired. `daily`
 * covers the last {@link DAILY_DAYS} UTC days, oldest first. `reports.open` counts every open
 * report of the queue (ads, forum posts, conversations, stories and members).
 */
export async function readAdminStats(
  db: Database,
  now = new Date(),
  countOpenReports: OpenReportsCounter = NO_REPORTS,
): Promise<AdminStats> {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const lastDay = new Date(`${utcDay(now)}T00:00:00.000Z`);
  const firstDay = new Date(lastDay.getTime() - (DAILY_DAYS - 1) * DAY_MS);
  const figures = await db.transaction(
    async (tx) => {
      return {
        members: await countMembers(tx, weekAgo),
        verifications: await countVerifications(tx),
        listings: await countListingsByStatus(tx, weekAgo),
        reports: await countOpenReports(tx),
        messages: await countMessagesSince(tx, dayAgo),
        stories: await countStoriesSince(tx, dayAgo),
        posts: await countForumPosts(tx),
        newListings: await countNewListingsPerDay(tx, firstDay),
        newMembers: await countNewMembersPerDay(tx, firstDay),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const daily = Array.from({ length: DAILY_DAYS }, (_, i) => {
    const date = utcDay(new Date(firstDay.getTime() + i * DAY_MS));
    return {
      date,
      listings: figures.newListings.get(date) ?? 0,
      members: figures.newMembers.get(date) ?? 0,
    };
  });
  const { reports } = figures;
  return {
    members: {
      total: figures.members.total,
      new_7d: figures.members.newSince,
      verified_sellers: figures.verifications.verifiedSellers,
    },
    listings: {
      active: figures.listings.active,
      reserved: figures.listings.reserved,
      sold: figures.listings.sold,
      new_7d: figures.listings.newSince,
    },
    reports: {
      open: reports.listings + reports.forumPosts + reports.conversations + reports.stories + reports.members,
      listings: reports.listings,
      forum_posts: reports.forumPosts,
    },
    verifications: { pending: figures.verifications.pending },
    activity: { messages_24h: figures.messages, stories_24h: figures.stories },
    forum: { posts: figures.posts },
    daily,
    generated_at: now.toISOString(),
  };
}
