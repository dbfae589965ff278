import { z } from 'zod';
import { listingSchema } from './listings.ts';

/** One favourite (SPEC.md §3 "Favorite: listing (object with id) or listing_id"): both are sent. */
export const favoriteSchema = z.object({
  listing_id: z.string(),
  listing: listingSchema,
  created_at: z.string(),
});
export type Favorite = z.infer<typeof favoriteSchema>;

/** `GET /api/favorites` answer (SPEC.md §7 "response favorites list"). */
export const favoriteListSchema = z.object({ favorites: z.array(favoriteSchema) });
export type FavoriteList = z.infer<typeof favoriteListSchema>;

/** `GET /api/favorites/{listingId}/check` answer (SPEC.md §7). */
export const favoriteCheckSchema = z.object({ isFavorite: z.boolean() });

/**
 * `POST /api/favorites/{listingId}` answer (201). Members cannot save their own ads (400);
 * saving an ad twice answers 400 with `FAVORITE_ALREADY_DETAIL` (constants.ts).
 */
export const favoriteAddedSchema = z.object({
  listing_id: z.string(),
  isFavorite: z.literal(true),
  favorites_count: z.number().int(),
  created_at: z.string(),
});
export type FavoriteAdded = z.infer<typeof favoriteAddedSchema>;
