/**
 * How a cache answered a read: `hit` a fresh entry, `stale` an aged entry while one refresh runs,
 * `shared` a computation another read had started, `miss` a new computation.
 */
export type CacheResult = 'hit' | 'stale' | 'shared' | 'miss';

/** How lru-cache's `fetch` answered (`status.fetch`), as the catalogue counts it. */
const FETCH_RESULTS: Partial<Record<string, CacheResult>> = {
  hit: 'hit',
  stale: 'stale',
  inflight: 'shared',
  miss: 'miss',
  refresh: 'miss',
};

/**
 * Counts one read in `counts` by how lru-cache's `fetch` answered it (`status.fetch`, set before
 * the answer settles); nothing without counts or for an answer that is no fetch.
 * @param agedAnswered whether the cache answers an aged entry while it refreshes (`allowStale`);
 *   without it an aged entry is read again, a miss
 */
export function countFetch(
  counts: CacheCounts | undefined,
  fetched: string | undefined,
  agedAnswered = true,
): void {
  const result = fetched === 'stale' && !agedAnswered ? 'miss' : FETCH_RESULTS[fetched ?? ''];
  if (counts && result) counts[result] += 1;
}

/** The reads of one cache by how they were answered (counts since the start). */
export type CacheCounts = Record<CacheResult, number>;

/**
 * The caches of one app by name, with the counts of their reads: `/metrics` reports them as
 * `cache_reads_total{cache, result}` (`plugins/metrics.ts`). One per app (`app.caches`), so
 * that the apps of one process (tests) count apart.
 */
export class CacheCatalogue {
  private readonly caches = new Map<string, CacheCounts>();

  /** The counts of cache `name`, made at its first use; caches of one name count together. */
  counts(name: string): CacheCounts {
    let counts = this.caches.get(name);
    if (!counts) {
      counts = { hit: 0, stale: 0, shared: 0, miss: 0 };
      this.caches.set(name, counts);
    }
    return counts;
  }

  /** Every cache with its counts, by name. */
  entries(): IterableIterator<[string, CacheCounts]> {
    return this.caches.entries();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The caches of this app and the counts of their reads (`lib/cache-catalogue.ts`). */
    caches: CacheCatalogue;
  }
}
