import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';

/**
 * A position in a sorted list (keyset pagination): the sort it belongs to, the sort key of the
 * last ad shown and its id. `q` carries a spelling-corrected search, `phase` the part of a
 * relevance search (1: ranked window of the newest matches, 2: older matches, newest first).
 */
const cursorSchema = z.object({
  s: z.string().max(20),
  k: z.union([z.string().max(40), z.number()]),
  id: z.uuid(),
  q: z.string().max(200).optional(),
  phase: z.union([z.literal(1), z.literal(2)]).optional(),
});
export type Cursor = z.infer<typeof cursorSchema>;

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
