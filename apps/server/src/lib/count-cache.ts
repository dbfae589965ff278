import { LRUCache } from 'lru-cache';
import { type CacheCounts, countFetch } from './cache-catalogue.ts';

/** What the cache holds per key: the value in a box, as an entry may be null. */
interface Entry<T> {
  value: T;
}

/**
 * A small cache of computed values (counts, pages, answers) on `lru-cache`: an entry is fresh for
 * `ttlMs` and until its owner calls `invalidate` or `forget` (the owning module does so when a
 * domain event says the data changed, after the commit: docs/decisions/0006-module-doors.md).
 * Concurrent misses of one key share one computation (`fetchMethod`); an entry that merely aged
 * is still answered while one refresh runs (`allowStale`), so an expiring entry under load never
 * makes every waiting request stall on the same query; a refresh that fails keeps the aged value
 * (`noDeleteOnFetchRejection`). A computation that was running when its entry was invalidated
 * is answered to those who waited for it but never stored (`ignoreFetchAbort`: lru-cache stores
 * a fetch's result only while its entry is still the one that started it): it may have read the
 * data before the change. When full, the least recently used entry goes.
 */
export class CountCache<T> {
  private readonly cache: LRUCache<string, Entry<T>, () => Promise<T>>;
  private readonly counts: CacheCounts | undefined;

  /**
   * @param ttlMs how long an entry is fresh (ms)
   * @param maxEntries the most entries kept; beyond it the least recently used goes
   * @param counts where its reads are counted (`app.caches.counts(name)`), for `/metrics`
   */
  constructor(ttlMs: number, maxEntries = 500, counts?: CacheCounts) {
    this.counts = counts;
    this.cache = new LRUCache<string, Entry<T>, () => Promise<T>>({
      max: maxEntries,
      ttl: ttlMs,
      allowStale: true,
      noDeleteOnStaleGet: true,
      noDeleteOnFetchRejection: true,
      ignoreFetchAbort: true,
      fetchMethod: async (_key, _aged, { context }) => ({ value: await context() }),
    });
  }

  /**
   * The value of `key`: cached while fresh, else from `compute` (shared by concurrent callers);
   * an aged value while its refresh runs.
   * @throws what `compute` throws when no value of `key` is kept (nothing is stored then)
   */
  async get(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.counts) return this.unbox(await this.cache.fetch(key, { context: compute }));
    const status: LRUCache.Status<string, Entry<T>> = {};
    const answer = this.cache.fetch(key, { context: compute, status });
    countFetch(this.counts, status.fetch);
    return this.unbox(await answer);
  }

  /** Replaces the entry of `key` with a new computation (fresh from now), and answers it. */
  async put(key: string, compute: () => Promise<T>): Promise<T> {
    // A computation under way may have started before the change that asks for this one.
    this.cache.delete(key);
    return this.unbox(await this.cache.fetch(key, { context: compute, allowStale: false }));
  }

  /** Forgets every entry (and the computations still running for them are not stored). */
  invalidate(): void {
    this.cache.clear();
  }

  /** Forgets the entry of `key`. */
  forget(key: string): void {
    this.cache.delete(key);
  }

  private unbox(entry: Entry<T> | undefined): T {
    // fetch answers undefined only for an aborted fetch, which `ignoreFetchAbort` never lets happen.
    if (!entry) throw new Error('the cache answered no value');
    return entry.value;
  }
}
