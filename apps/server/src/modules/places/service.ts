import type { Place } from '@marketplace/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../db/client.ts';
import { type PostalCodeEntry, readPostalCodes } from './postal-codes.ts';

/** Rows per INSERT statement while loading the table. */
const LOAD_CHUNK = 4000;
/** Most completions `GET /api/places` answers. */
export const PLACE_SUGGESTIONS_MAX = 10;
/** Mean earth radius in km (IUGG). */
export const EARTH_RADIUS_KM = 6371.0088;

/** A located place: the postal code, its place name and the centroid in degrees. */
export interface Location {
  postalCode: string;
  place: string;
  latitude: number;
  longitude: number;
}

/**
 * Fills `postal_codes` from the shipped GeoNames table when it is empty: multi-row inserts of
 * JSON records in one transaction (about a second, also on PGlite). An advisory lock keeps two
 * instances starting at once from loading it twice.
 * @returns how many rows were inserted (0 when the table was filled already)
 */
export async function ensurePostalCodes(db: Database, entries?: PostalCodeEntry[]): Promise<number> {
  const [existing] = await selectRows<{ present: boolean }>(
    db,
    sql`select exists(select 1 from postal_codes) as present`,
  );
  if (existing?.present) return 0;
  const rows = entries ?? readPostalCodes();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('postal_codes_load'))`);
    const [again] = await selectRows<{ present: boolean }>(
      tx as unknown as Database,
      sql`select exists(select 1 from postal_codes) as present`,
    );
    if (again?.present) return 0;
    for (let start = 0; start < rows.length; start += LOAD_CHUNK) {
      const chunk = JSON.stringify(rows.slice(start, start + LOAD_CHUNK));
      await tx.execute(sql`
        insert into postal_codes (postal_code, place, state, latitude, longitude)
        select r.postal_code, r.place, r.state, r.latitude, r.longitude
        from rows from (jsonb_to_recordset(${chunk}::jsonb)
          as (postal_code text, place text, state text, latitude float8, longitude float8))
          with ordinality as r(postal_code, place, state, latitude, longitude, n)
        order by r.n
        on conflict do nothing`);
    }
    return rows.length;
  });
}

/** Escapes LIKE wildcards so user text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Completion for the postal-code field and the location filter (`GET /api/places?q=`): up to
 * 10 entries whose postal code starts with the digits, or whose place starts with the text
 * (case-insensitive); "80331 Mün" matches both. Digits list postal codes in order (first place
 * first); names list exact matches first, then shorter names.
 */
export async function searchPlaces(db: Database, query: string): Promise<Place[]> {
  const text = query.trim();
  if (text === '') return [];
  const combined = /^(\d{1,5})\s+(.+)$/.exec(text);
  const digits = combined?.[1] ?? (/^\d{1,5}$/.test(text) ? text : null);
  const name = combined?.[2] ?? (digits ? null : text);
  const conditions: SQL[] = [];
  if (digits) conditions.push(sql`postal_code like ${`${digits}%`}`);
  if (name) conditions.push(sql`lower(place) like ${`${escapeLike(name.toLowerCase())}%`}`);
  if (conditions.length === 0) return [];
  const lowered = (name ?? '').toLowerCase();
  const order = name
    ? sql`(lower(place) = ${lowered}) desc, length(place), place, postal_code, id`
    : sql`postal_code, id`;
  return selectRows<Place>(
    db,
    sql`select postal_code, place, state from postal_codes
        where ${sql.join(conditions, sql` and `)}
        order by ${order}
        limit ${PLACE_SUGGESTIONS_MAX}`,
  );
}

/**
 * The place of a postal code an ad names (issue 4 "postal code with place"): `place` must be
 * one of the postal code's places (case-insensitive); empty means its first place.
 * @returns null when the postal code is unknown or `place` does not belong to it
 */
export async function findPlace(db: Database, postalCode: string, place: string): Promise<Location | null> {
  const rows = await selectRows<Location>(
    db,
    sql`select postal_code as "postalCode", place, latitude, longitude from postal_codes
        where postal_code = ${postalCode}
          and (${place} = '' or lower(place) = lower(${place}))
        order by id limit 1`,
  );
  return rows[0] ?? null;
}

/** Whether a postal code exists in the table. */
export async function postalCodeExists(db: Database, postalCode: string): Promise<boolean> {
  const [row] = await selectRows<{ present: boolean }>(
    db,
    sql`select exists(select 1 from postal_codes where postal_code = ${postalCode}) as present`,
  );
  return row?.present ?? false;
}

/**
 * Coordinates of a searcher's location: a 5-digit postal code (its first place), else a place
 * name (an exact name first, else the first place starting with it).
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
  const rows = await selectRows<Location>(
    db,
    sql`select postal_code as "postalCode", place, latitude, longitude from postal_codes
        where lower(place) like ${`${escapeLike(value.toLowerCase())}%`}
        order by (lower(place) = ${value.toLowerCase()}) desc, length(place), postal_code, id
        limit 1`,
  );
  return rows[0] ?? null;
}

/**
 * Great-circle distance in km between the row's `latitude`/`longitude` columns of `alias` and
 * a point (haversine formula), as an SQL expression.
 */
export function distanceKmSql(alias: string, origin: { latitude: number; longitude: number }): SQL {
  const lat = sql.raw(`${alias}.latitude`);
  const lon = sql.raw(`${alias}.longitude`);
  const lat0 = origin.latitude;
  const lon0 = origin.longitude;
  return sql`(${EARTH_RADIUS_KM}::float8 * 2 * asin(least(1::float8, sqrt(
    power(sin(radians(${lat} - ${lat0}::float8) / 2), 2)
    + cos(radians(${lat0}::float8)) * cos(radians(${lat})) * power(sin(radians(${lon} - ${lon0}::float8) / 2), 2)
  ))))`;
}

/**
 * A latitude/longitude box that contains every point within `radiusKm` of `origin` (a cheap,
 * index-friendly prefilter before the exact distance).
 */
export function boundingBox(origin: { latitude: number; longitude: number }, radiusKm: number) {
  const latDelta = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const cos = Math.max(0.01, Math.cos((origin.latitude * Math.PI) / 180));
  const lonDelta = Math.min(180, latDelta / cos);
  return {
    minLat: origin.latitude - latDelta,
    maxLat: origin.latitude + latDelta,
    minLon: origin.longitude - lonDelta,
    maxLon: origin.longitude + lonDelta,
  };
}

/** SQL condition: the row of `alias` lies within `radiusKm` of `origin` (box, then exact). */
export function withinRadiusSql(
  alias: string,
  origin: { latitude: number; longitude: number },
  radiusKm: number,
): SQL {
  const box = boundingBox(origin, radiusKm);
  const lat = sql.raw(`${alias}.latitude`);
  const lon = sql.raw(`${alias}.longitude`);
  return sql`(${lat} between ${box.minLat}::float8 and ${box.maxLat}::float8
    and ${lon} between ${box.minLon}::float8 and ${box.maxLon}::float8
    and ${distanceKmSql(alias, origin)} <= ${radiusKm}::float8)`;
}

/** The first place of each of the given postal codes (demo data); unknown codes are left out. */
export function selectPlacesByCodes(
  db: Database,
  codes: string[],
): Promise<(Location & { state: string })[]> {
  return selectRows(
    db,
    sql`select distinct on (postal_code) postal_code as "postalCode", place, state, latitude, longitude
        from postal_codes where postal_code in (select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))
        order by postal_code, id`,
  );
}
