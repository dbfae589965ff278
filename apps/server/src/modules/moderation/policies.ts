import { APPEAL_PERIOD_MONTHS } from '@marketplace/contract';
import type { ModerationAppealRow, ModerationDecisionRow } from './schema.ts';

/** Whether and until when the affected member may appeal a decision (DSA Art. 20). */

/** The last moment an appeal against a decision taken at `decidedAt` is accepted (6 months later). */
export function appealDeadline(decidedAt: Date): Date {
  const deadline = new Date(decidedAt);
  deadline.setUTCMonth(deadline.getUTCMonth() + APPEAL_PERIOD_MONTHS);
  return deadline;
}

/** Whether a decision restricts its member, so that an appeal is possible (DSA Art. 20). */
export function restricts(row: ModerationDecisionRow): boolean {
  return row.action !== 'keep';
}

/** Whether the affected member may still appeal against the decision. */
export function canAppeal(
  row: ModerationDecisionRow,
  appeal: ModerationAppealRow | undefined,
  viewerId: string | null,
  now: number,
): boolean {
  return (
    restricts(row) &&
    viewerId !== null &&
    row.affectedUserId === viewerId &&
    appeal === undefined &&
    row.reversedAt === null &&
    appealDeadline(row.createdAt).getTime() > now
  );
}
