import {
  ENTITIES_PAGE_SIZE,
  ENTITIES_TOTAL_MAX,
  type EntityList,
  type EntityListQuery,
  type EntityType,
} from '@marketplace/contract';
import { and, count, desc, min, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { CountCache } from '../../lib/count-cache.ts';
import type { CategoryTree } from '../categories/index.ts';
import { type MemberCards, memberIdsNamed } from '../users/index.ts';
import { businessIdsNamed, businessNames, verifiedSellerCondition } from '../verification/index.ts';
import { l, VISIBLE } from './queries.ts';

/** Slug of the root category whose sellers are the directory's service providers. */
export const PROVIDERS_CATEGORY = 'dienstleistungen';

/**
 * How long one instance keeps a kind's ranking without a name search (ms). Grouping every
 * visible ad by seller takes about 0.8 s at a million ads (docs/benchmarks.md "The directory"),
 * so it runs at most once a minute per kind; a member's new ad counts within that minute.
 */
export const ENTITY_RANKING_MS = 60_000;

/** A member of a kind's ranking and their visible ads of that kind. */
export interface RankedMember {
  id: string;
  active: number;
}

/** What the directory reads with: the database, the categories, the member cards, the rankings. */
export interface EntityDeps {
  db: Database;
  categories: CategoryTree;
  /** The users door's member cards (`app.memberCards`). */
  cards: MemberCards;
  /** The directory's rankings per kind, owned by the listings plugin. */
  entityRankings?: CountCache<RankedMember[]> | undefined;
}

/**
 * `GET /api/entities` (/entities, SPEC.md §2; /shops and /dienstleister lead there): members
 * with visible ads, the most ads first (ties: the older first ad, then id), 20 a page. `shops`
 * keeps sellers with an approved business verification (verification door), `providers` counts
 * only ads in 'Dienstleistungen', `q` matches the public name (users door: the members are found
 * first, then their ads by `listings_seller_idx`). A shop is named by its company name with its
 * legal form, the member's own name beside it, and `q` finds it by either (verification door).
 * Each member comes with the one reputation of the member cards. The first 1,000 of a kind are
 * ranked in one statement; without `q` that ranking is kept for {@link ENTITY_RANKING_MS} in
 * `deps.entityRankings`.
 */
export async function listEntities(
  deps: EntityDeps,
  query: Required<Pick<EntityListQuery, 'page'>> & { type: EntityType; q?: string | undefined },
): Promise<EntityList> {
  const where: SQL[] = [VISIBLE];
  if (query.type === 'providers') {
    const services = deps.categories.resolve(PROVIDERS_CATEGORY);
    where.push(services ? sql`l.root_category_id = ${services.rootId}` : sql`false`);
  }
  if (query.type === 'shops') where.push(verifiedSellerCondition(sql`l.seller_id`, 'business'));
  const rank = (conditions: SQL[]): Promise<RankedMember[]> =>
    deps.db
      .select({ id: l.sellerId, active: count() })
      .from(l)
      .where(and(...conditions))
      .groupBy(l.sellerId)
      .orderBy(desc(count()), min(l.createdAt), l.sellerId)
      .limit(ENTITIES_TOTAL_MAX);
  const shops = query.type === 'shops';
  const named = (q: string) =>
    shops
      ? sql`(l.seller_id in (${memberIdsNamed(q)}) or l.seller_id in (${businessIdsNamed(q)}))`
      : sql`l.seller_id in (${memberIdsNamed(q)})`;
  const ranking = query.q
    ? await rank([...where, named(query.q)])
    : await (deps.entityRankings ? deps.entityRankings.get(query.type, () => rank(where)) : rank(where));
  const page = Number(query.page);
  const shown = ranking.slice((page - 1) * ENTITIES_PAGE_SIZE, page * ENTITIES_PAGE_SIZE);
  const ids = shown.map((member) => member.id);
  const [cards, businesses] = await Promise.all([
    deps.cards.read(ids),
    shops ? businessNames(deps.db, ids) : new Map<string, string>(),
  ]);
  return {
    // A member gone since the ranking was made is left out.
    entities: shown.flatMap((member) => {
      const card = cards.get(member.id);
      return card
        ? [
            {
              id: card.id,
              name: businesses.get(card.id) ?? card.name,
              member_name: card.name,
              avatar: card.avatar,
              active_listings: member.active,
              reputation: card.reputation,
            },
          ]
        : [];
    }),
    total: ranking.length,
    page,
    page_size: ENTITIES_PAGE_SIZE,
  };
}
