import type { Notification } from '@marketplace/contract';
import { savedSearchPath } from '@marketplace/contract';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Realtime } from '../../realtime/index.ts';
import type { CategoryTree } from '../categories/index.ts';
import { countNewMatches } from '../listings/index.ts';
import {
  deliverNotifications,
  type NotificationText,
  notifyMemberInTransaction,
} from '../notifications/index.ts';
import { savedSearches } from './schema.ts';

/** Saved searches checked in one transaction; the job takes batches until none is due. */
const ALERT_BATCH = 50;
/**
 * How far behind the present a check looks (ms): an ad whose posting transaction is still
 * running when the check starts is reported by the next check instead of being missed.
 */
export const ALERT_LAG_MS = 60_000;

/** How often a `daily` search is checked (ms): once its last check is a day old. */
export const DAILY_ALERT_MS = 24 * 60 * 60 * 1000;

/** What the alerts need from the running application. */
export interface SavedSearchAlertDeps {
  db: Database;
  categories: CategoryTree;
  mailer: Mailer;
  realtime: Realtime;
  /** `PUBLIC_URL`, without a trailing slash. */
  publicUrl: string;
  /** `SITE_NAME`. */
  siteName: string;
  log: FastifyBaseLogger;
}

/**
 * The search's page as opened from an alert: `src=alert` (which the search ignores as a filter)
 * tells the ads opened from there that they came from a saved-search alert (seller analytics).
 */
function alertPath(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}src=alert`;
}

/** The notification of `count` new ads for a saved search named `name`. */
export function savedSearchAlertText(name: string, count: number, path: string): NotificationText {
  return {
    type: 'saved_search',
    title: count === 1 ? 'Neue Anzeige zu deiner Suche' : 'Neue Anzeigen zu deiner Suche',
    message:
      count === 1
        ? `1 neue Anzeige zu deiner gespeicherten Suche: ${name}`
        : `${count.toLocaleString('de-DE')} neue Anzeigen zu deiner gespeicherten Suche: ${name}`,
    link: path,
  };
}

/**
 * Checks the `daily` saved searches whose last check is at least {@link DAILY_ALERT_MS} before
 * `asOf` for ads posted since that check (up to `asOf`), through the listings door's search,
 * leaving out the member's own ads, and notifies each member once per search and day with the
 * number of new ads and a link to the search (notification type `saved_search`; a mail through
 * the mail queue when that channel is on). Each batch is one transaction: its searches are taken
 * with SKIP LOCKED (parallel runs share the work), their `last_checked_at` moves to `asOf` and
 * their notifications and mails are written in the same transaction, so a crash neither
 * notifies twice nor skips an ad. A search whose filters the search no longer accepts (its
 * category is gone) is moved on silently. Live messages go to the sockets after the commit. Run
 * by the hourly job `saved-searches.alerts` (docs/decisions/0014-job-queue.md), so a search is
 * checked within an hour of being due; `instant` searches are told by `instant.ts` instead.
 * @param asOf the end of the window; default {@link ALERT_LAG_MS} before now
 * @param dueBefore searches last checked at or before it are due; default a day before `asOf`
 * @returns how many notifications were stored or mailed
 */
export async function sendSavedSearchAlerts(
  deps: SavedSearchAlertDeps,
  asOf: Date = new Date(Date.now() - ALERT_LAG_MS),
  dueBefore: Date = new Date(asOf.getTime() - DAILY_ALERT_MS),
): Promise<number> {
  let total = 0;
  for (;;) {
    const { checked, notified, delivered } = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(savedSearches)
        .where(and(eq(savedSearches.frequency, 'daily'), lte(savedSearches.lastCheckedAt, dueBefore)))
        .orderBy(asc(savedSearches.lastCheckedAt))
        .limit(ALERT_BATCH)
        .for('update', { skipLocked: true });
      const sent: { userId: string; notification: Notification }[] = [];
      let notifiedInBatch = 0;
      for (const search of due) {
        let count = 0;
        try {
          count = await countNewMatches(
            { db: tx, categories: deps.categories },
            search.filters,
            { after: search.lastCheckedAt, upTo: asOf },
            search.userId,
          );
        } catch (error) {
          // Filters the search no longer accepts (a category or place that is gone); a database
          // error ends the transaction and has the job retried.
          if (!(error instanceof AppError)) throw error;
          deps.log.warn({ err: error, savedSearchId: search.id }, 'saved search not checked');
        }
        if (count === 0) continue;
        const notification = await notifyMemberInTransaction(
          tx,
          deps,
          search.userId,
          savedSearchAlertText(search.name, count, alertPath(savedSearchPath(search.filters))),
          { userId: null, listingId: null },
        );
        notifiedInBatch += 1;
        if (notification) sent.push({ userId: search.userId, notification });
      }
      if (due.length > 0) {
        await tx
          .update(savedSearches)
          .set({ lastCheckedAt: asOf })
          .where(
            inArray(
              savedSearches.id,
              due.map((search) => search.id),
            ),
          );
      }
      return { checked: due.length, notified: notifiedInBatch, delivered: sent };
    });
    await deliverNotifications(deps.realtime, delivered);
    total += notified;
    if (checked < ALERT_BATCH) return total;
  }
}
