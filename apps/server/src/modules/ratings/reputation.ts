import type { ReputationPart } from '../users/index.ts';
import { sellerRatingColumns } from './queries.ts';

/**
 * The ratings' part of the one reputation (contract `memberReputationSchema`), added to the users
 * door's member cards at start: the average stars the member received (`rating`, one decimal,
 * null without a rating) and how many ratings (`review_count`).
 */
export const ratingReputation: ReputationPart = {
  columns: sellerRatingColumns,
  fields(row) {
    const reviews = Number(row.sellerReviewCount ?? 0);
    return {
      rating: reviews > 0 && row.sellerRating !== null ? Number(row.sellerRating) : null,
      review_count: reviews,
    };
  },
};
