import {
  MODERATION_GROUND_LABELS,
  type ModerationAppeal,
  type ModerationDecision,
  type ModerationGround,
  STRIKE_REMOVALS,
  STRIKE_SUSPENSION_DAYS,
  STRIKE_WINDOW_DAYS,
} from '@marketplace/contract';
import { appealDeadline, canAppeal, restricts } from './policies.ts';
import type { ModerationAppealRow, ModerationDecisionRow } from './schema.ts';

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

export function presentAppeal(row: ModerationAppealRow): ModerationAppeal {
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
