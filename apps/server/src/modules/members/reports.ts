import { type MemberReportBody, memberReportBodySchema } from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { countRequest, type RequestLimit } from '../auth/index.ts';
import { type Actor, getAccount, profilePermissions, storeMemberReport } from '../users/index.ts';

/**
 * Member reports (DSA Art. 16, docs/decisions/0009-reports-queue.md): members report other
 * members into the one moderation queue (target type `user`). The report is counted against the
 * hourly limit of the auth door and stored by the users door (`storeMemberReport`) in one
 * transaction; the moderation module reads them through the users door (`readMemberReports`); a
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
    await storeMemberReport(tx, { reportedId: member.id, reporterId: actor.id, reason: input.reason, text });
    emit('member.reported', { reportedId: member.id, reporterId: actor.id });
  });
  return { detail: texts.reported };
}
