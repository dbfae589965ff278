/**
 * How long an instance answers a viewer's view marks from memory before it reads them again
 * (ms). Bounds only views whose `story.viewed` event this instance never received
 * (docs/decisions/0013-story-feed-summary.md, "View marks").
 */
export const VIEW_MARKS_CACHE_MS = 5_000;

/** Most viewers kept; beyond it the oldest entries make room. */
export const VIEW_MARKS_MAX_VIEWERS = 5_000;

/** A viewer's marks: stories seen, and stories that ended early (without an event). */
export interface ViewMarks {
  seen: ReadonlySet<string>;
  gone: ReadonlySet<string>;
}

interface Entry {
  marks: ViewMarks;
  /** `Date.now()` after which the entry is read again (ms). */
  until: number;
}

/**
 * The view marks of the viewers who asked for the feed in the last
 * {@link VIEW_MARKS_CACHE_MS}, per instance, so a viewer's feed costs no query while the marks
 * are fresh (docs/decisions/0013, "View marks"). A viewer's entry is dropped on every instance
 * by the viewer's own `story.viewed`; a read under way when such a drop happens is not kept.
 */
export class ViewMarksCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts drops; a read that started before one is not stored. */
  private generation = 0;

  private readonly ttlMs: number;
  private readonly maxViewers: number;

  constructor(ttlMs = VIEW_MARKS_CACHE_MS, maxViewers = VIEW_MARKS_MAX_VIEWERS) {
    this.ttlMs = ttlMs;
    this.maxViewers = maxViewers;
  }

  /**
   * The viewer's marks, from memory while fresh, else from `read` (kept for next time).
   * @param read reads the marks from the database
   */
  async get(viewerId: string, read: () => Promise<ViewMarks>): Promise<ViewMarks> {
    const entry = this.entries.get(viewerId);
    if (entry && entry.until > Date.now()) return entry.marks;
    const generation = this.generation;
    const marks = await read();
    if (generation === this.generation) {
      this.entries.delete(viewerId);
      if (this.entries.size >= this.maxViewers) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(viewerId, { marks, until: Date.now() + this.ttlMs });
    }
    return marks;
  }

  /** Drops the viewer's marks (after a view of theirs). */
  forget(viewerId: string): void {
    this.generation++;
    this.entries.delete(viewerId);
  }

  /** Drops every viewer's marks (a story ended early; the connection to the others came back). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
