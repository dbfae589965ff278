import { LRUCache } from 'lru-cache';
import { type CacheCounts, countFetch } from '../../lib/cache-catalogue.ts';

/**
 * How long an instance answers a viewer's view marks from memory before it reads them again
 * (ms). Bounds only views whose `story.viewed` event this instance never received
 * (docs/decisions/0013-story-feed-summary.md, "View marks").
 */
export const VIEW_MARKS_CACHE_MS = 5_000;

/** Most viewers kept; beyond it the least recently used make room. */
export const VIEW_MARKS_MAX_VIEWERS = 5_000;

/** A viewer's marks: stories seen, and stories that ended early (without an event). */
export interface ViewMarks {
  seen: ReadonlySet<string>;
  gone: ReadonlySet<string>;
}

/**
 * The view marks of the viewers who asked for the feed in the last
 * {@link VIEW_MARKS_CACHE_MS}, per instance, so a viewer's feed costs no query while the marks
 * are fresh (docs/decisions/0013, "View marks"). A viewer's entry is dropped on every instance
 * by the viewer's own `story.viewed`; a read under way when such a drop happens is not kept.
 */
export class ViewMarksCache {
  /**
   * Marks by viewer. Concurrent reads of one viewer share one query; a read under way when the
   * viewer's marks are dropped is answered to its callers but not kept (`ignoreFetchAbort`:
   * lru-cache keeps a fetch's result only while its entry is still the one that started it).
   */
  private readonly entries: LRUCache<string, ViewMarks, () => Promise<ViewMarks>>;

  private readonly counts: CacheCounts | undefined;

  /** @param counts where its reads are counted (`app.caches.counts(name)`), for `/metrics` */
  constructor(ttlMs = VIEW_MARKS_CACHE_MS, maxViewers = VIEW_MARKS_MAX_VIEWERS, counts?: CacheCounts) {
    this.counts = counts;
    this.entries = new LRUCache<string, ViewMarks, () => Promise<ViewMarks>>({
      max: maxViewers,
      ttl: ttlMs,
      ignoreFetchAbort: true,
      fetchMethod: (_viewerId, _aged, { context }) => context(),
    });
  }

  /**
   * The viewer's marks, from memory while fresh, else from `read` (kept for next time).
   * @param read reads the marks from the database
   * @throws what `read` throws (nothing is kept then)
   */
  async get(viewerId: string, read: () => Promise<ViewMarks>): Promise<ViewMarks> {
    const status: LRUCache.Status<string, ViewMarks> = {};
    const answer = this.entries.fetch(viewerId, { context: read, status });
    // Aged marks are read again before they are answered.
    countFetch(this.counts, status.fetch, false);
    const marks = await answer;
    // fetch answers undefined only for an aborted fetch, which `ignoreFetchAbort` never lets happen.
    if (!marks) throw new Error('the view marks were not read');
    return marks;
  }

  /** Drops the viewer's marks (after a view of theirs). */
  forget(viewerId: string): void {
    this.entries.delete(viewerId);
  }

  /** Drops every viewer's marks (a story ended early; the connection to the others came back). */
  clear(): void {
    this.entries.clear();
  }
}
