import { type AccountExport, LISTINGS_LIMIT_MAX, type Listing } from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import {
  announceEndedSessions,
  checkCurrentPassword,
  endSessionsInTransaction,
  removeTokensOf,
} from '../auth/index.ts';
import type { CategoryTree } from '../categories/index.ts';
import { listFavorites, removeFavoritesOf } from '../favorites/index.ts';
import * as follows from '../follows/index.ts';
import { listMyListings, removeListingsOfSeller } from '../listings/index.ts';
import { type ImagePipeline, releaseUploadsOfOwner, removeFiles } from '../media/index.ts';
import { getAccount, type MemberCards, removeAccountRow, toUserResponse } from '../users/index.ts';

/** What the members module needs from the running application. */
export interface MembersDeps {
  db: Database;
  /** Carries `user.updated`, `user.deleted` and `member.reported` to the other modules, after the commit. */
  events: EventBus;
  storage: MediaStorage;
  /** The one image pipeline (avatars). */
  images: ImagePipeline;
  categories: CategoryTree;
  /** The users door's member cards (`app.memberCards`), for the profile's reputation. */
  cards: MemberCards;
}

/** Upper bound of follow entries one export or list call resolves. */
const EXPORT_FOLLOW_LIMIT = 100_000;

/** All of a member's ads in every status, newest first, read page by page. */
async function allListingsOf(db: Database, categories: CategoryTree, userId: string): Promise<Listing[]> {
  const all: Listing[] = [];
  let cursor: string | undefined;
  do {
    const page = await listMyListings({ db, categories }, userId, { limit: LISTINGS_LIMIT_MAX, cursor });
    all.push(...page.listings);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return all;
}

/**
 * Everything stored about a member, for `GET /api/me/export` (the settings page's data export):
 * profile, follows, own ads (every status) and saved ads, never the password hash or tokens.
 * Later modules add their data here.
 * @throws AppError user_not_found (404)
 */
export async function exportAccount(
  db: Database,
  categories: CategoryTree,
  userId: string,
): Promise<AccountExport> {
  const account = await getAccount(db, userId);
  const page = { limit: EXPORT_FOLLOW_LIMIT, offset: 0 };
  return {
    exported_at: new Date().toISOString(),
    profile: toUserResponse(account),
    following: await follows.toFollowEntries(db, await follows.listFollowing(db, userId, page)),
    followers: await follows.toFollowEntries(db, await follows.listFollowers(db, userId, page)),
    listings: await allListingsOf(db, categories, userId),
    favorites: await listFavorites(db, categories, userId, null),
  };
}

/**
 * Removes a member's data inside the deletion transaction `tx`, the account row last.
 * This is the one place where each area hooks its own data: listings, favorites, messages,
 * stories, forum posts and notifications are removed or anonymised here as they arrive (this
 * module sits above every module whose rows it removes, docs/decisions/0006-module-doors.md).
 * The member's sessions end first (docs/decisions/0007); their rows go with the account.
 * @returns ids of ad photos whose files the caller removes after the commit, and the ids of
 *   the sessions that ended (announced by the caller after the commit)
 */
export async function removeAccountData(
  tx: Database,
  userId: string,
): Promise<{ photos: string[]; sessionIds: string[] }> {
  const sessionIds = await endSessionsInTransaction(tx, userId);
  await removeFavoritesOf(tx, userId);
  const photos = await removeListingsOfSeller(tx, userId);
  photos.push(...(await releaseUploadsOfOwner(tx, userId)));
  await follows.removeFollowsOf(tx, userId);
  await removeTokensOf(tx, userId);
  await removeAccountRow(tx, userId);
  return { photos, sessionIds };
}

/**
 * Deletes the logged-in member's account (settings page) after checking the password: all
 * of its data (ads, favourites, follows) in one transaction, then its avatar and ad photos.
 * Its sessions end in the same transaction, so its tokens stop working at once. Published as
 * `user.deleted` and then `session.ended` after the commit.
 * @throws AppError wrong_password (400), rate_limited (429), user_not_found (404)
 */
export async function deleteAccount(
  deps: Pick<MembersDeps, 'db' | 'events' | 'storage'>,
  userId: string,
  password: string,
  ip: string,
): Promise<void> {
  const account = await getAccount(deps.db, userId);
  await checkCurrentPassword(deps.db, account, password, ip);
  const { photos, sessionIds } = await deps.db.transaction((tx) => removeAccountData(tx, userId));
  // 'user.deleted' first: its subscribers tell the member's sockets before they close.
  await deps.events.publish('user.deleted', { userId });
  await announceEndedSessions(deps.events, userId, sessionIds);
  if (account.avatarUrl) await deps.storage.removeByUrl(account.avatarUrl).catch(() => {});
  await removeFiles(deps.storage, photos);
}
