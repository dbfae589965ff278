/**
 * Small checks of values the app reads from the address, from localStorage and from the page the
 * server sent, against the contract's value lists: plain code, so the first script loads no
 * schema library (docs/decisions/0017-checks-off-the-first-load.md).
 */

/** Whether `value` is one of `values` (a contract value list such as `LISTING_SORTS`). */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/** Whether `value` is a plain object (not null, not an array), whose fields can be read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether `value` is a string or null. */
export function isNullableString(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}

/**
 * Whether `value` is an object whose field `key` holds an array: the outline of the server's
 * list answers (`{listings}`, `{categories}`) written into a page, whose items are taken as
 * typed (the server wrote them with the contract's schemas).
 */
export function hasArray<K extends string>(value: unknown, key: K): value is Record<K, unknown[]> {
  return isRecord(value) && Array.isArray(value[key]);
}
