import { z } from 'zod';
import { userSummarySchema } from './users.ts';

/** A user in a follow list, with the time the follow began (ISO 8601). */
export const followEntrySchema = userSummarySchema.extend({ followed_at: z.string() });
export type FollowEntry = z.infer<typeof followEntrySchema>;

/** Query of both follow lists: newest follow first, `limit` 1..200 (default 100), `offset` >= 0. */
export const followListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** `GET /api/follow/following` (SPEC.md §7 "reads following"): users I follow. */
export const followingListSchema = z.object({ following: z.array(followEntrySchema) });
export type FollowingList = z.infer<typeof followingListSchema>;

/** `GET /api/follow/followers` (SPEC.md §7 "reads followers"): users who follow me. */
export const followersListSchema = z.object({ followers: z.array(followEntrySchema) });
export type FollowersList = z.infer<typeof followersListSchema>;

/** `POST /api/follow/{userId}` answer (201, also when already following). */
export const followResultSchema = z.object({
  following: z.literal(true),
  followers_count: z.number().int(),
});
export type FollowResult = z.infer<typeof followResultSchema>;
