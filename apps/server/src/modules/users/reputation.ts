import type { MemberReputation } from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import { answerRates, sellerRatings } from '../chat/index.ts';
import { forumStandings } from '../forum/index.ts';
import { sellerBadges } from '../verification/index.ts';
import { findAccounts, getAccount, isUserId } from './service.ts';

/**
 * The one reputation of members across the marketplace and the forum (contract
 * `memberReputationSchema`, SPEC.md §3 "seller (name, avatar, rating, reviewCount)"): ratings
 * from chat conversations and the answer rate (chat door), likes received and posts in the
 * forum (forum door), member since and the e-mail check (accounts), the verified badge
 * (verification door). Every card that shows a member (ad's seller card, chat, forum, profile)
 * reads it from here. Five reads at the same time for any number of members, each by index.
 * @param userIds member ids; unknown or malformed ones are left out of the map
 */
export async function memberReputations(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, MemberReputation>> {
  const ids = [...new Set(userIds)].filter(isUserId);
  if (ids.length === 0) return new Map();
  // All five at once (one round trip of waiting); unknown ids simply find nothing.
  const [accounts, ratings, rates, standings, badges] = await Promise.all([
    findAccounts(db, ids),
    sellerRatings(db, ids),
    answerRates(db, ids),
    forumStandings(db, ids),
    sellerBadges(db, ids),
  ]);
  return new Map(
    accounts.map((account) => {
      const badge = badges.get(account.id) ?? null;
      return [
        account.id,
        {
          user_id: account.id,
          rating: ratings.get(account.id)?.rating ?? null,
          review_count: ratings.get(account.id)?.reviewCount ?? 0,
          forum_likes: standings.get(account.id)?.likes ?? 0,
          forum_posts: standings.get(account.id)?.posts ?? 0,
          member_since: new Date(account.createdAt).toISOString(),
          verified: badge !== null,
          badge,
          email_verified: account.emailVerifiedAt !== null,
          answer_rate: rates.get(account.id) ?? null,
        },
      ];
    }),
  );
}

/**
 * `GET /api/users/{id}/reputation`: one member's reputation (see `memberReputations`).
 * @throws AppError user_not_found (404), also for malformed ids
 */
export async function memberReputation(db: Database, userId: string): Promise<MemberReputation> {
  const account = await getAccount(db, userId);
  const reputation = (await memberReputations(db, [account.id])).get(account.id);
  if (!reputation) throw new Error('reputation of an existing account missing');
  return reputation;
}
