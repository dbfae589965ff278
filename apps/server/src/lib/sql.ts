import { type SQL, sql } from 'drizzle-orm';

/**
 * A timestamp column as ISO 8601 text. Raw queries read timestamps as text on both drivers
 * (Drizzle maps them only for its typed queries); JSON's encoding is ISO 8601.
 * @param column a column reference such as `l.created_at` (trusted code, never user input)
 */
export function isoTimestamp(column: string): SQL {
  return sql.raw(`(to_json(${column}) #>> '{}')`);
}

/** Escapes LIKE wildcards (`%`, `_`, `\`) so user text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
