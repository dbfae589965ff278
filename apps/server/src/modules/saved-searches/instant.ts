import type { Notification } from '@marketplace/contract';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { ReactionContext } from '../../jobs/reactions.ts';
import type { CategoryTree } from '../categories/index.ts';
import { filtersMatchingListing, listingCategoryIds } from '../listings/index.ts';
import {
  deliverNotifications,
  type NotificationText,
  type NotificationWriteDeps,
  notifyMemberInTransaction,
} from '../notifications/index.ts';
import { savedSearches, savedSearchMatches } from './schema.ts';

/** What the instant alerts need from the running application. */
export interface InstantAlertDeps extends NotificationWriteDeps {
  categories: CategoryTree;
}

/** The notification of one new ad titled `title` for the saved search named `name`. */
export function instantAlertText(name: string, title: string, listingId: string): NotificationText {
  return {
    type: 'saved_search',
    title: 'Neue Anzeige zu deiner Suche',
    message: `„${title}“ passt zu deiner gespeicherten Suche: ${name}`,
    // `src=alert`: the view counts as one from a saved-search alert (seller analytics).
    link: `/listing/${listingId}?src=alert`,
  };
}

/**
 * Tells the members whose `instant` saved searches match a new ad ('Sofort'), from the durable
 * reaction to `listing.created` (docs/decisions/0022-durable-reactions.md): the ad is tested
 * against the searches (percolation) instead of every search being run again. The candidates are
 * the instant searches of other members in the ad's category, its top-level category or every
 * category (the partial index `saved_searches_instant_idx`); the listings door decides which of
 * their filters match the ad as the ad lists would (`filtersMatchingListing`), once per distinct
 * set of filters. Each member is told once per ad, however many of their searches match: the
 * row in `saved_search_matches` and the notification (type `saved_search`, linking the ad; a mail
 * when the member is away and that channel is on) are written in the reaction's transaction, so
 * a reaction run again after a crash or on another instance tells nobody twice. The live
 * messages go to the members' sockets after the commit, within seconds of the ad going online.
 * @returns how many members were told
 */
export async function tellInstantSearches(
  deps: InstantAlertDeps,
  reaction: Pick<ReactionContext, 'tx' | 'afterCommit'>,
  ad: { listingId: string; sellerId: string; title: string },
): Promise<number> {
  const { tx } = reaction;
  const categories = await listingCategoryIds(tx, ad.listingId);
  if (!categories) return 0;
  const candidates = await tx
    .select({
      id: savedSearches.id,
      userId: savedSearches.userId,
      name: savedSearches.name,
      filters: savedSearches.filters,
      filtersKey: savedSearches.filtersKey,
    })
    .from(savedSearches)
    .where(
      and(
        eq(savedSearches.frequency, 'instant'),
        ne(savedSearches.userId, ad.sellerId),
        or(
          isNull(savedSearches.categoryId),
          inArray(savedSearches.categoryId, [categories.categoryId, categories.rootCategoryId]),
        ),
      ),
    )
    .orderBy(savedSearches.createdAt, savedSearches.id);
  if (candidates.length === 0) return 0;
  const distinct = [...new Map(candidates.map((search) => [search.filtersKey, search.filters])).entries()];
  const matching = await filtersMatchingListing(
    { db: tx, categories: deps.categories },
    ad.listingId,
    distinct.map(([, filters]) => filters),
  );
  const matchingKeys = new Set([...matching].map((index) => distinct[index]?.[0]));
  // The first matching search of each member names the notification.
  const firstByMember = new Map<string, (typeof candidates)[number]>();
  for (const search of candidates) {
    if (matchingKeys.has(search.filtersKey) && !firstByMember.has(search.userId)) {
      firstByMember.set(search.userId, search);
    }
  }
  if (firstByMember.size === 0) return 0;
  const fresh = await tx
    .insert(savedSearchMatches)
    .values(
      [...firstByMember.values()].map((search) => ({
        userId: search.userId,
        listingId: ad.listingId,
        savedSearchId: search.id,
        // When the match was found, not when the reaction's transaction began (`now()`): the
        // delay from posting to alert is read from it (docs/benchmarks.md, "The seller's desk").
        createdAt: sql`clock_timestamp()`,
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: savedSearchMatches.userId });
  const sent: { userId: string; notification: Notification }[] = [];
  for (const { userId } of fresh) {
    const search = firstByMember.get(userId);
    if (!search) continue;
    const notification = await notifyMemberInTransaction(
      tx,
      deps,
      userId,
      instantAlertText(search.name, ad.title, ad.listingId),
      { userId: ad.sellerId, listingId: ad.listingId },
    );
    if (notification) sent.push({ userId, notification });
  }
  reaction.afterCommit(() => deliverNotifications(deps.realtime, sent));
  return fresh.length;
}
