import { and, asc, count, eq, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ReportRow, reports } from './schema.ts';

/**
 * Filing, reading and resolving reports in the one store (DSA Art. 16,
 * docs/decisions/0023-one-reports-store.md). The modules whose things are reported file into it
 * inside their own transaction (with their hourly limit and their confirmation event); the
 * moderation module reads the open reports and resolves them with its decision.
 */

/** A report as a module files it. */
export interface NewReport {
  /** A registered target type (`app.reportTargets`): 'listing', 'forum_post', 'conversation', 'story', 'user'. */
  targetType: string;
  targetId: string;
  /** The member the report concerns: seller, author, the other side of a conversation, story owner, member. */
  reportedId: string;
  reporterId: string;
  /** The reason's key (contract `REPORT_REASON_LABELS`), or a forum reporter's own words. */
  reason: string;
  /** The reporter's note, trimmed; null without one. */
  comment: string | null;
}

/**
 * What {@link fileReport} did: 'new' when the queue received an open report it did not have (the
 * reporter's first report of the target, or again after a decision resolved the earlier one),
 * 'replaced' when the new reason and note took the place of the reporter's open report, 'refused'
 * when the target refuses repeats and was reported already. Only a 'new' report is confirmed to
 * the reporter (DSA Art. 16); a repeat confirms nothing again.
 */
export type FiledReport = 'new' | 'replaced' | 'refused';

/**
 * Files `report` inside the caller's transaction `tx`: one report per reporter and target. When
 * the reporter reported the target before, `repeat` decides: 'replace' stores the new reason
 * and note as an open report with the new time (stories, conversations, members); 'refuse'
 * changes nothing (ads and forum posts answer 409). The earlier report is read and locked in
 * `tx` (`for update`), and a report filed in between by a parallel request is found by the
 * unique index, so parallel repeats of one report are told apart from the first one on
 * PostgreSQL and PGlite alike (docs/decisions/0023-one-reports-store.md).
 * @returns whether the report is new, replaced an open one, or was refused ({@link FiledReport})
 */
export async function fileReport(
  tx: Database,
  report: NewReport,
  repeat: 'replace' | 'refuse',
): Promise<FiledReport> {
  const sameReport = and(
    eq(reports.targetType, report.targetType),
    eq(reports.targetId, report.targetId),
    eq(reports.reporterId, report.reporterId),
  );
  const replace = () =>
    tx
      .update(reports)
      .set({
        reportedId: report.reportedId,
        reason: report.reason,
        comment: report.comment,
        createdAt: sql`now()`,
        resolvedAt: null,
      })
      .where(sameReport);
  if (repeat === 'replace') {
    const [earlier] = await tx
      .select({ resolvedAt: reports.resolvedAt })
      .from(reports)
      .where(sameReport)
      .for('update');
    if (earlier) {
      await replace();
      return earlier.resolvedAt === null ? 'replaced' : 'new';
    }
  }
  // Waits for a parallel request's uncommitted report of the same target, then does nothing.
  const inserted = await tx
    .insert(reports)
    .values(report)
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (inserted.length > 0) return 'new';
  if (repeat === 'refuse') return 'refused';
  // A parallel request filed it since the look above: this one replaces that open report.
  await replace();
  return 'replaced';
}

/** One stored report. */
export interface StoredReport {
  id: string;
  targetType: string;
  targetId: string;
  reportedId: string;
  reporterId: string;
  reason: string;
  comment: string | null;
  /** ISO 8601 with milliseconds; reporting again moves it to the new report's time. */
  createdAt: string;
  /** ISO 8601 with milliseconds, or null while open. */
  resolvedAt: string | null;
}

/** Most reports {@link readReports} answers. */
export const REPORTS_READ_MAX = 5000;

function stored(row: ReportRow): StoredReport {
  return {
    id: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    reportedId: row.reportedId,
    reporterId: row.reporterId,
    reason: row.reason,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
  };
}

/**
 * Reports, oldest first, at most `limit` (default and at most {@link REPORTS_READ_MAX}): only
 * open ones (`open`), of one target type, of the given targets, concerning one member
 * (`reportedId`); newest first with `newestFirst`.
 */
export async function readReports(
  db: Database,
  filter: {
    open?: boolean;
    targetType?: string;
    targetIds?: readonly string[];
    reportedId?: string;
    newestFirst?: boolean;
    limit?: number;
  } = {},
): Promise<StoredReport[]> {
  if (filter.targetIds && filter.targetIds.length === 0) return [];
  const conditions: SQL[] = [];
  if (filter.open) conditions.push(isNull(reports.resolvedAt));
  if (filter.targetType) conditions.push(eq(reports.targetType, filter.targetType));
  if (filter.targetIds) conditions.push(inArray(reports.targetId, [...filter.targetIds]));
  if (filter.reportedId) conditions.push(eq(reports.reportedId, filter.reportedId));
  const order = filter.newestFirst
    ? [sql`${reports.createdAt} desc`, sql`${reports.id} desc`]
    : [asc(reports.createdAt), asc(reports.id)];
  const rows = await db
    .select()
    .from(reports)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(Math.min(filter.limit ?? REPORTS_READ_MAX, REPORTS_READ_MAX));
  return rows.map(stored);
}

/**
 * Resolves the open reports of one target inside the moderation decision's transaction `tx`;
 * with `reportedId` only those concerning that member (one side of a conversation).
 * @returns the reports it resolved, oldest first
 */
export async function resolveReports(
  tx: Database,
  target: { targetType: string; targetId: string; reportedId?: string | undefined },
): Promise<StoredReport[]> {
  const rows = await tx
    .update(reports)
    .set({ resolvedAt: sql`now()` })
    .where(
      and(
        eq(reports.targetType, target.targetType),
        eq(reports.targetId, target.targetId),
        target.reportedId ? eq(reports.reportedId, target.reportedId) : undefined,
        isNull(reports.resolvedAt),
      ),
    )
    .returning();
  return rows.map(stored).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Which of `targetIds` (of one type) `reporterId` has reported. */
export async function reportedBy(
  db: Database,
  reporterId: string,
  targetType: string,
  targetIds: readonly string[],
): Promise<Set<string>> {
  if (targetIds.length === 0) return new Set();
  const rows = await db
    .select({ id: reports.targetId })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.targetType, targetType),
        inArray(reports.targetId, [...targetIds]),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** How many reports each of `targetIds` (of one type) has received, open or resolved. */
export async function countReportsPerTarget(
  db: Database,
  targetType: string,
  targetIds: readonly string[],
): Promise<Map<string, number>> {
  if (targetIds.length === 0) return new Map();
  const rows = await db
    .select({ id: reports.targetId, n: count() })
    .from(reports)
    .where(and(eq(reports.targetType, targetType), inArray(reports.targetId, [...targetIds])))
    .groupBy(reports.targetId);
  return new Map(rows.map((row) => [row.id, row.n]));
}

/** The reports filed within `[from, to)` by target type and reason (the transparency report). */
export async function countNotices(
  db: Database,
  from: Date,
  to: Date,
): Promise<{ targetType: string; reason: string; count: number }[]> {
  return db
    .select({ targetType: reports.targetType, reason: reports.reason, count: count() })
    .from(reports)
    .where(and(gte(reports.createdAt, from), lt(reports.createdAt, to)))
    .groupBy(reports.targetType, reports.reason);
}
