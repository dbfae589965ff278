import { type MemberReportBody, memberReportBodySchema } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isoTimestamp } from '../../lib/sql.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { countRequest, type RequestLimit } from '../auth/index.ts';
import { type Actor, profilePermissions } from './policies.ts';
import { userReports } from './schema.ts';
import { getAccount } from './service.ts';
import './events.ts';

/**
 * Member reports (DSA Art. 16, docs/decisions/0009-reports-queue.md): members report other
 * members into the one moderation queue (target type `user`). The moderation module reads them
 * through the users door (`readMemberReports`); a decision keeps the member or suspends them.
 */

/** Member reports per member and hour: the limit of ad reports (docs/decisions/0005). */
export const MEMBER_REPORT_LIMIT: RequestLimit = {
  bucket: 'member_report',
  max: 20,
  windowMs: 60 * 60 * 1000,
  reason: 'Du hast in kurzer Zeit sehr viele Mitglieder gemeldet.',
};

const texts = {
  reported: 'Danke! Wir prüfen die Meldung.',
  self: 'Du kannst dich nicht selbst melden.',
} as const;

/**
 * `POST /api/users/{id}/report`: stores the actor's report of another member for the
 * administrators; reporting the same member again replaces the earlier report (one per reporter
 * and member). At most {@link MEMBER_REPORT_LIMIT} per member and hour, counted with the report
 * in one transaction (holds under parallel requests). The reporter's confirmation follows from
 * `member.reported`.
 * @param body `{ reason, text? }` (contract `memberReportBodySchema`)
 * @returns the German confirmation
 * @throws AppError user_not_found (404), forbidden (403: oneself), validation (422),
 *   rate_limited (429)
 */
export async function reportMember(
  deps: { db: Database; events: EventBus },
  actor: Actor,
  id: string,
  body: MemberReportBody,
): Promise<{ detail: string }> {
  const input = memberReportBodySchema.parse(body);
  const member = await getAccount(deps.db, id);
  if (!profilePermissions(actor, member).report) throw new AppError('forbidden', texts.self);
  const text = input.text?.trim() ? input.text.trim() : null;
  await deps.events.transaction(deps.db, async (tx, emit) => {
    await countRequest(tx, MEMBER_REPORT_LIMIT, actor.id);
    await tx
      .insert(userReports)
      .values({ reportedId: member.id, reporterId: actor.id, reason: input.reason, text })
      .onConflictDoUpdate({
        target: [userReports.reportedId, userReports.reporterId],
        set: { reason: input.reason, text, createdAt: new Date() },
      });
    emit('member.reported', { reportedId: member.id, reporterId: actor.id });
  });
  return { detail: texts.reported };
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
