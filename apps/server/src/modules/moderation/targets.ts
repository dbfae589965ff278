import {
  MODERATION_ACTIONS_BY_TARGET,
  type ModerationReportGroup,
  type ModerationReportTarget,
  REPORT_REASON_LABELS,
} from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import {
  type ReportedThing,
  type ReportTargetKey,
  type ReportTargets,
  readReports,
  type TargetFacts,
  targetKey,
} from '../reports/index.ts';
import { displayName, findAccounts } from '../users/index.ts';

/**
 * The open reports as the queue sees them (docs/decisions/0023-one-reports-store.md): read from
 * the one reports store, with the facts of their targets from the kinds the modules registered
 * (`app.reportTargets`). Moderation imports no reader of the reported things' tables.
 */

/** One member's open report of any kind. */
export interface ReportItem extends ReportTargetKey {
  reporterId: string;
  /** The member the report concerns. */
  reportedId: string;
  reason: string;
  comment: string | null;
  /** ISO 8601 with milliseconds. */
  createdAt: string;
}

/** A report's reason in German: the label of its kind, or the reporter's own words (forum). */
export function reasonLabel(targetType: ModerationReportTarget, reason: string): string {
  return REPORT_REASON_LABELS[targetType][reason] ?? reason;
}

/**
 * The open reports with the facts of their targets (keyed by {@link targetKey}), of one target
 * (`only`; a conversation without `memberId`: both of its sides) or of all, oldest first.
 * Reports of things that are gone (a removed ad, a deleted post, an expired or deleted story)
 * or of a kind no module registered are left out.
 * @param db the database or the decision's transaction
 */
export async function openReportsWithFacts(
  db: Database,
  targets: ReportTargets,
  only?: ReportTargetKey,
): Promise<{ reports: ReportItem[]; facts: Map<string, TargetFacts> }> {
  // Of one target all its reports, so that its facts are known also when none is open (409).
  const stored = await readReports(
    db,
    only ? { targetType: only.targetType, targetIds: [only.targetId] } : { open: true },
  );
  const items: ReportItem[] = [];
  const things = new Map<ModerationReportTarget, Map<string, ReportedThing>>();
  for (const report of stored) {
    const key = targets.keyOf(report);
    if (!key || (only?.memberId !== undefined && key.memberId !== only.memberId)) continue;
    const ofKind = things.get(key.targetType) ?? new Map<string, ReportedThing>();
    things.set(key.targetType, ofKind);
    ofKind.set(targetKey(key), { targetId: report.targetId, reportedId: report.reportedId });
    if (report.resolvedAt !== null) continue;
    items.push({
      ...key,
      reporterId: report.reporterId,
      reportedId: report.reportedId,
      reason: report.reason,
      comment: report.comment,
      createdAt: report.createdAt,
    });
  }
  const facts = new Map<string, TargetFacts>();
  for (const [type, ofKind] of things) {
    const kind = targets.get(type);
    if (!kind) continue;
    for (const fact of await kind.facts(db, [...ofKind.values()])) facts.set(targetKey(fact), fact);
  }
  const reports = items.filter((report) => {
    const fact = facts.get(targetKey(report));
    return fact !== undefined && !fact.gone;
  });
  return { reports, facts };
}

/**
 * The queue's groups: one per target (a conversation: per reported member in it), with counts per
 * reason; the group with the oldest report first.
 */
export async function reportGroups(
  db: Database,
  reports: readonly ReportItem[],
  facts: ReadonlyMap<string, TargetFacts>,
): Promise<ModerationReportGroup[]> {
  const byTarget = new Map<string, ReportItem[]>();
  for (const report of reports) {
    const key = targetKey(report);
    byTarget.set(key, [...(byTarget.get(key) ?? []), report]);
  }
  const affected = [...new Set([...byTarget.keys()].flatMap((key) => facts.get(key)?.affectedId ?? []))];
  const names = new Map((await findAccounts(db, affected)).map((a) => [a.id, displayName(a)]));
  const groups: ModerationReportGroup[] = [];
  for (const [key, list] of byTarget) {
    const fact = facts.get(key);
    const first = list[0];
    if (!fact || !first) continue;
    const counts = new Map<string, number>();
    for (const report of list) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
    groups.push({
      kind: 'reports',
      target_type: fact.targetType,
      target_id: fact.targetId,
      title: fact.title,
      excerpt: fact.excerpt,
      link: fact.link,
      image: fact.image,
      status: fact.status,
      seller_id: fact.affectedId,
      seller_name: names.get(fact.affectedId) ?? 'Benutzer',
      actions: [...MODERATION_ACTIONS_BY_TARGET[fact.targetType]],
      reports_count: list.length,
      reasons: [...counts]
        .map(([reason, count]) => ({ reason, label: reasonLabel(fact.targetType, reason), count }))
        .sort((a, b) => b.count - a.count),
      reports: list.map((report) => ({
        reason: report.reason,
        reason_label: reasonLabel(fact.targetType, report.reason),
        comment: report.comment,
        created_at: report.createdAt,
      })),
      first_reported_at: first.createdAt,
    });
  }
  return groups.sort((a, b) => a.first_reported_at.localeCompare(b.first_reported_at));
}
