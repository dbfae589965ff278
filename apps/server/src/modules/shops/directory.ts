import {
  PROFILES_PAGE_SIZE,
  type ProfileCardList,
  type ProfileListQuery,
  profileDisplayName,
  profileListQuerySchema,
  profileTexts,
} from '@marketplace/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowCount, selectRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { boundingBox, distanceKmSql } from '../../lib/geo.ts';
import { escapeLike } from '../../lib/sql.ts';
import { visibleAdCountSql } from '../listings/index.ts';
import { locate } from '../places/index.ts';
import { sellerRatingColumns } from '../ratings/index.ts';
import type { ShopDeps } from './service.ts';

const cardRow = z.object({
  id: z.string(),
  kind: z.enum(['shop', 'provider']),
  name: z.string(),
  legalForm: z.string(),
  logo: z.string().nullable(),
  city: z.string(),
  description: z.string(),
  categories: z.array(z.string()),
  ads: rowCount,
  sellerRating: z.number().nullable(),
  sellerReviewCount: rowCount,
  distance: z.number().nullable(),
  total: rowCount,
});

/** Characters of the description a card shows. */
const CARD_DESCRIPTION_CHARS = 160;

/**
 * `GET /api/profiles` (/entities, tabs Shops and Dienstleister): approved profiles of a kind.
 * `q` looks for the company name (with its legal form), `category` for a category slug or its
 * subcategories, `near` (a postal code or place) with `radius_km` keeps those within the radius
 * of the profile's point (a provider's area centre) and answers the distance on each card. Sort:
 * `distance` (the default with a place), `rating`, `listings` (the default without a place:
 * most ads first); ties by name. 20 a page.
 * @throws AppError validation (422) for an unknown place
 */
export async function listProfiles(deps: ShopDeps, rawQuery: ProfileListQuery): Promise<ProfileCardList> {
  const query = profileListQuerySchema.parse(rawQuery);
  const conditions: SQL[] = [sql`p.kind = ${query.kind}`, sql`p.status = 'approved'`];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(sql`(p.name ilike ${pattern} or (p.name || ' ' || p.legal_form) ilike ${pattern})`);
  }
  if (query.category) {
    const category = deps.categories.resolve(query.category);
    if (!category) throw new AppError('validation', `Feld 'category': ${profileTexts.unknownCategory}`);
    const slugs = [
      category.slug,
      ...deps.categories.idsWithin(category.id).flatMap((id) => deps.categories.resolve(id)?.slug ?? []),
    ];
    conditions.push(
      sql`p.categories ?| array[${sql.join(
        [...new Set(slugs)].map((slug) => sql`${slug}`),
        sql`, `,
      )}]::text[]`,
    );
  }
  let distance: SQL = sql`null::float8`;
  if (query.near) {
    const origin = await locate(deps.db, query.near);
    if (!origin) throw new AppError('validation', `Feld 'near': ${profileTexts.unknownPostalCode}`);
    const box = boundingBox(origin, query.radius_km);
    distance = distanceKmSql('p', origin);
    conditions.push(
      sql`p.latitude between ${box.minLat} and ${box.maxLat} and p.longitude between ${box.minLon} and ${box.maxLon}`,
      sql`${distance} <= ${query.radius_km}`,
    );
  }
  const sort = query.sort ?? (query.near ? 'distance' : 'listings');
  const order =
    sort === 'distance' && query.near
      ? sql`distance asc`
      : sort === 'rating'
        ? sql`"sellerRating" desc nulls last, "sellerReviewCount" desc`
        : sql`ads desc`;
  const offset = (query.page - 1) * PROFILES_PAGE_SIZE;
  const rows = await selectRows(
    deps.db,
    cardRow,
    sql`select * from (
          select p.id, p.kind, p.name, p.legal_form as "legalForm", p.logo, p.city,
            left(p.description, ${CARD_DESCRIPTION_CHARS}) as description, p.categories,
            ${visibleAdCountSql(sql`p.user_id`)} as ads,
            ${sellerRatingColumns(sql`p.user_id`)},
            ${distance} as distance,
            count(*) over () as total
          from business_profiles p
          where ${sql.join(conditions, sql` and `)}
        ) as cards
        order by ${order}, name, id
        limit ${PROFILES_PAGE_SIZE} offset ${offset}`,
  );
  return {
    profiles: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      display_name: profileDisplayName(row.name, row.legalForm),
      logo: row.logo,
      city: row.city,
      description: row.description,
      categories: row.categories.flatMap((slug) => deps.categories.resolve(slug)?.name ?? []),
      active_listings: row.ads,
      rating: row.sellerRating,
      rating_count: row.sellerReviewCount,
      distance_km: row.distance === null ? null : Math.round(row.distance * 10) / 10,
    })),
    total: rows[0]?.total ?? (offset > 0 ? await countProfiles(deps, conditions) : 0),
    page: query.page,
    page_size: PROFILES_PAGE_SIZE,
  };
}

/** How many profiles match (a page past the last answers no rows, but the count). */
async function countProfiles(deps: ShopDeps, conditions: SQL[]): Promise<number> {
  const [row] = await selectRows(
    deps.db,
    z.object({ n: rowCount }),
    sql`select count(*) as n from business_profiles p where ${sql.join(conditions, sql` and `)}`,
  );
  return row?.n ?? 0;
}
