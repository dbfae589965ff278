import { and, count, desc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, rowCount, rowDate, selectRows } from '../../db/client.ts';
import {
  type ModerationAppealRow,
  type ModerationDecisionRow,
  moderationAppeals,
  moderationDecisions,
} from './schema.ts';

/**
 * Holds the transaction-scoped lock of one target until the caller's transaction ends, so that
 * two ADMINs deciding the same target at once are taken one after the other: the second then
 * finds no open reports (409).
 */
export async function lockTarget(tx: Database, targetType: string, targetId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`moderation:${targetType}:${targetId}`}, 0))`,
  );
}

/** One decision by id. */
export async function findDecision(db: Database, id: string): Promise<ModerationDecisionRow | undefined> {
  const [row] = await db.select().from(moderationDecisions).where(eq(moderationDecisions.id, id));
  return row;
}

/** The appeals of the given decisions, by decision id. */
export async function appealsOf(
  db: Database,
  decisionIds: readonly string[],
): Promise<Map<string, ModerationAppealRow>> {
  if (decisionIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(moderationAppeals)
    .where(inArray(moderationAppeals.decisionId, [...decisionIds]));
  return new Map(rows.map((row) => [row.decisionId, row]));
}

/** Most open appeals the queue shows. */
export const OPEN_APPEALS_MAX = 200;

/** Open appeals, oldest first, with their decisions. */
export function openAppeals(
  db: Database,
): Promise<{ appeal: ModerationAppealRow; decision: ModerationDecisionRow }[]> {
  return db
    .select({ appeal: moderationAppeals, decision: moderationDecisions })
    .from(moderationAppeals)
    .innerJoin(moderationDecisions, eq(moderationDecisions.id, moderationAppeals.decisionId))
    .where(eq(moderationAppeals.status, 'open'))
    .orderBy(moderationAppeals.createdAt, moderationAppeals.id)
    .limit(OPEN_APPEALS_MAX);
}

/** A member's strikes ({@link strikesOf}): removals, the latest warning and suspension. */
const strikesRow = z.object({
  removals: rowCount,
  warning: rowDate.nullable(),
  suspension: rowDate.nullable(),
});

/**
 * A member's removals since `since` that no appeal reversed (the strikes of DSA Art. 23), and
 * the latest warning and suspension since then that no appeal reversed.
 */
export async function strikesOf(
  db: Database,
  userId: string,
  since: Date,
): Promise<{ removals: number; lastWarningAt: Date | null; lastSuspensionAt: Date | null }> {
  const [counts] = await selectRows(
    db,
    strikesRow,
    sql`select
          count(*) filter (where action = 'remove' and reversed_at is null)::int as removals,
          max(created_at) filter (where action = 'warning' and reversed_at is null) as warning,
          max(created_at) filter (where action = 'suspend' and reversed_at is null) as suspension
        from moderation_decisions
        where affected_user_id = ${userId}::uuid and created_at > ${since.toISOString()}::timestamptz`,
  );
  return {
    removals: counts?.removals ?? 0,
    lastWarningAt: counts?.warning ?? null,
    lastSuspensionAt: counts?.suspension ?? null,
  };
}

/** Upheld removals of the member after `after` (not reversed). */
export async function removalsAfter(
  db: Database,
  userId: string,
  after: Date,
): Promise<ModerationDecisionRow[]> {
  return db
    .select()
    .from(moderationDecisions)
    .where(
      and(
        eq(moderationDecisions.affectedUserId, userId),
        eq(moderationDecisions.action, 'remove'),
        isNull(moderationDecisions.reversedAt),
        gt(moderationDecisions.createdAt, after),
      ),
    )
    .orderBy(desc(moderationDecisions.createdAt));
}

/** Decisions taken in `[from, to)` by ground and action. */
export function decisionsByGround(
  db: Database,
  from: Date,
  to: Date,
): Promise<{ ground: string; action: string; count: number }[]> {
  return db
    .select({ ground: moderationDecisions.ground, action: moderationDecisions.action, count: count() })
    .from(moderationDecisions)
    .where(and(gte(moderationDecisions.createdAt, from), lt(moderationDecisions.createdAt, to)))
    .groupBy(moderationDecisions.ground, moderationDecisions.action)
    .orderBy(desc(count()), moderationDecisions.ground, moderationDecisions.action);
}

/** The appeal figures of a period ({@link appealFigures}); the median in hours (`float8`). */
const appealFiguresRow = z.object({
  appeals: rowCount,
  reversals: rowCount,
  median_hours: z.number().nullable(),
});

/**
 * Appeals filed and decisions reversed in `[from, to)`, and the median time in hours from the
 * first report to the decision over the decisions on reports taken then.
 */
export async function appealFigures(
  db: Database,
  from: Date,
  to: Date,
): Promise<{ appeals: number; reversals: number; medianHours: number | null }> {
  const [row] = await selectRows(
    db,
    appealFiguresRow,
    sql`select
          (select count(*)::int from moderation_appeals
            where created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz) as appeals,
          (select count(*)::int from moderation_appeals
            where status = 'reversed'
              and decided_at >= ${from.toISOString()}::timestamptz and decided_at < ${to.toISOString()}::timestamptz) as reversals,
          (select percentile_cont(0.5) within group (order by extract(epoch from (created_at - first_reported_at)) / 3600.0)
            from moderation_decisions
            where first_reported_at is not null
              and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz) as median_hours`,
  );
  return {
    appeals: row?.appeals ?? 0,
    reversals: row?.reversals ?? 0,
    medianHours: row?.median_hours ?? null,
  };
}
