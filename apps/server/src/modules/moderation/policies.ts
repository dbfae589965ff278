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

/**
 * Whether `adminId` may decide an appeal against `row` (DSA Art. 20): an ADMIN other than the
 * one who took the contested decision; that same ADMIN only where the site has no other one
 * (`otherAdminExists` false), which the outcome then states ({@link SOLE_ADMIN_NOTE}). Automated
 * decisions (no ADMIN) any ADMIN.
 */
export function canDecideAppeal(
  row: ModerationDecisionRow,
  adminId: string,
  otherAdminExists: boolean,
): boolean {
  return row.adminId !== adminId || !otherAdminExists;
}

/**
 * Added to the outcome of an appeal that the ADMIN of the contested decision decided because no
 * other ADMIN exists: the member reads in the statement of reasons that it was the same person.
 */
export const SOLE_ADMIN_NOTE =
  'Hinweis: Über deinen Widerspruch hat dieselbe Person entschieden wie über die erste Entscheidung, weil keine andere Administratorin und kein anderer Administrator verfügbar war.';
