import type { MemberReputation } from '@marketplace/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../db/client.ts';
import { escapeLike } from '../../lib/sql.ts';
import { answerCountsColumn, answerRateOf, sellerRatingColumns } from '../chat/index.ts';
import { forumStandingColumns } from '../forum/index.ts';
import { sellerBadgeColumns } from '../verification/index.ts';
import type { UserRow } from './schema.ts';
import { displayName, getAccount, isUserId } from './service.ts';

/**
 * SQL expression for other modules' reads (docs/decisions/0006-module-doors.md: read, never
 * written, in one query for speed): the name parts of the member `userId` (an SQL expression
 * such as `p.author_id`) as JSON `{ id, nickname, firstName }`, null for a gone member; pass it
 * to `displayName`. One lookup by primary key per row.
 */
export function memberNameColumn(userId: SQL): SQL {
  return sql`(select json_build_object('id', u.id, 'nickname', u.nickname, 'firstName', u.first_name)
    from users u where u.id = ${userId})`;
}

/**
 * SQL subquery for other modules' reads (docs/decisions/0006-module-doors.md): the ids of the
 * members whose public name (nickname, else first name, as `displayName` shows it) contains
 * `text`, case-insensitive and literally (LIKE wildcards escaped). Use it as
 * `seller_id in (…)`, so the members are found first and their rows then by index.
 */
export function memberIdsNamed(text: string): SQL {
  const pattern = `%${escapeLike(text)}%`;
  return sql`select u.id from users u
    where u.nickname ilike ${pattern} or (u.nickname is null and u.first_name ilike ${pattern})`;
}

/** A member as cards show them: the account's public parts and the one reputation. */
export interface MemberCard {
  id: string;
  /** `displayName` of the account. */
  name: string;
  avatar: string | null;
  role: UserRow['role'];
  reputation: MemberReputation;
}

/**
 * Member cards in one statement: per account its name, avatar and role and the one reputation
 * of members across the marketplace and the forum (contract `memberReputationSchema`, SPEC.md §3
 * "seller (name, avatar, rating, reviewCount)"): ratings from chat conversations and the answer
 * rate (chat door's `sellerRatingColumns`, `answerCountsColumn`), likes received and posts in
 * the forum (forum door's `forumStandingColumns`), member since and the e-mail check (accounts),
 * the verified badge (verification door's `sellerBadgeColumns`). Each door's fragment reads its
 * own tables by index for each account (docs/decisions/0006-module-doors.md: read, never written,
 * in one query for speed), so a page of cards costs one round trip
 * (docs/decisions/0010-forum-search-speed.md).
 * @param userIds member ids (unknown or malformed ones are left out of the map), or an SQL
 *   subquery of the owning module that selects member ids (e.g. the authors of a page of
 *   posts), so the cards need not wait for a first read of the ids
 */
export async function memberCards(
  db: Database,
  userIds: readonly string[] | SQL,
): Promise<Map<string, MemberCard>> {
  let members: SQL;
  if (Array.isArray(userIds)) {
    const ids = [...new Set(userIds)].filter(isUserId);
    if (ids.length === 0) return new Map();
    members = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
  } else members = userIds as SQL;
  const rows = await selectRows<{
    id: string;
    nickname: string | null;
    first_name: string | null;
    avatar_url: string | null;
    role: UserRow['role'];
    created_at: Date | string;
    email_verified_at: Date | string | null;
    sellerRating: number | string | null;
    sellerReviewCount: number | string | null;
    answerCounts: { received: number | string; answered: number | string } | string | null;
    forumPosts: number | string | null;
    forumLikes: number | string | null;
    sellerBadge: MemberReputation['badge'];
  }>(
    db,
    sql`select u.id, u.nickname, u.first_name, u.avatar_url, u.role, u.created_at, u.email_verified_at,
          ${sellerRatingColumns(sql`u.id`)},
          ${answerCountsColumn(sql`u.id`)},
          ${forumStandingColumns(sql`u.id`)},
          ${sellerBadgeColumns(sql`u.id`)}
        from users u
        where u.id in (${members})`,
  );
  return new Map(
    rows.map((row) => {
      const counts = typeof row.answerCounts === 'string' ? JSON.parse(row.answerCounts) : row.answerCounts;
      const reviews = Number(row.sellerReviewCount ?? 0);
      return [
        row.id,
        {
          id: row.id,
          name: displayName({ id: row.id, nickname: row.nickname, firstName: row.first_name }),
          avatar: row.avatar_url,
          role: row.role,
          reputation: {
            user_id: row.id,
            rating: reviews > 0 && row.sellerRating !== null ? Number(row.sellerRating) : null,
            review_count: reviews,
            forum_likes: Number(row.forumLikes ?? 0),
            forum_posts: Number(row.forumPosts ?? 0),
            member_since: new Date(row.created_at).toISOString(),
            verified: row.sellerBadge !== null,
            badge: row.sellerBadge ?? null,
            email_verified: row.email_verified_at !== null,
            answer_rate: answerRateOf(
              counts ? { received: Number(counts.received), answered: Number(counts.answered) } : null,
            ),
          },
        },
      ];
    }),
  );
}

/**
 * The one reputation of members (see {@link memberCards}, whose one statement it reads). Every
 * card that shows a member (ad's seller card, chat, forum, profile) reads it from here.
 * @param userIds member ids; unknown or malformed ones are left out of the map
 */
export async function memberReputations(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, MemberReputation>> {
  const cards = await memberCards(db, userIds);
  return new Map([...cards].map(([id, card]) => [id, card.reputation]));
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
