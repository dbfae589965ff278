import { PG_INT4_MAX, userText } from '@marketplace/contract';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';

/** A sort key that is a point in time (newest, my ads, followed members' ads, older matches of a relevance search). */
const timeKey = z.iso.datetime({ offset: true });
/** A sort key of an `integer` column (price in cents, popularity). */
const intKey = z
  .number()
  .int()
  .min(-PG_INT4_MAX - 1)
  .max(PG_INT4_MAX);
/** A real-valued sort key (text rank, distance in km). */
const realKey = z.number().min(-1e30).max(1e30);

const base = { id: z.uuid(), q: userText().max(200).optional() };

/**
 * A position in a sorted list (keyset pagination): the sort it belongs to, the sort key of the
 * last ad shown and its id. `q` carries a spelling-corrected search, `phase` the part of a
 * relevance search (1: ranked window of the newest matches, 2: older matches, newest first).
 * The key's type follows the sort, so a cursor with a key of the wrong type is refused before
 * it reaches the SQL.
 */
const cursorSchema = z.union([
  z.object({
    ...base,
    s: z.enum(['newest', 'mine', 'following']),
    k: timeKey,
    phase: z.undefined().optional(),
  }),
  z.object({
    ...base,
    s: z.enum(['price-asc', 'price-desc', 'popular']),
    k: intKey,
    phase: z.undefined().optional(),
  }),
  z.object({ ...base, s: z.literal('distance'), k: realKey, phase: z.undefined().optional() }),
  z.object({ ...base, s: z.literal('relevance'), k: realKey, phase: z.literal(1) }),
  z.object({ ...base, s: z.literal('relevance'), k: timeKey, phase: z.literal(2) }),
]);
/** A decoded cursor; `decodeCursor` has checked that `k` has the type its sort needs. */
export interface Cursor {
  s: string;
  k: string | number;
  id: string;
  q?: string;
  phase?: 1 | 2;
}

/** The opaque `next_cursor` text: base64url of the JSON. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

/**
 * Reads a cursor of a previous answer.
 * @param sort the sort of the current request; a cursor of another sort is refused
 * @throws AppError validation (422) 'Ungültiger Cursor'
 */
export function decodeCursor(text: string, sort: string): Cursor {
  let parsed: Cursor;
  try {
    parsed = cursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('validation', "Parameter 'cursor': Ungültiger Cursor. Bitte lade die Liste neu.");
  }
  if (parsed.s !== sort) {
    throw new AppError('validation', "Parameter 'cursor': Der Cursor gehört zu einer anderen Sortierung.");
  }
  return parsed;
}
