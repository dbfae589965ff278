import { adminMemberPath, type MemberReportBody, memberReportBodySchema } from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { countRequest, type RequestLimit } from '../auth/index.ts';
import { fileReport, type ReportTargetType } from '../reports/index.ts';
import { type Actor, displayName, findAccounts, getAccount, profilePermissions } from '../users/index.ts';

/**
 * Member reports (DSA Art. 16, docs/decisions/0023-one-reports-store.md): members report other
 * members into the one moderation queue (the kind `user` of the one reports store). The report
 * is counted against the hourly limit of the auth door and filed in one transaction; a
 * decision keeps the member or suspends them.
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
    const filed = await fileReport(
      tx,
      {
        targetType: 'user',
        targetId: member.id,
        reportedId: member.id,
        reporterId: actor.id,
        reason: input.reason,
        comment: text,
      },
      'replace',
    );
    // The reporter's confirmation (DSA Art. 16), once per report: a repeat replaces the
    // reason and note and confirms nothing again.
    if (filed === 'new') emit('member.reported', { reportedId: member.id, reporterId: actor.id });
  });
  return { detail: texts.reported };
}

/** The kind `user` of reported things, registered at start (`app.reportTargets`). */
export const memberReportTarget: ReportTargetType = {
  type: 'user',
  perReportedMember: false,
  async facts(db, things) {
    const members = await findAccounts(
      db,
      things.map((thing) => thing.targetId),
    );
    return members.map((member) => ({
      targetType: 'user',
      targetId: member.id,
      title: displayName(member),
      excerpt: null,
      link: adminMemberPath(member.id),
      image: member.avatarUrl,
      status: 'active',
      affectedId: member.id,
      gone: false,
    }));
  },
};
