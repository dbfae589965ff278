import { type SQL, sql } from 'drizzle-orm';

/** Mean earth radius in km (IUGG). */
export const EARTH_RADIUS_KM = 6371.0088;

/** A point in degrees (WGS 84). */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/**
 * Great-circle distance in km between the row's `latitude`/`longitude` columns of `alias` and
 * a point (haversine formula), as an SQL expression (SPEC.md §9 "distance" sort).
 * @param alias a table alias of trusted code, e.g. `l`
 */
export function distanceKmSql(alias: string, origin: GeoPoint): SQL {
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
 * A latitude/longitude box in degrees that contains every point within `radiusKm` (km) of
 * `origin` (a cheap, index-friendly prefilter before the exact distance).
 */
export function boundingBox(origin: GeoPoint, radiusKm: number) {
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

/** SQL condition: the row of `alias` lies within `radiusKm` (km) of `origin` (box, then exact). */
export function withinRadiusSql(alias: string, origin: GeoPoint, radiusKm: number): SQL {
  const box = boundingBox(origin, radiusKm);
  const lat = sql.raw(`${alias}.latitude`);
  const lon = sql.raw(`${alias}.longitude`);
  return sql`(${lat} between ${box.minLat}::float8 and ${box.maxLat}::float8
    and ${lon} between ${box.minLon}::float8 and ${box.maxLon}::float8
    and ${distanceKmSql(alias, origin)} <= ${radiusKm}::float8)`;
}

/** Great-circle distance in km between two points (haversine formula, as {@link distanceKmSql}). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(radians(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(radians(a.latitude)) *
      Math.cos(radians(b.latitude)) *
      Math.sin(radians(b.longitude - a.longitude) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
