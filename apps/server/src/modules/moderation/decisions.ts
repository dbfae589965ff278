import {
  MODERATION_GROUND_LABELS,
  type ModerationDecision,
  type ModerationDecisionBody,
  moderationDecisionBodySchema,
  STRIKE_SUSPENSION_DAYS,
} from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  announceSanction,
  checkSuspension,
  recordAdminAction,
  type StoredSanction,
  suspendMemberInTransaction,
} from '../admin/index.ts';
import { announcePostModeration, removePostInTransaction } from '../forum/index.ts';
import { announceModeration, removeListingInTransaction } from '../listings/index.ts';
import { type ReportTargetKey, resolveReports, targetKey } from '../reports/index.ts';
import { announceStoryRemoval, type RemovedStory, removeStoryInTransaction } from '../stories/index.ts';
import { type Actor, isAdmin } from '../users/index.ts';
import { DAY_MS, isUuid } from './constants.ts';
import type { ModerationDeps } from './deps.ts';
import { presentDecision } from './present.ts';
import * as queries from './queries.ts';
import { moderationDecisions } from './schema.ts';
import { applyStrikes } from './strikes.ts';
import { openReportsWithFacts } from './targets.ts';

const ADMIN_ACTIONS = {
  listing: { keep: 'listing_kept', remove: 'listing_removed' },
  forum_post: { keep: 'forum_post_kept', remove: 'forum_post_removed' },
  conversation: { keep: 'conversation_kept', suspend: 'conversation_member_suspended' },
  story: { keep: 'story_kept', remove: 'story_removed' },
  user: { keep: 'member_report_kept', suspend: 'reported_member_suspended' },
} as const;

/**
 * The target a decision is about. A conversation's side is `member_id`; without it, the one
 * member its open reports name (422 when both members of it are reported).
 */
function decisionTarget(
  body: { target_type: ReportTargetKey['targetType']; target_id: string; member_id?: string | undefined },
  open: readonly ReportTargetKey[],
): ReportTargetKey {
  if (body.target_type !== 'conversation') return { targetType: body.target_type, targetId: body.target_id };
  if (body.member_id)
    return { targetType: 'conversation', targetId: body.target_id, memberId: body.member_id };
  const members = [...new Set(open.map((report) => report.memberId))];
  if (members.length > 1)
    throw new AppError(
      'validation',
      "Feld 'member_id': Beide Mitglieder dieser Unterhaltung wurden gemeldet. Bitte wähle, über wen du entscheidest.",
    );
  return { targetType: 'conversation', targetId: body.target_id, memberId: members[0] };
}

/** German 409 detail for the second of two ADMINs deciding the same target at once. */
export const ALREADY_DECIDED =
  'Über diese Meldungen hat gerade eine andere Administratorin oder ein anderer Administrator entschieden. Bitte lade die Liste neu.';

/**
 * `POST /api/admin/moderation/decisions` (DSA Art. 17): an ADMIN decides on the open reports of
 * an ad, a forum post, a conversation (one reported member of it, `member_id`), a story or a
 * member with a ground and a text. `remove` removes the ad (listings door), the post (forum door,
 * the reason shown to its author) or deletes the story for good (stories door; its files and
 * the feeds follow after the commit); `suspend` suspends the reported member of a conversation or
 * the reported member for {@link STRIKE_SUSPENSION_DAYS} days (admin door); each in the same
 * transaction as the decision. `keep` needs the ground 'no_violation', the
 * others any other. Decisions on one target are serialised by a transaction lock: of two ADMINs
 * deciding at once exactly one decides, the other gets 409 ({@link ALREADY_DECIDED}). After the
 * commit the affected member receives the statement of reasons and the reporters the outcome
 * (`moderation.decided`), and removals count towards the strikes ({@link applyStrikes}).
 * @throws AppError validation (422), not_found (404), forbidden (403: suspending an ADMIN),
 *   conflict (409: no open reports, decided at the same moment, or already removed)
 */
export async function decideOnReports(
  deps: ModerationDeps,
  adminId: string,
  input: ModerationDecisionBody,
): Promise<ModerationDecision> {
  const body = moderationDecisionBodySchema.parse(input);
  if (body.action === 'keep' && body.ground !== 'no_violation')
    throw new AppError(
      'validation',
      "Feld 'ground': Wer nichts einschränkt, wählt „Kein Verstoß festgestellt“.",
    );
  if (body.action !== 'keep' && body.ground === 'no_violation')
    throw new AppError(
      'validation',
      "Feld 'ground': Für eine Maßnahme braucht es eine AGB-Regel oder ein Gesetz.",
    );
  const all = await openReportsWithFacts(deps.db, deps.targets, {
    targetType: body.target_type,
    targetId: body.target_id,
    memberId: body.member_id,
  });
  const only = decisionTarget(body, all.reports);
  const fact = all.facts.get(targetKey(only));
  if (!fact)
    throw body.target_type === 'listing'
      ? new AppError('listing_not_found')
      : new AppError('not_found', 'Zu diesem Inhalt gibt es keine Meldungen.');
  if (all.reports.filter((report) => targetKey(report) === targetKey(only)).length === 0)
    throw new AppError('conflict', 'Zu diesem Inhalt gibt es keine offenen Meldungen.');
  const until = new Date(Date.now() + STRIKE_SUSPENSION_DAYS * DAY_MS);
  const suspension = {
    userId: fact.affectedId,
    adminId,
    until,
    reason: `${MODERATION_GROUND_LABELS[body.ground]}: ${body.text}`.slice(0, 1000),
  };
  if (body.action === 'suspend') await checkSuspension(deps.db, suspension);

  const { row, sanction, previous, removedStory } = await deps.events.transaction(
    deps.db,
    async (tx, emit) => {
      await queries.lockTarget(tx, body.target_type, body.target_id);
      const { reports: open } = await openReportsWithFacts(tx, deps.targets, only);
      if (open.length === 0) throw new AppError('conflict', ALREADY_DECIDED);
      // The decision handles every open report of its target (a conversation: of its member).
      await resolveReports(tx, {
        targetType: only.targetType,
        targetId: only.targetId,
        reportedId: only.memberId,
      });
      let previous: string | null = null;
      let sanction: StoredSanction | null = null;
      let removedStory: RemovedStory | null = null;
      if (body.target_type === 'story' && body.action === 'remove') {
        removedStory = await removeStoryInTransaction(tx, emit, body.target_id);
        if (!removedStory) throw new AppError('conflict', 'Diese Story gibt es nicht mehr.');
        previous = 'live';
      }
      if (body.target_type === 'listing' && body.action === 'remove')
        previous = (await removeListingInTransaction(tx, body.target_id)).previousStatus;
      if (body.target_type === 'forum_post' && body.action === 'remove') {
        const removed = await removePostInTransaction(
          tx,
          body.target_id,
          `Von der Moderation entfernt: ${MODERATION_GROUND_LABELS[body.ground]}. ${body.text}`,
        );
        if (!removed) throw new AppError('conflict', 'Dieser Beitrag wurde bereits gelöscht.');
        previous = 'visible';
      }
      if (body.action === 'suspend') sanction = await suspendMemberInTransaction(tx, suspension);
      const [inserted] = await tx
        .insert(moderationDecisions)
        .values({
          targetType: body.target_type,
          targetId: body.target_id,
          targetTitle: fact.title,
          affectedUserId: fact.affectedId,
          action: body.action,
          ground: body.ground,
          text: body.text,
          adminId,
          previousStatus: previous,
          sanctionId: sanction?.row.id ?? null,
          reportsCount: open.length,
          firstReportedAt: new Date(open[0]?.createdAt ?? Date.now()),
        })
        .returning();
      if (!inserted) throw new Error('insert into moderation_decisions returned no row');
      const actions: Record<string, string> = ADMIN_ACTIONS[body.target_type];
      await recordAdminAction(tx, {
        adminId,
        action: actions[body.action] ?? body.action,
        targetType: body.target_type,
        targetId: body.target_id,
        reason: body.text,
        details: body.ground,
      });
      // The statement of reasons to the member and the outcome to the reporters (DSA Art. 17, 16).
      emit('moderation.decided', {
        decisionId: inserted.id,
        affectedUserId: inserted.affectedUserId,
        action: inserted.action,
        targetType: inserted.targetType,
        targetTitle: inserted.targetTitle,
        automated: false,
        reporterIds: [...new Set(open.map((report) => report.reporterId))],
      });
      return { row: inserted, sanction, previous, removedStory };
    },
  );
  if (removedStory) await announceStoryRemoval(deps.events, removedStory);
  if (body.target_type === 'listing' && previous)
    await announceModeration(deps.events, {
      listingId: body.target_id,
      sellerId: fact.affectedId,
      status: 'removed',
      previousStatus: previous as 'active' | 'reserved' | 'sold',
    });
  if (body.target_type === 'forum_post' && previous)
    await announcePostModeration(deps.events, { postId: body.target_id });
  if (sanction) await announceSanction(deps, sanction);
  if (body.action === 'remove') await applyStrikes(deps, fact.affectedId, body.ground);
  return presentDecision(row, undefined, adminId);
}

/**
 * `GET /api/moderation/decisions/{id}`: the statement of reasons (DSA Art. 17) for the affected
 * member or an ADMIN, with the appeal and whether the viewer may still appeal.
 * @throws AppError not_found (404: unknown, or neither affected nor ADMIN)
 */
export async function readDecision(db: Database, viewer: Actor, id: string): Promise<ModerationDecision> {
  const row = isUuid(id) ? await queries.findDecision(db, id) : undefined;
  if (!row || (row.affectedUserId !== viewer.id && !isAdmin(viewer)))
    throw new AppError('not_found', 'Diese Entscheidung gibt es nicht.');
  const appeal = (await queries.appealsOf(db, [row.id])).get(row.id);
  return presentDecision(row, appeal, viewer.id);
}
