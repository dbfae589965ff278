/** Fixed values the moderation's use cases share: the length of a day and the id check. */

/** One day in ms. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether `value` is a UUID (ids of decisions and appeals); other ids are unknown (404). */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
