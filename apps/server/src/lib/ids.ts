const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` has the shape of a UUID (the ids of members, ads, uploads). Services answer
 * other strings with their 404 without a query, so a malformed id never reaches SQL's cast.
 */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
