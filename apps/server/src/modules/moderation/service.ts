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
  type ModerationReportGroup,
  type ModerationTransparency,
  type ModerationTransparencyQuery,
  moderationAppealBodySchema,
  moderationAppealDecisionBodySchema,
  moderationDecisionBodySchema,
  type ReportReason,
  STRIKE_REMOVALS,
  STRIKE_SUSPENSION_DAYS,
  STRIKE_WINDOW_DAYS,
} from '@marketplace/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { recordAdminAction, suspendMember } from '../admin/index.ts';
import {
  announceModeration,
  findModeratedListings,
  type ListingReportRow,
  readListingReports,
  removeListingInTransaction,
  restoreListingInTransaction,
} from '../listings/index.ts';
import { type Actor, displayName, findAccounts, isAdmin } from '../users/index.ts';
import * as queries from './queries.ts';
import {
  type ModerationAppealRow,
  type ModerationDecisionRow,
  moderationAppeals,
  moderationDecisions,
} from './schema.ts';

/** What the moderation service works with: the database and the event bus. */
export interface ModerationDeps {
  db: Database;
  events: EventBus;
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
  switch (row.action) {
    case 'remove':
      return `Deine Anzeige ${title} wurde entfernt: Sie ist nicht mehr öffentlich sichtbar und erscheint nicht in der Suche.`;
    case 'keep':
      return `Die gemeldete Anzeige ${title} bleibt online; es wurde nichts eingeschränkt.`;
    case 'warning':
      return `Verwarnung: Innerhalb von ${STRIKE_WINDOW_DAYS} Tagen wurden ${STRIKE_REMOVALS} deiner Anzeigen entfernt. Bei einer weiteren Entfernung wird dein Konto für ${STRIKE_SUSPENSION_DAYS} Tage gesperrt.`;
    case 'suspend':
      return `Dein Konto wurde für ${STRIKE_SUSPENSION_DAYS} Tage gesperrt, weil trotz Verwarnung erneut Anzeigen entfernt werden mussten.`;
  }
}

/** Whether the affected member may still appeal against the decision. */
function canAppeal(
  row: ModerationDecisionRow,
  appeal: ModerationAppealRow | undefined,
  viewerId: string | null,
  now: number,
): boolean {
  return (
    row.action === 'remove' &&
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
    appeal_until: row.action === 'remove' ? appealDeadline(row.createdAt).toISOString() : null,
    appeal: appeal ? presentAppeal(appeal) : null,
    can: { appeal: canAppeal(row, appeal, viewerId, now) },
  };
}

/** Open reports of the given reports: those filed after the last decision on their ad. */
async function openReports(db: Database, reports: readonly ListingReportRow[]): Promise<ListingReportRow[]> {
  const decided = await queries.lastListingDecisions(db, [...new Set(reports.map((r) => r.listingId))]);
  return reports.filter((report) => {
    const at = decided.get(report.listingId);
    return at === undefined || new Date(report.createdAt).getTime() > at;
  });
}

/**
 * `GET /api/admin/moderation/queue` (DSA Art. 16): the open reports grouped by ad, the group
 * with the oldest report first, with the ad, how many reported it for which reason and their
 * notes; then the open appeals, oldest first. Ads already removed leave the queue. Appeals say
 * whether `adminId` may decide them (not the author of the first decision).
 */
export async function readQueue(db: Database, adminId: string): Promise<ModerationQueue> {
  const open = await openReports(db, await readListingReports(db));
  const byListing = new Map<string, ListingReportRow[]>();
  for (const report of open) {
    const list = byListing.get(report.listingId) ?? [];
    list.push(report);
    byListing.set(report.listingId, list);
  }
  const ads = await findModeratedListings(db, [...byListing.keys()]);
  const sellers = new Map(
    (await findAccounts(db, [...new Set([...ads.values()].map((ad) => ad.sellerId))])).map((account) => [
      account.id,
      displayName(account),
    ]),
  );
  const reports: ModerationReportGroup[] = [];
  for (const [listingId, list] of byListing) {
    const ad = ads.get(listingId);
    if (!ad || ad.status === 'removed') continue;
    const counts = new Map<ReportReason, number>();
    for (const report of list) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
    reports.push({
      kind: 'reports',
      target_type: 'listing',
      target_id: listingId,
      title: ad.title,
      image: ad.image,
      status: ad.status,
      seller_id: ad.sellerId,
      seller_name: sellers.get(ad.sellerId) ?? 'Benutzer',
      reports_count: list.length,
      reasons: [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
      reports: list.map((report) => ({
        reason: report.reason,
        comment: report.comment,
        created_at: report.createdAt,
      })),
      first_reported_at: list[0]?.createdAt ?? new Date().toISOString(),
    });
  }
  reports.sort((a, b) => a.first_reported_at.localeCompare(b.first_reported_at));

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
 * `POST /api/admin/moderation/decisions` (DSA Art. 17): an ADMIN decides on the open reports of
 * an ad with a ground and a text. `remove` sets the ad to removed through the listings door in
 * the same transaction as the decision; `keep` needs the ground 'no_violation', `remove` any
 * other. After the commit the seller receives the statement of reasons and the reporters the
 * outcome (`moderation.decided`), and removals count towards the strikes of DSA Art. 23
 * ({@link applyStrikes}).
 * @throws AppError validation (422), listing_not_found (404), conflict (409: no open reports,
 *   or the ad is already removed)
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
      "Feld 'ground': Wer die Anzeige behält, wählt „Kein Verstoß festgestellt“.",
    );
  if (body.action === 'remove' && body.ground === 'no_violation')
    throw new AppError(
      'validation',
      "Feld 'ground': Zum Entfernen braucht es eine AGB-Regel oder ein Gesetz.",
    );
  const ad = (await findModeratedListings(deps.db, [body.target_id])).get(body.target_id);
  if (!ad) throw new AppError('listing_not_found');
  const open = await openReports(
    deps.db,
    await readListingReports(deps.db, { listingIds: [body.target_id] }),
  );
  if (open.length === 0) throw new AppError('conflict', 'Zu dieser Anzeige gibt es keine offenen Meldungen.');

  const row = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const previous = body.action === 'remove' ? await removeListingInTransaction(tx, body.target_id) : null;
    const [inserted] = await tx
      .insert(moderationDecisions)
      .values({
        targetType: 'listing',
        targetId: body.target_id,
        targetTitle: ad.title,
        affectedUserId: ad.sellerId,
        action: body.action,
        ground: body.ground,
        text: body.text,
        adminId,
        previousStatus: previous?.previousStatus ?? null,
        reportsCount: open.length,
        firstReportedAt: new Date(open[0]?.createdAt ?? Date.now()),
      })
      .returning();
    if (!inserted) throw new Error('insert into moderation_decisions returned no row');
    await recordAdminAction(tx, {
      adminId,
      action: body.action === 'remove' ? 'listing_removed' : 'listing_kept',
      targetType: 'listing',
      targetId: body.target_id,
      reason: body.text,
      details: body.ground,
    });
    return inserted;
  });
  if (body.action === 'remove' && row.previousStatus) {
    await announceModeration(deps.events, {
      listingId: ad.id,
      sellerId: ad.sellerId,
      status: 'removed',
      previousStatus:
        ad.status === 'removed' ? 'removed' : (row.previousStatus as 'active' | 'reserved' | 'sold'),
    });
  }
  await deps.events.publish('moderation.decided', {
    decisionId: row.id,
    affectedUserId: row.affectedUserId,
    action: row.action,
    targetTitle: row.targetTitle,
    automated: false,
    reporterIds: [...new Set(open.map((report) => report.reporterId))],
  });
  if (body.action === 'remove') await applyStrikes(deps, ad.sellerId, body.ground);
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
  if (action === 'suspend') {
    try {
      await suspendMember(deps, {
        userId,
        adminId: null,
        until: new Date(now.getTime() + STRIKE_SUSPENSION_DAYS * DAY_MS),
        reason: `Wiederholte Verstöße: ${removals.length} entfernte Anzeigen in ${STRIKE_WINDOW_DAYS} Tagen nach einer Verwarnung.`,
      });
    } catch (error) {
      // An ADMIN's account is not suspended by the system; the warning stands.
      if (error instanceof AppError && error.status === 403) return 'none';
      throw error;
    }
  }
  const [row] = await deps.db
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
      reportsCount: 0,
    })
    .returning();
  if (!row) throw new Error('insert into moderation_decisions returned no row');
  await deps.events.publish('moderation.decided', {
    decisionId: row.id,
    affectedUserId: userId,
    action,
    targetTitle: null,
    automated: true,
    reporterIds: [],
  });
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
 * affected member contests a removal once, within {@link APPEAL_PERIOD_MONTHS} months of the
 * decision; the appeal goes to the ADMINs' queue.
 * @throws AppError not_found (404), forbidden (403: not the affected member), conflict (409:
 *   already appealed, reversed, not a removal, or the period is over), validation (422)
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
  if (row.action !== 'remove')
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
 * author of the first decision upholds or reverses it, with a text. Reversing restores the ad
 * to its status before the removal (back in search while unexpired) and no longer counts as a
 * strike; both in one transaction. The member is told the outcome.
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
  const result = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [appeal] = await tx
      .update(moderationAppeals)
      .set({ status: body.outcome, decidedBy: adminId, outcomeText: body.text, decidedAt: new Date() })
      .where(and(eq(moderationAppeals.id, appealId), eq(moderationAppeals.status, 'open')))
      .returning();
    if (!appeal) throw new AppError('conflict', 'Über diesen Widerspruch wurde bereits entschieden.');
    let restored = false;
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
    }
    await recordAdminAction(tx, {
      adminId,
      action: body.outcome === 'reversed' ? 'appeal_reversed' : 'appeal_upheld',
      targetType: decision.targetType,
      targetId: decision.targetId,
      reason: body.text,
      details: restored ? 'Anzeige wiederhergestellt' : null,
    });
    return { appeal, restored, updated };
  });
  if (result.restored && decision.affectedUserId) {
    await announceModeration(deps.events, {
      listingId: decision.targetId,
      sellerId: decision.affectedUserId,
      status: decision.previousStatus as 'active' | 'reserved' | 'sold',
      previousStatus: 'removed',
    });
  }
  await deps.events.publish('moderation.appeal_decided', {
    appealId,
    decisionId: decision.id,
    userId: found.userId,
    outcome: body.outcome,
    targetTitle: decision.targetTitle,
  });
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
 * the notices received by reason (the ad reports, through the listings door), the decisions by
 * ground and action, appeals filed, decisions reversed and the median hours from the first
 * report to the decision.
 * @throws AppError validation (422) for an impossible date
 */
export async function readTransparency(
  db: Database,
  query: ModerationTransparencyQuery,
): Promise<ModerationTransparency> {
  const { from, to } = periodBounds(query);
  const notices = await readListingReports(db, { from, to });
  const byReason = new Map<string, number>();
  for (const notice of notices) byReason.set(notice.reason, (byReason.get(notice.reason) ?? 0) + 1);
  const decisions = await queries.decisionsByGround(db, from, to);
  const figures = await queries.appealFigures(db, from, to);
  return {
    from: query.from,
    to: query.to,
    notices: [...byReason].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
    notices_total: notices.length,
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
