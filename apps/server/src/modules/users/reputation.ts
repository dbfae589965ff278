import { type MemberReputation, roleSchema } from '@marketplace/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, rowDate, selectRows } from '../../db/client.ts';
import { escapeLike } from '../../lib/sql.ts';
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

/** What {@link memberNameColumn} yields in a row of raw SQL: the name parts, null for a gone member. */
export const memberNameRow = z
  .object({ id: z.string(), nickname: z.string().nullable(), firstName: z.string().nullable() })
  .nullable();

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

/** A member found by name ({@link membersNamed}): the shown name and the nickname, lowercased. */
const namedMemberRow = z.object({
  id: z.string(),
  shown: z.string().nullable(),
  nick: z.string().nullable(),
});

/**
 * The members whose shown name (as `displayName` shows it: the nickname, else the first name)
 * or nickname is one of `names` (lowercase), for other modules' lookups by name such as
 * `@mentions` in the forum (docs/decisions/0006-module-doors.md: read, never written). Each with
 * both names lowercased and trimmed (`shownName` null for a member shown as 'Mitglied …').
 */
export async function membersNamed(
  db: Database,
  names: readonly string[],
): Promise<{ id: string; shownName: string | null; nickname: string | null }[]> {
  if (names.length === 0) return [];
  const list = sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  );
  const rows = await selectRows(
    db,
    namedMemberRow,
    sql`select id, shown, nick from (
          select id,
            lower(coalesce(nullif(trim(nickname), ''), nullif(trim(first_name), ''))) as shown,
            lower(nullif(trim(nickname), '')) as nick
          from users
        ) named
        where shown in (${list}) or nick in (${list})`,
  );
  return rows.map((row) => ({ id: row.id, shownName: row.shown, nickname: row.nick }));
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

/** The reputation's fields another module decides (the account decides the others). */
export type ReputationFields = Partial<Omit<MemberReputation, 'user_id' | 'member_since' | 'email_verified'>>;

/**
 * A module's part of the one reputation (contract `memberReputationSchema`), handed to the users
 * door at start by the module that owns its rows (`app.memberCards.add`): the chat the answer
 * rate, the ratings module the rating, the forum the posts and likes, the verification the badge.
 * The users module is the lowest module and imports none of them
 * (docs/decisions/0006-module-doors.md); the parts still go into the cards' one statement.
 */
export interface ReputationPart {
  /**
   * Select-list columns for the member `userId` (an SQL expression such as `u.id`), read by
   * index from the module's own tables (docs/decisions/0006: read, never written, in one query
   * for speed); their names must differ from every other part's.
   */
  columns(userId: SQL): SQL;
  /** The fields this part decides, from the row its columns were read into. */
  fields(row: Record<string, unknown>): ReputationFields;
}

/**
 * An account's columns of a member card, and the columns of every part, kept as they came for
 * the part's `fields` ({@link MemberCards.read}).
 */
const memberCardRow = z.looseObject({
  id: z.string(),
  nickname: z.string().nullable(),
  first_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  role: roleSchema,
  created_at: rowDate,
  email_verified_at: rowDate.nullable(),
});

/**
 * Member cards (`app.memberCards`, one per application, made by the users door): per account its
 * name, avatar and role and the one reputation of members across the marketplace and the forum
 * (SPEC.md §3 "seller (name, avatar, rating, reviewCount)"): member since and the e-mail check
 * from the accounts, every other field from the parts the owning modules add at start (without
 * a part: no rating, no reviews, posts or likes, no badge, no answer rate). Every
 * card that shows a member (ad's seller card, directory, chat, forum, profile) reads it from
 * here.
 */
export class MemberCards {
  private readonly parts: ReputationPart[] = [];
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Adds a module's part of the reputation (at start, from the module's door). */
  add(part: ReputationPart): void {
    this.parts.push(part);
  }

  /**
   * Member cards in one statement: the accounts with every part's columns, each reading its own
   * tables by index for each account, so a page of cards costs one round trip
   * (docs/decisions/0010-forum-search-speed.md).
   * @param userIds member ids (unknown or malformed ones are left out of the map), or an SQL
   *   subquery of the owning module that selects member ids (e.g. the authors of a page of
   *   posts), so the cards need not wait for a first read of the ids
   */
  async read(userIds: readonly string[] | SQL): Promise<Map<string, MemberCard>> {
    let members: SQL;
    if (Array.isArray(userIds)) {
      const ids = [...new Set(userIds)].filter(isUserId);
      if (ids.length === 0) return new Map();
      members = sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
    } else members = userIds as SQL;
    const rows = await selectRows(
      this.db,
      memberCardRow,
      sql`select u.id, u.nickname, u.first_name, u.avatar_url, u.role, u.created_at, u.email_verified_at
          ${sql.join(
            this.parts.map((part) => sql`, ${part.columns(sql`u.id`)}`),
            sql``,
          )}
        from users u
        where u.id in (${members})`,
    );
    return new Map(
      rows.map((row) => {
        const reputation: MemberReputation = {
          user_id: row.id,
          rating: null,
          review_count: 0,
          forum_likes: 0,
          forum_posts: 0,
          member_since: row.created_at.toISOString(),
          verified: false,
          badge: null,
          email_verified: row.email_verified_at !== null,
          answer_rate: null,
        };
        for (const part of this.parts) Object.assign(reputation, part.fields(row));
        const card: MemberCard = {
          id: row.id,
          name: displayName({ id: row.id, nickname: row.nickname, firstName: row.first_name }),
          avatar: row.avatar_url,
          role: row.role,
          reputation,
        };
        return [row.id, card];
      }),
    );
  }

  /**
   * The one reputation of members (see {@link read}, whose one statement it reads).
   * @param userIds member ids; unknown or malformed ones are left out of the map
   */
  async reputations(userIds: readonly string[]): Promise<Map<string, MemberReputation>> {
    const cards = await this.read(userIds);
    return new Map([...cards].map(([id, card]) => [id, card.reputation]));
  }

  /**
   * `GET /api/users/{id}/reputation`: one member's reputation (see {@link reputations}).
   * @throws AppError user_not_found (404), also for malformed ids
   */
  async reputation(userId: string): Promise<MemberReputation> {
    const account = await getAccount(this.db, userId);
    const reputation = (await this.reputations([account.id])).get(account.id);
    if (!reputation) throw new Error('reputation of an existing account missing');
    return reputation;
  }
}
