import type { PublicProfile } from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import * as follows from '../follows/index.ts';
import { countActiveListings } from '../listings/index.ts';
import { displayName, getAccount, type MemberCards, profilePermissions } from '../users/index.ts';
import { businessNames } from '../verification/index.ts';

/**
 * The public profile at /user/{id} (SPEC.md §2 public routes, §3 "User"). `viewerId` is the member
 * asking, or null for a visitor (then `is_following` is null). `active_listings` counts the
 * member's active, unexpired ads; `rating` (one decimal, null without any) and `review_count` come
 * from the ratings members gave in chat conversations about ads; `reputation` is the member's one
 * reputation across marketplace and forum (the users door's member cards); `business_name` the
 * company name of a business seller (verification door), which the page shows as its heading; `can` is what the
 * viewer may do there (`profilePermissions`, all false for a visitor).
 * @throws AppError user_not_found (404), also for malformed ids
 */
export async function getPublicProfile(
  deps: { db: Database; cards: MemberCards },
  userId: string,
  viewerId: string | null,
): Promise<PublicProfile> {
  const { db } = deps;
  const row = await getAccount(db, userId);
  const [counts, activeListings, viewerFollows, reputations, businesses] = await Promise.all([
    follows.followCounts(db, row.id),
    countActiveListings(db, row.id),
    viewerId && viewerId !== row.id ? follows.isFollowing(db, viewerId, row.id) : Promise.resolve(false),
    deps.cards.reputations([row.id]),
    businessNames(db, [row.id]),
  ]);
  const reputation = reputations.get(row.id);
  return {
    id: row.id,
    display_name: displayName(row),
    business_name: businesses.get(row.id) ?? null,
    avatar: row.avatarUrl,
    member_since: row.createdAt.toISOString(),
    rating: reputation?.rating ?? null,
    review_count: reputation?.review_count ?? 0,
    active_listings: activeListings,
    followers_count: counts.followers,
    following_count: counts.following,
    is_following: viewerId ? viewerFollows : null,
    ...(reputation ? { reputation } : {}),
    can: profilePermissions(viewerId ? { id: viewerId } : null, row),
  };
}
