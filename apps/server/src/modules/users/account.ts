import {
  type AccountExport,
  type FollowEntry,
  LISTINGS_LIMIT_MAX,
  type Listing,
} from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { checkCurrentPassword } from '../auth/service.ts';
import { removeTokensOf } from '../auth/tokens.ts';
import type { CategoryTree } from '../categories/service.ts';
import { listFavorites, removeFavoritesOf } from '../favorites/service.ts';
import * as follows from '../follows/service.ts';
import { listMyListings, removeListingsOfSeller } from '../listings/service.ts';
import { releaseUploadsOfOwner, removeFiles } from '../media/service.ts';
import * as queries from './queries.ts';
import { findAccounts, getAccount, toUserResponse, toUserSummary } from './service.ts';

/** Upper bound of follow entries one export or list call resolves. */
const EXPORT_FOLLOW_LIMIT = 100_000;

/**
 * Turns follow edges (member id and time) into list entries with display name and avatar,
 * keeping their order; members deleted meanwhile are left out.
 */
export async function toFollowEntries(
  db: Database,
  edges: readonly follows.FollowEdge[],
): Promise<FollowEntry[]> {
  const byId = new Map(
    (
      await findAccounts(
        db,
        edges.map((edge) => edge.userId),
      )
    ).map((row) => [row.id, row]),
  );
  return edges.flatMap((edge) => {
    const row = byId.get(edge.userId);
    return row ? [{ ...toUserSummary(row), followed_at: edge.followedAt.toISOString() }] : [];
  });
}

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
 * Everything stored about a member, for `GET /api/me/export` (issue 3 "export my data"):
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
    following: await toFollowEntries(db, await follows.listFollowing(db, userId, page)),
    followers: await toFollowEntries(db, await follows.listFollowers(db, userId, page)),
    listings: await allListingsOf(db, categories, userId),
    favorites: await listFavorites(db, categories, userId, null),
  };
}

/**
 * Removes a member's data inside the deletion transaction `tx`, the account row last.
 * This is the one place where each area hooks its own data: listings, favorites, messages,
 * stories, forum posts and notifications are removed or anonymised here as they arrive.
 * @returns ids of ad photos whose files the caller removes after the commit
 */
export async function removeAccountData(tx: Database, userId: string): Promise<string[]> {
  await removeFavoritesOf(tx, userId);
  const photos = await removeListingsOfSeller(tx, userId);
  photos.push(...(await releaseUploadsOfOwner(tx, userId)));
  await follows.removeFollowsOf(tx, userId);
  await removeTokensOf(tx, userId);
  await queries.deleteUserRow(tx, userId);
  return photos;
}

/**
 * Deletes the logged-in member's account (settings page) after checking the password: all
 * of its data (ads, favourites, follows) in one transaction, then its avatar and ad photos. Its tokens stop working at once.
 * @throws AppError wrong_password (400), rate_limited (429), user_not_found (404)
 */
export async function deleteAccount(
  db: Database,
  storage: MediaStorage,
  userId: string,
  password: string,
  ip: string,
): Promise<void> {
  const account = await getAccount(db, userId);
  await checkCurrentPassword(db, account, password, ip);
  const photos = await db.transaction((tx) => removeAccountData(tx, userId));
  if (account.avatarUrl) await storage.removeByUrl(account.avatarUrl).catch(() => {});
  await removeFiles(storage, photos);
}
