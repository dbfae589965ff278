import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import * as queries from './queries.ts';

export type { FollowEdge } from './queries.ts';

/** Page of a follow list; the contract bounds `limit` to 1..200. */
export interface FollowPage {
  limit: number;
  offset: number;
}

/**
 * `followerId` follows `followedId` (issue 3 "Follows"). Idempotent: following again changes
 * nothing. The caller checks that `followedId` is an existing member.
 * @returns whether the follow is new, and the followed member's follower count afterwards
 * @throws AppError cannot_follow_self (400) for oneself; user_not_found (404) when the member
 *   vanished meanwhile
 */
export async function follow(
  db: Database,
  followerId: string,
  followedId: string,
): Promise<{ created: boolean; followersCount: number }> {
  if (followerId === followedId) throw new AppError('cannot_follow_self');
  let created: boolean;
  try {
    created = await queries.insertFollow(db, followerId, followedId);
  } catch (error) {
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw new AppError('user_not_found');
    throw error;
  }
  return { created, followersCount: await queries.countFollowers(db, followedId) };
}

/** Ends a follow; ending one that does not exist is no error. @returns whether one ended */
export function unfollow(db: Database, followerId: string, followedId: string): Promise<boolean> {
  return queries.deleteFollow(db, followerId, followedId);
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
