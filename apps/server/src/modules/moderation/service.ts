import {
  APPEAL_PERIOD_MONTHS,
  MODERATION_GROUND_LABELS,
  type ModerationAppeal,
  type ModerationAppealBody,
  type ModerationAppealDecisionBody,
  type ModerationAppealItem,
  type ModerationDecision,
  type ModerationDecisionBody,
  type ModerationGround,
  type ModerationQueue,
  type ModerationTransparency,
  type ModerationTransparencyQuery,
  moderationAppealBodySchema,
  moderationAppealDecisionBodySchema,
  moderationDecisionBodySchema,
  STRIKE_REMOVALS,
  STRIKE_SUSPENSION_DAYS,
  STRIKE_WINDOW_DAYS,
} from '@marketplace/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import {
  announceSanction,
  announceSanctionLifted,
  checkSuspension,
  liftSanctionInTransaction,
  recordAdminAction,
  type StoredSanction,
  suspendMemberInTransaction,
} from '../admin/index.ts';
import { announcePostModeration, removePostInTransaction, restorePostInTransaction } from '../forum/index.ts';
import {
  announceModeration,
  removeListingInTransaction,
  restoreListingInTransaction,
} from '../listings/index.ts';
import {
  countNotices,
  type ReportTargetKey,
  type ReportTargets,
  resolveReports,
  targetKey,
} from '../reports/index.ts';
import { announceStoryRemoval, type RemovedStory, removeStoryInTransaction } from '../stories/index.ts';
import { type Actor, displayName, findAccounts, isAdmin } from '../users/index.ts';
import * as queries from './queries.ts';
import {
  type ModerationAppealRow,
  type ModerationDecisionRow,
  moderationAppeals,
  moderationDecisions,
} from './schema.ts';
import { openReportsWithFacts, reportGroups } from './targets.ts';

/** What the moderation service works with: the database, the event bus and the kinds of reported things. */
export interface ModerationDeps {
  db: Database;
  events: EventBus;
  /** The kinds of reported things the modules registered (`app.reportTargets`). */
  targets: ReportTargets;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment an appeal against a decision taken at `decidedAt` is accepted (6 months later). */
export function appealDeadline(decidedAt: Date): Date {
  const deadline = new Date(decidedAt);
  deadline.setUTCMonth(deadline.getUTCMonth() + APPEAL_PERIOD_MONTHS);
  return deadline;
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** The German sentence of what a decision restricted (DSA Art. 17 (3) a). */
function restrictionOf(row: ModerationDecisionRow): string {
  const title = row.targetTitle ? `„${row.targetTitle}“` : '';
  if (row.targetType === 'forum_post')
    return row.action === 'remove'
      ? `Dein Beitrag im Forenthema ${title} wurde entfernt: Andere sehen an seiner Stelle nur den Hinweis auf die Entfernung.`
      : `Der gemeldete Beitrag im Forenthema ${title} bleibt sichtbar; es wurde nichts eingeschränkt.`;
  if (row.targetType === 'conversation')
    return row.action === 'suspend'
      ? `Dein Konto wurde wegen deiner Nachrichten in einer gemeldeten Unterhaltung für ${STRIKE_SUSPENSION_DAYS} Tage gesperrt: Du kannst dich bis dahin nicht anmelden, und deine Anzeigen sind nicht öffentlich sichtbar.`
      : 'Die gemeldete Unterhaltung wurde geprüft; es wurde nichts eingeschränkt.';
  if (row.targetType === 'story')
    return row.action === 'remove'
      ? `Deine Story ${title} wurde entfernt und für alle gelöscht. Die Story kann nicht wiederhergestellt werden, auch nicht nach einem erfolgreichen Widerspruch; ein Widerspruch hebt aber die Entscheidung auf, sodass die Entfernung nicht mehr als Verstoß zählt.`
      : `Die gemeldete Story ${title} bleibt sichtbar; es wurde nichts eingeschränkt.`;
  if (row.targetType === 'user' && !row.automated)
    return row.action === 'suspend'
      ? `Dein Konto wurde nach Meldungen anderer Mitglieder für ${STRIKE_SUSPENSION_DAYS} Tage gesperrt: Du kannst dich bis dahin nicht anmelden, und deine Anzeigen sind nicht öffentlich sichtbar.`
      : 'Die Meldungen zu deinem Konto wurden geprüft; es wurde nichts eingeschränkt.';
  switch (row.action) {
    case 'remove':
      return `Deine Anzeige ${title} wurde entfernt: Sie ist nicht mehr öffentlich sichtbar und erscheint nicht in der Suche.`;
    case 'keep':
      return `Die gemeldete Anzeige ${title} bleibt online; es wurde nichts eingeschränkt.`;
    case 'warning':
      return `Verwarnung: Innerhalb von ${STRIKE_WINDOW_DAYS} Tagen wurden ${STRIKE_REMOVALS} deiner Inhalte entfernt. Bei einer weiteren Entfernung wird dein Konto für ${STRIKE_SUSPENSION_DAYS} Tage gesperrt.`;
    case 'suspend':
      return `Dein Konto wurde für ${STRIKE_SUSPENSION_DAYS} Tage gesperrt, weil trotz Verwarnung erneut Inhalte entfernt werden mussten.`;
  }
}

/** Whether a decision restricts its member, so that an appeal is possible (DSA Art. 20). */
function restricts(row: ModerationDecisionRow): boolean {
  return row.action !== 'keep';
}

/** Whether the affected member may still appeal against the decision. */
function canAppeal(
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

function presentAppeal(row: ModerationAppealRow): ModerationAppeal {
  return {
    id: row.id,
    decision_id: row.decisionId,
    text: row.text,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    outcome_text: row.outcomeText,
  };
}

/** A decision with its statement of reasons as `viewerId` sees it. */
export function presentDecision(
  row: ModerationDecisionRow,
  appeal: ModerationAppealRow | undefined,
  viewerId: string | null,
  now = Date.now(),
): ModerationDecision {
  const ground = row.ground as ModerationGround;
  return {
    id: row.id,
    target_type: row.targetType,
    target_id: row.targetId,
    target_title: row.targetTitle,
    affected_user_id: row.affectedUserId,
    action: row.action,
    ground,
    ground_label: MODERATION_GROUND_LABELS[ground] ?? row.ground,
    restriction: restrictionOf(row),
    text: row.text,
    automated: row.automated,
    reports_count: row.reportsCount,
    created_at: row.createdAt.toISOString(),
    appeal_until: restricts(row) ? appealDeadline(row.createdAt).toISOString() : null,
    appeal: appeal ? presentAppeal(appeal) : null,
    can: { appeal: canAppeal(row, appeal, viewerId, now) },
  };
}

/**
 * `GET /api/admin/moderation/queue` (DSA Art. 16): the open reports of ads, forum posts,
 * conversations (one group per reported member of a conversation), stories and members grouped by
 * target (`target_type`), the group with the oldest report first, with the target, how many
 * reported it for which reason and their notes; then the open appeals, oldest first. Removed ads,
 * deleted posts and expired or deleted stories leave the queue. Appeals say whether `adminId` may
 * decide them (not the author of the first decision).
 */
export async function readQueue(
  { db, targets }: Pick<ModerationDeps, 'db' | 'targets'>,
  adminId: string,
): Promise<ModerationQueue> {
  const { reports: open, facts } = await openReportsWithFacts(db, targets);
  const reports = await reportGroups(db, open, facts);
  const appealRows = await queries.openAppeals(db);
  const admins = new Map(
    (
      await findAccounts(db, [
        ...new Set(appealRows.flatMap((r) => (r.decision.adminId ? [r.decision.adminId] : []))),
      ])
    ).map((account) => [account.id, displayName(account)]),
  );
  const appeals: ModerationAppealItem[] = appealRows.map(({ appeal, decision }) => ({
    kind: 'appeal',
    appeal: presentAppeal(appeal),
    decision: presentDecision(decision, appeal, adminId),
    decided_by: decision.adminId ? (admins.get(decision.adminId) ?? null) : null,
    can_decide: decision.adminId !== adminId,
  }));
  return { reports, appeals };
}

/**
 * Open reports of all kinds as the queue shows them (`GET /api/admin/stats`): of ads, forum
 * posts, conversations, stories and members.
 */
export async function countOpenReports(
  db: Database,
  targets: ReportTargets,
): Promise<{
  listings: number;
  forumPosts: number;
  conversations: number;
  stories: number;
  members: number;
}> {
  const { reports } = await openReportsWithFacts(db, targets);
  const count = (type: string) => reports.filter((r) => r.targetType === type).length;
  return {
    listings: count('listing'),
    forumPosts: count('forum_post'),
    conversations: count('conversation'),
    stories: count('story'),
    members: count('user'),
  };
}

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
 * The strikes rule (DSA Art. 23): when a member has {@link STRIKE_REMOVALS} removals within
 * {@link STRIKE_WINDOW_DAYS} days that no appeal reversed (counted since their last suspension),
 * the system first warns them; a further removal after the warning suspends them for
 * {@link STRIKE_SUSPENSION_DAYS} days through the admin door's `suspendMember` (`adminId` null).
 * Both steps are automated decisions with a statement of reasons. Members who are ADMINs are
 * never suspended (the admin door refuses; the warning stands).
 * @returns what was done
 */
export async function applyStrikes(
  deps: ModerationDeps,
  userId: string,
  ground: ModerationGround,
  now = new Date(),
): Promise<'none' | 'warning' | 'suspend'> {
  const windowStart = new Date(now.getTime() - STRIKE_WINDOW_DAYS * DAY_MS);
  const first = await queries.strikesOf(deps.db, userId, windowStart);
  const since =
    first.lastSuspensionAt && first.lastSuspensionAt > windowStart ? first.lastSuspensionAt : windowStart;
  const removals = await queries.removalsAfter(deps.db, userId, since);
  if (removals.length < STRIKE_REMOVALS) return 'none';
  const warned = first.lastWarningAt !== null && first.lastWarningAt > since;
  const action = warned ? 'suspend' : 'warning';
  const titles = removals
    .slice(0, 5)
    .map((removal) => `„${removal.targetTitle ?? ''}“`)
    .join(', ');
  const text = warned
    ? `Nach der Verwarnung wurde erneut eine deiner Anzeigen entfernt. Entfernte Anzeigen der letzten ${STRIKE_WINDOW_DAYS} Tage: ${titles}. Dein Konto ist deshalb für ${STRIKE_SUSPENSION_DAYS} Tage gesperrt (automatische Entscheidung nach unseren AGB).`
    : `In den letzten ${STRIKE_WINDOW_DAYS} Tagen wurden ${removals.length} deiner Anzeigen entfernt: ${titles}. Dies ist eine Verwarnung; bei einer weiteren Entfernung wird dein Konto für ${STRIKE_SUSPENSION_DAYS} Tage gesperrt (automatische Entscheidung nach unseren AGB).`;
  const suspension = {
    userId,
    adminId: null,
    until: new Date(now.getTime() + STRIKE_SUSPENSION_DAYS * DAY_MS),
    reason: `Wiederholte Verstöße: ${removals.length} entfernte Inhalte in ${STRIKE_WINDOW_DAYS} Tagen nach einer Verwarnung.`,
  };
  if (action === 'suspend') {
    try {
      await checkSuspension(deps.db, suspension);
    } catch (error) {
      // An ADMIN's account is not suspended by the system; the warning stands.
      if (error instanceof AppError && error.status === 403) return 'none';
      throw error;
    }
  }
  const sanction = await deps.events.transaction(deps.db, async (tx, emit) => {
    const sanction = action === 'suspend' ? await suspendMemberInTransaction(tx, suspension) : null;
    const [row] = await tx
      .insert(moderationDecisions)
      .values({
        targetType: 'user',
        targetId: userId,
        targetTitle: null,
        affectedUserId: userId,
        action,
        ground,
        text,
        adminId: null,
        automated: true,
        sanctionId: sanction?.row.id ?? null,
        reportsCount: 0,
      })
      .returning();
    if (!row) throw new Error('insert into moderation_decisions returned no row');
    emit('moderation.decided', {
      decisionId: row.id,
      affectedUserId: userId,
      action,
      targetType: 'user',
      targetTitle: null,
      automated: true,
      reporterIds: [],
    });
    return sanction;
  });
  if (sanction) await announceSanction(deps, sanction);
  return action;
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
 * suspension: any ADMIN). Reversing restores the ad to its status before the removal (back in
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
  if (decision.adminId === adminId)
    throw new AppError(
      'forbidden',
      'Über den Widerspruch muss eine andere Administratorin oder ein anderer Administrator entscheiden als bei der ersten Entscheidung.',
    );
  const result = await deps.events.transaction(deps.db, async (tx, emit) => {
    const [appeal] = await tx
      .update(moderationAppeals)
      .set({ status: body.outcome, decidedBy: adminId, outcomeText: body.text, decidedAt: new Date() })
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

/** The UTC day bounds `[from 00:00, to + 1 day 00:00)` of a period. */
function periodBounds(query: ModerationTransparencyQuery): { from: Date; to: Date } {
  const from = new Date(`${query.from}T00:00:00.000Z`);
  const to = new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + DAY_MS);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()))
    throw new AppError('validation', "Feld 'from': Bitte gib ein gültiges Datum an (JJJJ-MM-TT).");
  return { from, to };
}

/**
 * `GET /api/admin/moderation/transparency` (DSA Art. 15, 24): for a period of whole UTC days,
 * the notices received by reason (every report of the one reports store filed in the period:
 * of ads, forum posts, conversations, stories and members), the decisions by ground and action, appeals filed, decisions reversed and the median hours from the first
 * report to the decision.
 * @throws AppError validation (422) for an impossible date
 */
export async function readTransparency(
  db: Database,
  query: ModerationTransparencyQuery,
): Promise<ModerationTransparency> {
  const { from, to } = periodBounds(query);
  // Ad reports by their reason's key; forum posts under one key (their reasons are free text);
  // conversations, stories and members by `conversation_`, `story_` and `user_` and their
  // reason's key.
  const byReason = new Map<string, number>();
  let total = 0;
  for (const notice of await countNotices(db, from, to)) {
    const key =
      notice.targetType === 'listing'
        ? notice.reason
        : notice.targetType === 'forum_post'
          ? 'forum_post'
          : `${notice.targetType}_${notice.reason}`;
    byReason.set(key, (byReason.get(key) ?? 0) + notice.count);
    total += notice.count;
  }
  const decisions = await queries.decisionsByGround(db, from, to);
  const figures = await queries.appealFigures(db, from, to);
  return {
    from: query.from,
    to: query.to,
    notices: [...byReason].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
    notices_total: total,
    decisions: decisions.map((d) => ({
      ground: d.ground as ModerationGround,
      label: MODERATION_GROUND_LABELS[d.ground as ModerationGround] ?? d.ground,
      action: d.action as ModerationDecision['action'],
      count: d.count,
    })),
    decisions_total: decisions.reduce((sum, d) => sum + d.count, 0),
    appeals: figures.appeals,
    reversals: figures.reversals,
    median_handling_hours: figures.medianHours === null ? null : Math.round(figures.medianHours * 10) / 10,
  };
}
