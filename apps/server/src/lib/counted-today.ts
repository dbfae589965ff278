import { LRUCache } from 'lru-cache';

/** The most visits kept per instance; the least recently seen go first. */
export const MAX_COUNTED_TODAY = 100_000;

/**
 * The visits (a viewer and what they looked at: an ad, a thread) an instance has already counted
 * today, so a repeated visit needs no write; the database would ignore it anyway, as it counts
 * each viewer once a day. Starts over with each new day the caller names and keeps the {@link MAX_COUNTED_TODAY} seen
 * last (`lru-cache`): forgetting one costs only a write the database ignores.
 */
export class CountedToday {
  private day = '';
  private readonly visits = new LRUCache<string, true>({ max: MAX_COUNTED_TODAY });

  /**
   * Whether `visit` was counted today (a new `day` starts over).
   * @param day the caller's day of counting, 'YYYY-MM-DD'
   */
  has(visit: string, day: string): boolean {
    if (day !== this.day) {
      this.day = day;
      this.visits.clear();
    }
    return this.visits.has(visit);
  }

  /** Remembers that `visit` was counted today. */
  add(visit: string): void {
    this.visits.set(visit, true);
  }

  /** Forgets `visit` again (it was not counted after all). */
  forget(visit: string): void {
    this.visits.delete(visit);
  }
}
