import type { AccountExport, FollowEntry } from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { checkCurrentPassword } from '../auth/service.ts';
import { removeTokensOf } from '../auth/tokens.ts';
import { removeFavoritesOf } from '../favorites/service.ts';
import * as follows from '../follows/service.ts';
import { removeListingsOfSeller } from '../listings/service.ts';
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

/**
 * Everything stored about a member, for `GET /api/me/export` (issue 3 "export my data"):
 * profile and follows, never the password hash or tokens. Later modules add their data here.
 * @throws AppError user_not_found (404)
 */
export async function exportAccount(db: Database, userId: string): Promise<AccountExport> {
  const account = await getAccount(db, userId);
  const page = { limit: EXPORT_FOLLOW_LIMIT, offset: 0 };
  return {
    exported_at: new Date().toISOString(),
    profile: toUserResponse(account),
    following: await toFollowEntries(db, await follows.listFollowing(db, userId, page)),
    followers: await toFollowEntries(db, await follows.listFollowers(db, userId, page)),
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
