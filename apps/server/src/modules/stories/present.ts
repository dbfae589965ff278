import type { Story, StoryListing, StoryPermissions } from '@marketplace/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { imageUrl } from '../media/index.ts';
import { displayName, findAccounts, type UserRow } from '../users/index.ts';
import type { StoriesDeps } from './deps.ts';
import { STORY_VIDEO_URL_PREFIX } from './files.ts';
import { storyPermissions } from './policies.ts';
import { type StoryRow, storyViews } from './schema.ts';

function mediaUrl(row: StoryRow): string {
  return row.mediaType === 'image'
    ? imageUrl(row.mediaName, 'detail')
    : `${STORY_VIDEO_URL_PREFIX}${row.mediaName}`;
}

/**
 * The story's small picture: a photo's `card` size, a video's poster (its first frame, which the
 * client sends along) in the `card` size, else the video itself (older clients send no poster;
 * the viewer then shows the first frame with `preload="metadata"`).
 */
function thumbnailUrl(row: StoryRow): string {
  if (row.mediaType === 'image') return imageUrl(row.mediaName, 'card');
  return row.thumbnailName ? imageUrl(row.thumbnailName, 'card') : mediaUrl(row);
}

/**
 * A story row as the API answers it (SPEC.md §3 "Story"), with `can`, what its viewer may do
 * (`storyPermissions` of `policies.ts`).
 */
export function toStory(
  row: StoryRow,
  owner: UserRow | undefined,
  hasViewed: boolean,
  listing: StoryListing | null,
  can: StoryPermissions,
): Story {
  return {
    id: row.id,
    user_id: row.userId,
    user_name: owner ? displayName(owner) : 'Benutzer',
    user_avatar: owner?.avatarUrl ?? null,
    media_url: mediaUrl(row),
    thumbnail_url: thumbnailUrl(row),
    media_type: row.mediaType,
    caption: row.caption,
    duration: row.duration,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    has_viewed: hasViewed,
    listing,
    can,
  };
}

/**
 * Presents rows for `viewerId`: owners, viewed marks and ad cards in up to three parallel
 * queries; `seenIds` (the ids among `rows` the viewer has seen), when the caller read them
 * already, saves the query of the viewed marks.
 */
export async function present(
  deps: StoriesDeps,
  rows: StoryRow[],
  viewerId: string,
  seenIds?: ReadonlySet<string>,
): Promise<Story[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [owners, viewed, cards] = await Promise.all([
    findAccounts(deps.db, [...new Set(rows.map((row) => row.userId))]),
    seenIds
      ? []
      : deps.db
          .select({ storyId: storyViews.storyId })
          .from(storyViews)
          .where(and(eq(storyViews.viewerId, viewerId), inArray(storyViews.storyId, ids))),
    deps.listings.cards(deps.db, [...new Set(rows.flatMap((row) => (row.listingId ? [row.listingId] : [])))]),
  ]);
  const ownerById = new Map(owners.map((owner) => [owner.id, owner]));
  const seen = seenIds ?? new Set(viewed.map((view) => view.storyId));
  return rows.map((row) =>
    toStory(
      row,
      ownerById.get(row.userId),
      row.userId === viewerId || seen.has(row.id),
      row.listingId ? (cards.get(row.listingId) ?? null) : null,
      storyPermissions({ id: viewerId }, row),
    ),
  );
}
