import { foldPlaceName, type Place, placeSchema } from '@marketplace/contract';
import { and, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, selectRows } from '../../db/client.ts';
import { boundingBox, distanceKmSql, type GeoPoint } from '../../lib/geo.ts';
import { escapeLike } from '../../lib/sql.ts';
import { type PostalCodeEntry, readPostalCodes } from './postal-codes.ts';
import { postalCodes } from './schema.ts';

/** Rows per INSERT statement while loading the table. */
const LOAD_CHUNK = 4000;
/** Most completions `GET /api/places` answers. */
export const PLACE_SUGGESTIONS_MAX = 10;

/**
 * `place` folded in SQL exactly as {@link foldPlaceName} folds text in TypeScript (lower-case,
 * ä/ö/ü/é/è and ae/oe/ue to the plain vowel, ß to ss).
 */
const FOLDED_PLACE = sql.raw(
  "replace(replace(replace(replace(translate(lower(place), 'äöüéè', 'aouee'), 'ae', 'a'), 'oe', 'o'), 'ue', 'u'), 'ß', 'ss')",
);

/** Letters a stored name may start with when its folded form starts with the key. */
const FIRST_LETTERS: Record<string, string[]> = {
  a: ['a', 'ä'],
  o: ['o', 'ö'],
  u: ['u', 'ü'],
  e: ['e', 'é', 'è'],
};

/**
 * Places whose folded name starts with `folded`: the folded comparison, narrowed first by the
 * stored name's first letter, which the index on `lower(place)` finds.
 */
function foldedPrefixCondition(folded: string): SQL {
  const first = folded.charAt(0);
  const letters = (FIRST_LETTERS[first] ?? [first]).map(
    (letter) => sql`lower(place) like ${`${escapeLike(letter)}%`}`,
  );
  return sql`(${sql.join(letters, sql` or `)}) and ${FOLDED_PLACE} like ${`${escapeLike(folded)}%`}`;
}

/** A located place: the postal code, its place name and the centroid in degrees. */
const locationRow = z.object({
  postalCode: z.string(),
  place: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type Location = z.output<typeof locationRow>;

/** The columns of a {@link Location} for the query builder. */
const locationColumns = {
  postalCode: postalCodes.postalCode,
  place: postalCodes.place,
  latitude: postalCodes.latitude,
  longitude: postalCodes.longitude,
};

/** Whether `postal_codes` holds a row (matching `where`, if given). */
async function anyPostalCode(db: Database, where?: SQL): Promise<boolean> {
  const rows = await db.select({ id: postalCodes.id }).from(postalCodes).where(where).limit(1);
  return rows.length > 0;
}

/**
 * Fills `postal_codes` from the shipped GeoNames table when it is empty: multi-row inserts of
 * JSON records in one transaction (about a second, also on PGlite). An advisory lock keeps two
 * instances starting at once from loading it twice.
 * @returns how many rows were inserted (0 when the table was filled already)
 */
export async function ensurePostalCodes(db: Database, entries?: PostalCodeEntry[]): Promise<number> {
  if (await anyPostalCode(db)) return 0;
  const rows = entries ?? readPostalCodes();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('postal_codes_load'))`);
    if (await anyPostalCode(tx)) return 0;
    for (let start = 0; start < rows.length; start += LOAD_CHUNK) {
      const chunk = JSON.stringify(rows.slice(start, start + LOAD_CHUNK));
      await tx.execute(sql`
        insert into postal_codes (postal_code, place, state, latitude, longitude, rank)
        select r.postal_code, r.place, r.state, r.latitude, r.longitude, r.rank
        from rows from (jsonb_to_recordset(${chunk}::jsonb)
          as (postal_code text, place text, state text, latitude float8, longitude float8, rank int))
          with ordinality as r(postal_code, place, state, latitude, longitude, rank, n)
        order by r.n
        on conflict do nothing`);
    }
    return rows.length;
  });
}

/**
 * Completion for the postal-code field and the location filter (`GET /api/places?q=`): up to
 * 10 entries whose postal code starts with the digits, or whose place starts with the text; "80331
 * Mün" matches both. Names compare folded ({@link foldPlaceName}: any case, 'Koeln' and 'Koln'
 * find Köln, 'Muenchen' finds München). Digits list postal codes in order, each postal code's
 * main town first ('88131': Lindau (Bodensee), then Bodolz; `rankPlaces`). A name lists each
 * matching place once first (its lowest postal code), exact names first, then larger places (more
 * postal codes: 'Frankfurt' offers Frankfurt am Main before Frankfurt (Oder)), then the further
 * postal codes of those places.
 */
export async function searchPlaces(db: Database, query: string): Promise<Place[]> {
  const text = query.trim();
  if (text === '') return [];
  const combined = /^(\d{1,5})\s+(.+)$/.exec(text);
  const digits = combined?.[1] ?? (/^\d{1,5}$/.test(text) ? text : null);
  const name = combined?.[2] ?? (digits ? null : text);
  if (!name) {
    if (!digits) return [];
    return db
      .select({ postal_code: postalCodes.postalCode, place: postalCodes.place, state: postalCodes.state })
      .from(postalCodes)
      .where(like(postalCodes.postalCode, `${digits}%`))
      .orderBy(postalCodes.postalCode, postalCodes.rank, postalCodes.id)
      .limit(PLACE_SUGGESTIONS_MAX);
  }
  const folded = foldPlaceName(name);
  const conditions: SQL[] = [foldedPrefixCondition(folded)];
  if (digits) conditions.push(sql`postal_code like ${`${digits}%`}`);
  return selectRows(
    db,
    placeSchema,
    sql`select postal_code, place, state from (
          select postal_code, place, state, id, ${FOLDED_PLACE} = ${folded} as exact,
            count(*) over (partition by place, state) as codes,
            row_number() over (partition by place, state order by postal_code, id) as nth
          from postal_codes
          where ${sql.join(conditions, sql` and `)}
        ) as matches
        order by nth = 1 desc, exact desc, codes desc, length(place), place, state, postal_code, id
        limit ${PLACE_SUGGESTIONS_MAX}`,
  );
}

/**
 * The place of a postal code an ad names: `place` must be one of the postal code's places
 * (case-insensitive); empty means its first place, the main town `searchPlaces` offers first.
 * @returns null when the postal code is unknown or `place` does not belong to it
 */
export async function findPlace(db: Database, postalCode: string, place: string): Promise<Location | null> {
  const rows = await db
    .select(locationColumns)
    .from(postalCodes)
    .where(
      and(
        eq(postalCodes.postalCode, postalCode),
        place === '' ? undefined : sql`lower(${postalCodes.place}) = lower(${place})`,
      ),
    )
    .orderBy(postalCodes.rank, postalCodes.id)
    .limit(1);
  return rows[0] ?? null;
}

/** Whether a postal code exists in the table. */
export async function postalCodeExists(db: Database, postalCode: string): Promise<boolean> {
  return anyPostalCode(db, eq(postalCodes.postalCode, postalCode));
}

/**
 * Coordinates of a searcher's location: a 5-digit postal code (its main town), a postal code
 * with its place ('60311 Frankfurt am Main'), else a place name compared folded like
 * {@link searchPlaces} ('Muenchen', 'Koln'): an exact name first, else the largest place (most
 * postal codes) starting with it, at its lowest postal code, the first place `searchPlaces` offers.
 * @returns null when nothing matches
 */
export async function locate(db: Database, text: string): Promise<Location | null> {
  const value = text.trim();
  if (value === '') return null;
  if (/^\d{5}$/.test(value)) return findPlace(db, value, '');
  const combined = /^(\d{5})\s+(.+)$/.exec(value);
  if (combined?.[1] && combined[2]) {
    return (await findPlace(db, combined[1], combined[2])) ?? findPlace(db, combined[1], '');
  }
  const folded = foldPlaceName(value);
  const rows = await selectRows(
    db,
    locationRow,
    sql`select "postalCode", place, latitude, longitude from (
          select postal_code as "postalCode", place, state, latitude, longitude, id,
            ${FOLDED_PLACE} = ${folded} as exact,
            count(*) over (partition by place, state) as codes
          from postal_codes
          where ${foldedPrefixCondition(folded)}
        ) as matches
        order by exact desc, codes desc, length(place), place, state, "postalCode", id
        limit 1`,
  );
  return rows[0] ?? null;
}

/**
 * {@link locate} for many texts at once: the 5-digit postal codes among them in one query (their
 * main towns, as `locate` finds them), any other text one by one. For callers that test many
 * saved filters at once (the saved-search alerts).
 * @returns each text of `texts` with its location, or null when nothing matches
 */
export async function locateMany(
  db: Database,
  texts: readonly string[],
): Promise<Map<string, Location | null>> {
  const located = new Map<string, Location | null>();
  const codes = [...new Set(texts.map((text) => text.trim()).filter((text) => /^\d{5}$/.test(text)))];
  const byCode = new Map(
    codes.length === 0
      ? []
      : (await selectPlacesByCodes(db, codes)).map(({ state: _state, ...place }) => [
          place.postalCode,
          place,
        ]),
  );
  for (const text of new Set(texts)) {
    const value = text.trim();
    located.set(text, /^\d{5}$/.test(value) ? (byCode.get(value) ?? null) : await locate(db, text));
  }
  return located;
}

/** The main town of each of the given postal codes (demo data); unknown codes are left out. */
export function selectPlacesByCodes(
  db: Database,
  codes: string[],
): Promise<(Location & { state: string })[]> {
  return db
    .selectDistinctOn([postalCodes.postalCode], { ...locationColumns, state: postalCodes.state })
    .from(postalCodes)
    .where(inArray(postalCodes.postalCode, codes))
    .orderBy(postalCodes.postalCode, postalCodes.rank, postalCodes.id);
}

/**
 * The largest towns within `radiusKm` (km) of `origin` (a service area, contract shops.ts): each
 * place once, the places with the most postal codes first (cities before villages), at most
 * `limit`, with the distance of its nearest postal code centroid in km (one decimal).
 */
export async function townsWithin(
  db: Database,
  origin: GeoPoint,
  radiusKm: number,
  limit: number,
): Promise<{ place: string; distance_km: number }[]> {
  const box = boundingBox(origin, radiusKm);
  const distance = distanceKmSql('p', origin);
  return selectRows(
    db,
    z.object({ place: z.string(), distance_km: z.number() }),
    sql`select place, round(min(distance)::numeric, 1)::float8 as distance_km from (
          select p.place, ${distance} as distance from postal_codes p
          where p.latitude between ${box.minLat} and ${box.maxLat}
            and p.longitude between ${box.minLon} and ${box.maxLon}
        ) as near
        where distance <= ${radiusKm}
        group by place
        order by count(*) desc, min(distance), place
        limit ${limit}`,
  );
}
