import { sql } from 'drizzle-orm';
import type { ReputationPart } from '../users/index.ts';
import { answerCountsColumn, sellerRatingColumns } from './queries.ts';
import { answerRateOf } from './service.ts';

/**
 * The chat's part of the one reputation (contract `memberReputationSchema`), added to the users
 * door's member cards at start: the stars members gave the member in chat ratings (`rating`, one
 * decimal, null without a rating; `review_count`) and the answer rate (`answer_rate`, whole
 * percent of the conversations others started with the member that the member answered, null
 * when nobody wrote to them). One index range per account and figure.
 */
export const chatReputation: ReputationPart = {
  columns: (userId) => sql`${sellerRatingColumns(userId)}, ${answerCountsColumn(userId)}`,
  fields(row) {
    const reviews = Number(row.sellerReviewCount ?? 0);
    const counts = (
      typeof row.answerCounts === 'string' ? JSON.parse(row.answerCounts) : row.answerCounts
    ) as {
      received: number | string;
      answered: number | string;
    } | null;
    return {
      rating: reviews > 0 && row.sellerRating !== null ? Number(row.sellerRating) : null,
      review_count: reviews,
      answer_rate: answerRateOf(
        counts ? { received: Number(counts.received), answered: Number(counts.answered) } : null,
      ),
    };
  },
};
