import type { ModerationAppealItem, ModerationQueue } from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import type { ReportTargets } from '../reports/index.ts';
import { displayName, findAccounts, hasOtherAdmin } from '../users/index.ts';
import type { ModerationDeps } from './deps.ts';
import { canDecideAppeal } from './policies.ts';
import { presentAppeal, presentDecision } from './present.ts';
import * as queries from './queries.ts';
import { openReportsWithFacts, reportGroups } from './targets.ts';

/**
 * `GET /api/admin/moderation/queue` (DSA Art. 16): the open reports of ads, forum posts,
 * conversations (one group per reported member of a conversation), stories and members grouped by
 * target (`target_type`), the group with the oldest report first, with the target, how many
 * reported it for which reason and their notes; then the open appeals, oldest first. Removed ads,
 * deleted posts and expired or deleted stories leave the queue. Appeals say whether `adminId` may
 * decide them (not the author of the first decision, unless the site has no other ADMIN).
 */
export async function readQueue(
  { db, targets }: Pick<ModerationDeps, 'db' | 'targets'>,
  adminId: string,
): Promise<ModerationQueue> {
  const { reports: open, facts } = await openReportsWithFacts(db, targets);
  const reports = await reportGroups(db, open, facts);
  const [appealRows, otherAdminExists] = await Promise.all([
    queries.openAppeals(db),
    hasOtherAdmin(db, adminId),
  ]);
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
    can_decide: canDecideAppeal(decision, adminId, otherAdminExists),
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
