import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { CountCachePerDatabase } from './stats.ts';

/**
 * Answers that are the same for every visitor who sends no token (the home feed, category
 * pages, searches, an ad page) are kept this long as finished JSON, and until the next write
 * of an ad in this process. Under load one query and one serialization then serve every
 * request of that second; other instances' writes show after at most this long.
 */
export const PUBLIC_ANSWER_MS = 1000;
/**
 * Distinct answers kept per database (the map starts over when it is full): at most about
 * 50 MB, as an answer holds at most 100 ads of about 1 kB.
 */
const MAX_ANSWERS = 500;

let enabled = true;
const answers = new CountCachePerDatabase<string>(PUBLIC_ANSWER_MS, MAX_ANSWERS);

/** Turns the cache of public answers off or on (the bench times the queries with it off). */
export function setPublicAnswerCache(on: boolean): void {
  enabled = on;
}

/**
 * The answer for `key` as JSON text: from the cache when a fresh one is there, else from
 * `compute`, encoded with the route's response `schema` (exactly what Fastify's serializer
 * would send) and kept for `PUBLIC_ANSWER_MS`. Concurrent misses share one computation.
 * Errors of `compute` (AppError 404, 422, ...) reach the caller and are not cached.
 * @param key what makes the answer unique (route and normalised query), never a member's data
 * @param fresh computes the answer even when a fresh one is cached, and caches the new one
 */
export function publicAnswer<S extends z.ZodType>(
  db: Database,
  schema: S,
  key: string,
  compute: () => Promise<z.output<S>>,
  fresh = false,
): Promise<string> {
  const serialize = async () => JSON.stringify(schema.encode(await compute()));
  if (!enabled) return serialize();
  return fresh ? answers.of(db).put(key, serialize) : answers.of(db).get(key, serialize);
}

/** Sends `publicAnswer(...)` as the JSON body of `reply`. */
export async function sendPublicAnswer<S extends z.ZodType>(
  reply: FastifyReply,
  db: Database,
  schema: S,
  key: string,
  compute: () => Promise<z.output<S>>,
  fresh = false,
): Promise<FastifyReply> {
  const body = await publicAnswer(db, schema, key, compute, fresh);
  return reply.type('application/json; charset=utf-8').send(body);
}

/** A cache key of a query object: its entries sorted by name, `t` (a client's cache buster) left out. */
export function queryKey(route: string, query: Record<string, unknown>): string {
  const entries = Object.entries(query)
    .filter(([name, value]) => name !== 't' && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `${route}|${JSON.stringify(entries)}`;
}
