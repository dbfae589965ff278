import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { CacheCounts } from './cache-catalogue.ts';
import { CountCache } from './count-cache.ts';

/**
 * Answers that are the same for every visitor who sends no token (the home feed, category
 * pages, searches, an ad page) are kept this long as finished JSON (ms), and until the module
 * that owns them invalidates them after a change has committed (docs/decisions/0006-module-doors.md).
 * Under load one query and one serialization then serve every request of that second.
 */
export const PUBLIC_ANSWER_MS = 1000;
/**
 * Distinct answers kept per cache (beyond it the least recently used goes): at most about
 * 50 MB, as an answer holds at most 100 ads of about 1 kB.
 */
export const MAX_PUBLIC_ANSWERS = 500;

/**
 * A cache of public answers as JSON text, owned by one module's plugin. Only answers for
 * anonymous visitors go in: their permissions (`can`) are all false and no member's data
 * is in them.
 */
export class PublicAnswerCache {
  private readonly answers: CountCache<string>;

  /** @param enabled false computes every answer (the bench times the queries that way) */
  private readonly enabled: boolean;

  /**
   * @param counts where its reads are counted (`app.caches.counts(name)`), for `/metrics`
   * @param limits how long an answer is fresh (ms, {@link PUBLIC_ANSWER_MS} by default) and how
   *   many are kept ({@link MAX_PUBLIC_ANSWERS} by default)
   */
  constructor(enabled = true, counts?: CacheCounts, limits: { ttlMs?: number; maxEntries?: number } = {}) {
    this.enabled = enabled;
    this.answers = new CountCache<string>(
      limits.ttlMs ?? PUBLIC_ANSWER_MS,
      limits.maxEntries ?? MAX_PUBLIC_ANSWERS,
      counts,
    );
  }

  /**
   * The answer for `key` as JSON text: from the cache when a fresh one is there, else from
   * `compute`, encoded with the route's response `schema` (exactly what Fastify's serializer
   * would send) and kept for `PUBLIC_ANSWER_MS`. Concurrent misses share one computation.
   * Errors of `compute` (AppError 404, 422, ...) reach the caller and are not cached.
   * @param key what makes the answer unique (route and normalised query), never a member's data
   * @param fresh computes the answer even when a fresh one is cached, and caches the new one
   */
  answer<S extends z.ZodType>(
    schema: S,
    key: string,
    compute: () => Promise<z.output<S>>,
    fresh = false,
  ): Promise<string> {
    const serialize = async () => JSON.stringify(schema.encode(await compute()));
    if (!this.enabled) return serialize();
    return fresh ? this.answers.put(key, serialize) : this.answers.get(key, serialize);
  }

  /** Sends `answer(...)` as the JSON body of `reply`. */
  async send<S extends z.ZodType>(
    reply: FastifyReply,
    schema: S,
    key: string,
    compute: () => Promise<z.output<S>>,
    fresh = false,
  ): Promise<FastifyReply> {
    const body = await this.answer(schema, key, compute, fresh);
    return reply.type('application/json; charset=utf-8').send(body);
  }

  /** Forgets every answer (a change that may show in any list). */
  invalidate(): void {
    this.answers.invalidate();
  }

  /** Forgets the answer of `key` (a change that shows in one answer only). */
  forget(key: string): void {
    this.answers.forget(key);
  }
}

/** A cache key of a query object: its entries sorted by name, `t` (a client's cache buster) left out. */
export function queryKey(route: string, query: Record<string, unknown>): string {
  const entries = Object.entries(query)
    .filter(([name, value]) => name !== 't' && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `${route}|${JSON.stringify(entries)}`;
}
