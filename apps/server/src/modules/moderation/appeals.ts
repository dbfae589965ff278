import {
  APPEAL_PERIOD_MONTHS,
  type ModerationAppealBody,
  type ModerationAppealDecisionBody,
  type ModerationDecision,
  moderationAppealBodySchema,
  moderationAppealDecisionBodySchema,
} from '@marketplace/contract';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { announceSanctionLifted, liftSanctionInTransaction, recordAdminAction } from '../admin/index.ts';
import { announcePostModeration, restorePostInTransaction } from '../forum/index.ts';
import { announceModeration, restoreListingInTransaction } from '../listings/index.ts';
import { type Actor, hasOtherAdmin } from '../users/index.ts';
import { isUuid } from './constants.ts';
import type { ModerationDeps } from './deps.ts';
import { appealDeadline, canDecideAppeal, restricts, SOLE_ADMIN_NOTE } from './policies.ts';
import { presentDecision } from './present.ts';
import * as queries from './queries.ts';
import { moderationAppeals, moderationDecisions } from './schema.ts';

/**
 * `POST /api/moderation/decisions/{id}/appeal` (DSA Art. 20, 'Widerspruch einlegen'): the
 * affected member contests a decision that restricts them (removal of an ad or post, warning,
 * suspension) once, within {@link APPEAL_PERIOD_MONTHS} months of the
 * decision; the appeal goes to the ADMINs' queue.
 * @throws AppError not_found (404), forbidden (403: not the affected member), conflict (409:
 *   already appealed, reversed, a decision to keep, or the period is over), validation (422)
 */
export async function fileAppeal(
  deps: ModerationDeps,
  actor: Actor,
  id: string,
  input: ModerationAppealBody,
  now = new Date(),
): Promise<ModerationDecision> {
  const body = moderationAppealBodySchema.parse(input);
  const row = isUuid(id) ? await queries.findDecision(deps.db, id) : undefined;
  if (!row) throw new AppError('not_found', 'Diese Entscheidung gibt es nicht.');
  if (row.affectedUserId !== actor.id)
    throw new AppError('forbidden', 'Nur das betroffene Mitglied kann Widerspruch einlegen.');
  if (!restricts(row))
    throw new AppError('conflict', 'Gegen diese Entscheidung ist kein Widerspruch möglich.');
  if (row.reversedAt) throw new AppError('conflict', 'Diese Entscheidung wurde bereits aufgehoben.');
  if (appealDeadline(row.createdAt).getTime() <= now.getTime())
    throw new AppError(
      'conflict',
      `Die Frist für einen Widerspruch (${APPEAL_PERIOD_MONTHS} Monate nach der Entscheidung) ist abgelaufen.`,
    );
  const [appeal] = await deps.db
    .insert(moderationAppeals)
    .values({ decisionId: row.id, userId: actor.id, text: body.text })
    .onConflictDoNothing({ target: moderationAppeals.decisionId })
    .returning();
  if (!appeal)
    throw new AppError('conflict', 'Du hast gegen diese Entscheidung bereits Widerspruch eingelegt.');
  await deps.events.publish('moderation.appealed', {
    appealId: appeal.id,
    decisionId: row.id,
    userId: actor.id,
  });
  return presentDecision(row, appeal, actor.id, now.getTime());
}

/**
 * `POST /api/admin/moderation/appeals/{id}/decision` (DSA Art. 20): an ADMIN other than the
 * author of the first decision upholds or reverses it, with a text (an automated warning or
 * suspension: any ADMIN). Where the site has no other ADMIN the author decides, and the outcome
 * text the member reads ends with {@link SOLE_ADMIN_NOTE}. Reversing restores the ad to its status before the removal (back in
 * search while unexpired) or the forum post, lifts the suspension the decision created, and no
 * longer counts as a strike; all in one transaction. A removed story stays deleted (its files
 * are gone; the statement of reasons says so). The member is told the outcome.
 * @throws AppError not_found (404), forbidden (403: the ADMIN who took the first decision),
 *   conflict (409: already decided), validation (422)
 */
export async function decideAppeal(
  deps: ModerationDeps,
  adminId: string,
  appealId: string,
  input: ModerationAppealDecisionBody,
): Promise<ModerationDecision> {
  const body = moderationAppealDecisionBodySchema.parse(input);
  const [found] = isUuid(appealId)
    ? await deps.db.select().from(moderationAppeals).where(eq(moderationAppeals.id, appealId))
    : [];
  if (!found) throw new AppError('not_found', 'Diesen Widerspruch gibt es nicht.');
  const decision = await queries.findDecision(deps.db, found.decisionId);
  if (!decision) throw new AppError('not_found', 'Diesen Widerspruch gibt es nicht.');
  const sameAdmin = decision.adminId === adminId;
  if (sameAdmin && !canDecideAppeal(decision, adminId, await hasOtherAdmin(deps.db, adminId)))
    throw new AppError(
      'forbidden',
      'Über den Widerspruch muss eine andere Administratorin oder ein anderer Administrator entscheiden als bei der ersten Entscheidung.',
    );
  const outcomeText = sameAdmin ? `${body.text}\n\n${SOLE_ADMIN_NOTE}` : body.text;
  const result = await deps.events.transaction(deps.db, async (tx, emit) => {
    const [appeal] = await tx
      .update(moderationAppeals)
      .set({ status: body.outcome, decidedBy: adminId, outcomeText, decidedAt: new Date() })
      .where(and(eq(moderationAppeals.id, appealId), eq(moderationAppeals.status, 'open')))
      .returning();
    if (!appeal) throw new AppError('conflict', 'Über diesen Widerspruch wurde bereits entschieden.');
    let restored = false;
    let lifted: string | null = null;
    let updated = decision;
    if (body.outcome === 'reversed') {
      const [reversed] = await tx
        .update(moderationDecisions)
        .set({ reversedAt: new Date() })
        .where(eq(moderationDecisions.id, decision.id))
        .returning();
      if (reversed) updated = reversed;
      if (decision.targetType === 'listing' && decision.previousStatus)
        restored = await restoreListingInTransaction(
          tx,
          decision.targetId,
          decision.previousStatus as 'active' | 'reserved' | 'sold',
        );
      if (decision.targetType === 'forum_post' && decision.action === 'remove')
        restored = await restorePostInTransaction(tx, decision.targetId);
      if (decision.sanctionId)
        lifted = await liftSanctionInTransaction(tx, {
          sanctionId: decision.sanctionId,
          adminId,
          reason: `Widerspruch stattgegeben: ${body.text}`.slice(0, 1000),
        });
    }
    await recordAdminAction(tx, {
      adminId,
      action: body.outcome === 'reversed' ? 'appeal_reversed' : 'appeal_upheld',
      targetType: decision.targetType,
      targetId: decision.targetId,
      reason: body.text,
      details: restored
        ? decision.targetType === 'forum_post'
          ? 'Beitrag wiederhergestellt'
          : 'Anzeige wiederhergestellt'
        : lifted
          ? 'Sperre aufgehoben'
          : // A removed story is deleted for good: reversing the decision cannot bring it back.
            body.outcome === 'reversed' && decision.targetType === 'story' && decision.action === 'remove'
            ? 'Entscheidung aufgehoben; die Story kann nicht wiederhergestellt werden'
            : null,
    });
    emit('moderation.appeal_decided', {
      appealId,
      decisionId: decision.id,
      userId: found.userId,
      outcome: body.outcome,
      targetType: decision.targetType,
      action: decision.action,
      targetTitle: decision.targetTitle,
    });
    return { appeal, restored, lifted, updated };
  });
  if (result.lifted) await announceSanctionLifted(deps.events, result.lifted, adminId);
  if (result.restored && decision.targetType === 'forum_post')
    await announcePostModeration(deps.events, { postId: decision.targetId });
  if (result.restored && decision.targetType === 'listing' && decision.affectedUserId) {
    await announceModeration(deps.events, {
      listingId: decision.targetId,
      sellerId: decision.affectedUserId,
      status: decision.previousStatus as 'active' | 'reserved' | 'sold',
      previousStatus: 'removed',
    });
  }
  return presentDecision(result.updated, result.appeal, adminId);
}
