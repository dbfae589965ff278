import {
  ENTITIES_PAGE_SIZE,
  type EntityList,
  type EntityListQuery,
  type EntityType,
} from '@marketplace/contract';
import { type SQL, sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.ts';
import { memberCards, memberIdsNamed } from '../users/index.ts';
import { verifiedSellerCondition } from '../verification/index.ts';
import { VISIBLE } from './queries.ts';
import type { ListingReadDeps } from './search.ts';

/** Slug of the root category whose sellers are the directory's service providers. */
export const PROVIDERS_CATEGORY = 'dienstleistungen';

/** Most members `total` counts (the directory pages to the 1,000th). */
const ENTITIES_TOTAL_CAP = 1000;

/**
 * `GET /api/entities` (/entities, SPEC.md §2; /shops and /dienstleister lead there): members
 * with visible ads, the most ads first (ties: the older first ad, then id), 20 a page. `shops`
 * keeps sellers with an approved business verification (verification door), `providers` counts
 * only ads in 'Dienstleistungen', `q` matches the public name (users door). Each member comes
 * with the one reputation of the member cards. Grouped from the ads by the index
 * `listings_seller_idx`; `total` counts up to 1,000.
 */
export async function listEntities(
  deps: ListingReadDeps,
  query: Required<Pick<EntityListQuery, 'page'>> & { type: EntityType; q?: string | undefined },
): Promise<EntityList> {
  const where: SQL[] = [VISIBLE];
  if (query.type === 'providers') {
    const services = deps.categories.resolve(PROVIDERS_CATEGORY);
    where.push(services ? sql`l.root_category_id = ${services.rootId}` : sql`false`);
  }
  if (query.type === 'shops') where.push(verifiedSellerCondition(sql`l.seller_id`, 'business'));
  if (query.q) where.push(sql`l.seller_id in (${memberIdsNamed(query.q)})`);
  const condition = sql.join(where, sql` and `);
  const page = Number(query.page);
  const [rows, [counted]] = await Promise.all([
    selectRows<{ id: string; active: number }>(
      deps.db,
      sql`select l.seller_id as id, count(*)::int as active
          from listings l where ${condition}
          group by l.seller_id
          order by count(*) desc, min(l.created_at), l.seller_id
          limit ${ENTITIES_PAGE_SIZE} offset ${(page - 1) * ENTITIES_PAGE_SIZE}`,
    ),
    selectRows<{ n: number }>(
      deps.db,
      sql`select count(*)::int as n from (
            select 1 from listings l where ${condition} group by l.seller_id limit ${ENTITIES_TOTAL_CAP}
          ) members`,
    ),
  ]);
  const cards = await memberCards(
    deps.db,
    rows.map((row) => row.id),
  );
  return {
    entities: rows.flatMap((row) => {
      const card = cards.get(row.id);
      return card
        ? [
            {
              id: card.id,
              name: card.name,
              avatar: card.avatar,
              active_listings: row.active,
              reputation: card.reputation,
            },
          ]
        : [];
    }),
    total: counted?.n ?? 0,
    page,
    page_size: ENTITIES_PAGE_SIZE,
  };
}
