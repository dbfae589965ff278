import {
  MODERATION_GROUND_LABELS,
  type ModerationDecision,
  type ModerationGround,
  type ModerationTransparency,
  type ModerationTransparencyQuery,
} from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { countNotices } from '../reports/index.ts';
import { DAY_MS } from './constants.ts';
import * as queries from './queries.ts';

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
