/**
 * A small cache of computed values (counts, pages, answers): an entry is fresh for `ttlMs` and
 * until its owner calls `invalidate` or `forget` (the owning module does so when a domain event
 * says the data changed, after the commit: docs/decisions/0006-module-doors.md). Concurrent
 * misses of one key share one computation; an entry that merely aged is still answered while
 * one refresh runs, so an expiring entry under load never makes every waiting request stall on
 * the same query. A computation that was running when its entry was invalidated is never
 * stored: it may have read the data before the change.
 */
export class CountCache<T> {
  private entries = new Map<string, { value: Promise<T>; at: number; refreshing: boolean }>();

  /**
   * @param ttlMs how long an entry is fresh (ms)
   * @param maxEntries the map starts over when it holds this many
   */
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(ttlMs: number, maxEntries = 500) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  /** The value of `key`: cached while fresh, else from `compute` (shared by concurrent callers). */
  get(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) {
      if (Date.now() - hit.at < this.ttlMs) return hit.value;
      if (!hit.refreshing) {
        hit.refreshing = true;
        this.store(key, compute(), hit.value);
      }
      return hit.value;
    }
    return this.store(key, compute());
  }

  /** Replaces the entry of `key` with a new computation (fresh from now). */
  put(key: string, compute: () => Promise<T>): Promise<T> {
    return this.store(key, compute());
  }

  /** Forgets every entry (and the computations still running for them). */
  invalidate(): void {
    this.entries = new Map();
  }

  /** Forgets the entry of `key`. */
  forget(key: string): void {
    this.entries.delete(key);
  }

  /** Stores a computation; when it fails the previous value (if any) stays, else the key goes. */
  private store(key: string, value: Promise<T>, previous?: Promise<T>): Promise<T> {
    if (this.entries.size >= this.maxEntries) this.entries = new Map();
    const entries = this.entries;
    const entry = { value: previous ?? value, at: previous ? 0 : Date.now(), refreshing: !!previous };
    entries.set(key, entry);
    value.then(
      () => {
        if (entries.get(key) === entry) Object.assign(entry, { value, at: Date.now(), refreshing: false });
      },
      () => {
        if (entries.get(key) !== entry) return;
        if (previous) entry.refreshing = false;
        else entries.delete(key);
      },
    );
    return value;
  }
}
