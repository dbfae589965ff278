import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chatRatings, type RatingRow } from './schema.ts';

/**
 * Stores a rating (the chat checks its rules first).
 * @returns the stored rating, or undefined when the rater already rated this conversation
 */
export async function insertRating(
  db: Database,
  values: { conversationId: string; raterId: string; rateeId: string; stars: number; text: string | null },
): Promise<RatingRow | undefined> {
  const [row] = await db.insert(chatRatings).values(values).onConflictDoNothing().returning();
  return row;
}

/** `userId`'s ratings in the given conversations, by conversation id. */
export async function selectRatingsBy(
  db: Database,
  userId: string,
  conversationIds: readonly string[],
): Promise<Map<string, RatingRow>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(chatRatings)
    .where(and(eq(chatRatings.raterId, userId), inArray(chatRatings.conversationId, [...conversationIds])));
  return new Map(rows.map((row) => [row.conversationId, row]));
}

/**
 * Select-list columns `"sellerRating"` (average stars the member received in chat ratings,
 * rounded to one decimal, null without ratings) and `"sellerReviewCount"` for the member id
 * `userId` (an SQL expression such as `l.seller_id`), for other modules' list queries (the
 * listings module's seller card, docs/decisions/0006: read, never written, in one query for
 * speed) and the member cards (SPEC.md §3 "seller (name, avatar, rating, reviewCount)"); one
 * index range per row.
 */
export function sellerRatingColumns(userId: SQL): SQL {
  return sql`(select round(avg(r.stars), 1)::float8 from chat_ratings r where r.ratee_id = ${userId}) as "sellerRating",
    (select count(*) from chat_ratings r where r.ratee_id = ${userId})::int as "sellerReviewCount"`;
}
