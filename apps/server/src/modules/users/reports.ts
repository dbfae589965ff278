import type { MemberReportReason } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../db/client.ts';
import { isoTimestamp } from '../../lib/sql.ts';
import { userReports } from './schema.ts';

/**
 * Member reports (DSA Art. 16, docs/decisions/0009-reports-queue.md): members report other
 * members into the one moderation queue (target type `user`). The members module takes the
 * report (`POST /api/users/{id}/report`) and stores it through `storeMemberReport`; the moderation
 * module reads them through the users door (`readMemberReports`); a decision keeps the member or
 * suspends them.
 */

/**
 * Stores `reporterId`'s report of member `reportedId` inside the caller's transaction `tx`
 * (the members module's `POST /api/users/{id}/report`, which counts the hourly limit in the same
 * transaction); reporting the same member again replaces the earlier report (one per reporter
 * and member). The caller emits `member.reported` in the same transaction.
 * @param report `text` trimmed, or null without one
 */
export async function storeMemberReport(
  tx: Database,
  report: { reportedId: string; reporterId: string; reason: MemberReportReason; text: string | null },
): Promise<void> {
  await tx
    .insert(userReports)
    .values(report)
    .onConflictDoUpdate({
      target: [userReports.reportedId, userReports.reporterId],
      set: { reason: report.reason, text: report.text, createdAt: new Date() },
    });
}

/** One member's report of another member. */
export interface MemberReportRow {
  reportedId: string;
  reporterId: string;
  reason: string;
  text: string | null;
  /** ISO 8601 with milliseconds; reporting again moves it to the new report's time. */
  createdAt: string;
}

/** Most reports {@link readMemberReports} answers. */
export const MEMBER_REPORTS_READ_MAX = 5000;

/**
 * Reports of members, oldest first, at most {@link MEMBER_REPORTS_READ_MAX}: of the given
 * members only, filed within `[from, to)` when given.
 */
export async function readMemberReports(
  db: Database,
  filter: { memberIds?: readonly string[]; from?: Date; to?: Date } = {},
): Promise<MemberReportRow[]> {
  const ids = filter.memberIds;
  if (ids && ids.length === 0) return [];
  return selectRows<MemberReportRow>(
    db,
    sql`select r.reported_id as "reportedId", r.reporter_id as "reporterId", r.reason, r.text,
          ${isoTimestamp('r.created_at')} as "createdAt"
        from user_reports r
        where true
          ${
            ids
              ? sql`and r.reported_id in (${sql.join(
                  ids.map((id) => sql`${id}::uuid`),
                  sql`, `,
                )})`
              : sql``
          }
          ${filter.from ? sql`and r.created_at >= ${filter.from.toISOString()}::timestamptz` : sql``}
          ${filter.to ? sql`and r.created_at < ${filter.to.toISOString()}::timestamptz` : sql``}
        order by r.created_at, r.reported_id, r.reporter_id
        limit ${MEMBER_REPORTS_READ_MAX}`,
  );
}
