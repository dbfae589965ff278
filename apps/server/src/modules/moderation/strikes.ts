import {
  type ModerationGround,
  STRIKE_REMOVALS,
  STRIKE_SUSPENSION_DAYS,
  STRIKE_WINDOW_DAYS,
} from '@marketplace/contract';
import { AppError } from '../../lib/errors.ts';
import { announceSanction, checkSuspension, suspendMemberInTransaction } from '../admin/index.ts';
import { DAY_MS } from './constants.ts';
import type { ModerationDeps } from './deps.ts';
import * as queries from './queries.ts';
import { moderationDecisions } from './schema.ts';

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
