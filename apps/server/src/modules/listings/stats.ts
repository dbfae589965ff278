import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../db/client.ts';

/**
 * Version of the ads' contents in this process, raised by every write of the listings
 * service; cached counts older than the current version are recomputed.
 */
let version = 0;

/** Marks cached counts stale after an ad was created, changed or deleted in this process. */
export function bumpListingsVersion(): void {
  version++;
}

/**
 * A small cache of counts and pages: an entry is fresh for `ttlMs` and until the next write in
 * this process. Other instances' writes show after at most `ttlMs` (counts are approximate by
 * design). Concurrent misses of one key share one computation; an entry that merely aged is
 * still answered while one refresh runs, so an expiring entry under load never makes every
 * waiting request stall on the same query. After a local write the new value is awaited.
 */
export class CountCache<T> {
  private readonly entries = new Map<
    string,
    { value: Promise<T>; at: number; version: number; refreshing: boolean }
  >();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
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

  /** Stores a computation; when it fails the previous value (if any) stays, else the key goes. */
  private store(key: string, value: Promise<T>, previous?: Promise<T>): Promise<T> {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const entry = {
      value: previous ?? value,
      at: previous ? 0 : Date.now(),
      version,
      refreshing: !!previous,
    };
    this.entries.set(key, entry);
    value.then(
      () => {
        if (this.entries.get(key) === entry) {
          Object.assign(entry, { value, at: Date.now(), refreshing: false });
        }
      },
      () => {
        if (this.entries.get(key) !== entry) return;
        if (previous) entry.refreshing = false;
        else this.entries.delete(key);
      },
    );
    return value;
  }
}

/** One `CountCache` per database (tests and the bench open several in one process). */
export class CountCachePerDatabase<T> {
  private readonly caches = new WeakMap<Database, CountCache<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries?: number,
  ) {}

  /** The cache of `db`, created on first use. */
  of(db: Database): CountCache<T> {
    let cache = this.caches.get(db);
    if (!cache) {
      cache = new CountCache<T>(this.ttlMs, this.maxEntries);
      this.caches.set(db, cache);
    }
    return cache;
  }
}

/** Active, unexpired ads of a member (public profile, seller card). */
export async function countActiveListings(db: Database, sellerId: string): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from listings
        where seller_id = ${sellerId}::uuid and status = 'active' and expires_at > now()`,
  );
  return row?.n ?? 0;
}

const categoryCounts = new CountCachePerDatabase<Map<number, number>>(60_000, 1);

/**
 * Active, unexpired ads per category id (`GET /api/categories/all` fills `listing_count` from
 * it). One grouped scan, cached for a minute or until the next write in this process.
 */
export function activeListingsByCategory(db: Database): Promise<Map<number, number>> {
  return categoryCounts.of(db).get('all', async () => {
    const rows = await selectRows<{ category_id: number; n: number }>(
      db,
      sql`select category_id, count(*)::int as n from listings
          where status = 'active' and expires_at > now() group by category_id`,
    );
    return new Map(rows.map((row) => [row.category_id, row.n]));
  });
}
