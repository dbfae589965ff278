import { and, count, desc, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { follows } from './schema.ts';

/** One follow as lists need it: the other member's id and when the follow began. */
export interface FollowEdge {
  userId: string;
  followedAt: Date;
}

/** Inserts a follow; an existing one stays as it is. @returns true when it is new */
export async function insertFollow(db: Database, followerId: string, followedId: string): Promise<boolean> {
  const rows = await db
    .insert(follows)
    .values({ followerId, followedId })
    .onConflictDoNothing()
    .returning({ followerId: follows.followerId });
  return rows.length > 0;
}

/** Ends a follow. @returns whether one existed */
export async function deleteFollow(db: Database, followerId: string, followedId: string): Promise<boolean> {
  const rows = await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)))
    .returning({ followerId: follows.followerId });
  return rows.length > 0;
}

/** Whether `followerId` follows `followedId`. */
export async function selectFollowExists(db: Database, followerId: string, followedId: string) {
  const rows = await db
    .select({ followerId: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)));
  return rows.length > 0;
}

/** How many members follow `userId`. */
export async function countFollowers(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.followedId, userId));
  return row?.n ?? 0;
}

/** How many members `userId` follows. */
export async function countFollowing(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.followerId, userId));
  return row?.n ?? 0;
}

/** Members `userId` follows, newest follow first. */
export async function selectFollowing(
  db: Database,
  userId: string,
  page: { limit: number; offset: number },
): Promise<FollowEdge[]> {
  return db
    .select({ userId: follows.followedId, followedAt: follows.createdAt })
    .from(follows)
    .where(eq(follows.followerId, userId))
    .orderBy(desc(follows.createdAt), follows.followedId)
    .limit(page.limit)
    .offset(page.offset);
}

/** Members who follow `userId`, newest follow first. */
export async function selectFollowers(
  db: Database,
  userId: string,
  page: { limit: number; offset: number },
): Promise<FollowEdge[]> {
  return db
    .select({ userId: follows.followerId, followedAt: follows.createdAt })
    .from(follows)
    .where(eq(follows.followedId, userId))
    .orderBy(desc(follows.createdAt), follows.followerId)
    .limit(page.limit)
    .offset(page.offset);
}

/** Removes every follow from or to `userId`. @returns how many were removed */
export async function deleteFollowsOf(db: Database, userId: string): Promise<number> {
  const rows = await db
    .delete(follows)
    .where(or(eq(follows.followerId, userId), eq(follows.followedId, userId)))
    .returning({ followerId: follows.followerId });
  return rows.length;
}
