import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { countRequest, lockLimit, type RequestLimit } from '../auth/index.ts';
import { profilePermissions } from '../users/index.ts';
import * as queries from './queries.ts';
import './events.ts';

export type { FollowEdge } from './queries.ts';

/** Page of a follow list; the contract bounds `limit` to 1..200. */
export interface FollowPage {
  limit: number;
  offset: number;
}

/** New follows a member may start per hour (docs/decisions/0005). */
export const FOLLOW_LIMIT: RequestLimit = {
  bucket: 'follow',
  max: 100,
  windowMs: 60 * 60 * 1000,
  reason: 'Du bist in kurzer Zeit sehr vielen Mitgliedern gefolgt.',
};

/** What following and unfollowing need from the running application. */
export interface FollowsDeps {
  db: Database;
  /** Carries `user.followed` and `user.unfollowed` to the other modules. */
  events: EventBus;
}

/**
 * `followerId` follows `followedId` (SPEC.md §7 "follows a user"). Idempotent: following again
 * changes nothing. The caller checks that `followedId` is an existing member. A new follow
 * emits `user.followed` in its transaction (its notification is a durable reaction). At most 100 new follows per member and hour
 * (`FOLLOW_LIMIT`): the follow and its count are written in one transaction under the
 * member's advisory lock, so parallel requests cannot pass the limit; repeats count nothing.
 * @returns whether the follow is new, and the followed member's follower count afterwards
 * @throws AppError cannot_follow_self (400) for oneself; user_not_found (404) when the member
 *   vanished meanwhile; rate_limited (429 with Retry-After)
 */
export async function follow(
  deps: FollowsDeps,
  followerId: string,
  followedId: string,
): Promise<{ created: boolean; followersCount: number }> {
  // The profile's policy (`can.follow` of `GET /api/users/{id}`): members follow others, not themselves.
  if (!profilePermissions({ id: followerId }, { id: followedId }).follow)
    throw new AppError('cannot_follow_self');
  let created: boolean;
  try {
    created = await deps.events.transaction(deps.db, async (tx, emit) => {
      await lockLimit(tx, FOLLOW_LIMIT.bucket, followerId);
      const isNew = await queries.insertFollow(tx, followerId, followedId);
      // Re-entrant: the same lock is held already. Over the limit, the follow rolls back.
      if (isNew) {
        await countRequest(tx, FOLLOW_LIMIT, followerId);
        emit('user.followed', { followerId, followeeId: followedId });
      }
      return isNew;
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw new AppError('user_not_found');
    throw error;
  }
  return { created, followersCount: await queries.countFollowers(deps.db, followedId) };
}

/**
 * Ends a follow (SPEC.md §7 "unfollows a user"); ending one that does not exist is no error.
 * An ended follow is published as `user.unfollowed`.
 * @returns whether one ended
 */
export async function unfollow(deps: FollowsDeps, followerId: string, followedId: string): Promise<boolean> {
  const ended = await queries.deleteFollow(deps.db, followerId, followedId);
  if (ended) await deps.events.publish('user.unfollowed', { followerId, followeeId: followedId });
  return ended;
}

/** Whether `followerId` follows `followedId`. */
export function isFollowing(db: Database, followerId: string, followedId: string): Promise<boolean> {
  return queries.selectFollowExists(db, followerId, followedId);
}

/** Follower and following counts of a member (public profile). */
export async function followCounts(
  db: Database,
  userId: string,
): Promise<{ followers: number; following: number }> {
  const [followers, following] = await Promise.all([
    queries.countFollowers(db, userId),
    queries.countFollowing(db, userId),
  ]);
  return { followers, following };
}

/** Members `userId` follows, newest follow first (SPEC.md §7 "reads following"). */
export function listFollowing(db: Database, userId: string, page: FollowPage) {
  return queries.selectFollowing(db, userId, page);
}

/** Members who follow `userId`, newest follow first (SPEC.md §7 "reads followers"). */
export function listFollowers(db: Database, userId: string, page: FollowPage) {
  return queries.selectFollowers(db, userId, page);
}

/** Removes every follow from and to a member; part of deleting an account. */
export function removeFollowsOf(db: Database, userId: string): Promise<number> {
  return queries.deleteFollowsOf(db, userId);
}

/**
 * SQL condition: the member `memberId` (an SQL expression such as `l.seller_id`) is followed by
 * `followerId`. Other modules put it into their own queries (what followed members posted) and
 * never read the follows table themselves (docs/decisions/0006-module-doors.md); the primary key
 * `(follower_id, followed_id)` answers it.
 */
export function followedBy(followerId: string, memberId: SQL): SQL {
  return sql`${memberId} in (select f.followed_id from follows f where f.follower_id = ${followerId}::uuid)`;
}
