import type { ReputationPart } from '../users/index.ts';
import { answerRateOf } from './present.ts';
import { answerCountsColumn } from './queries.ts';

/**
 * The chat's part of the one reputation (contract `memberReputationSchema`), added to the users
 * door's member cards at start: the answer rate (`answer_rate`, whole percent of the
 * conversations others started with the member that the member answered, null when nobody wrote
 * to them). One index range per account.
 */
export const chatReputation: ReputationPart = {
  columns: answerCountsColumn,
  fields(row) {
    const counts = (
      typeof row.answerCounts === 'string' ? JSON.parse(row.answerCounts) : row.answerCounts
    ) as {
      received: number | string;
      answered: number | string;
    } | null;
    return {
      answer_rate: answerRateOf(
        counts ? { received: Number(counts.received), answered: Number(counts.answered) } : null,
      ),
    };
  },
};
