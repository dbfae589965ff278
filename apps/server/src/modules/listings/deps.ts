import type { Database } from '../../db/client.ts';
import type { CountCache } from '../../lib/count-cache.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { CategoryTree } from '../categories/index.ts';
import type { MemberCards } from '../users/index.ts';
import type { RankedMember } from './entities.ts';

/**
 * What the listings module's use cases receive from the running application: the parts and
 * caches the listings plugin builds and owns (docs/decisions/0006-module-doors.md point 1).
 */

/** What listing reads need from the running application. */
export interface ListingReadDeps {
  db: Database;
  categories: CategoryTree;
  /**
   * Cache of `total` per filter and search text, owned by the listings plugin (fresh for
   * `TOTAL_CACHE_MS` and until an ad changes); without it every list counts afresh.
   */
  totals?: CountCache<number>;
  /** Recent spelling corrections by query, owned by the listings plugin. */
  corrections?: CountCache<string | null>;
  /** Recent compound words by search word, owned by the listings plugin. */
  compounds?: CountCache<string[]>;
  /** The directory's rankings per kind (`entities.ts`), owned by the listings plugin. */
  entityRankings?: CountCache<RankedMember[]>;
}

/** What the listings service needs from the running application (built by the listings plugin). */
export interface ListingDeps extends ListingReadDeps {
  storage: MediaStorage;
  /** Key of the HMAC that turns a visitor's address into a pseudonym. */
  viewSecret: string;
  /** Where the service announces its changes, after they have committed. */
  events: EventBus;
  /** Visits this instance has already counted today. */
  countedViews: CountedViews;
  /** The users door's member cards (`app.memberCards`), for the directory's members. */
  cards: MemberCards;
}

/**
 * Visits (visitor and ad) an instance has already counted today, so a repeated visit needs no
 * write (the database would ignore it anyway). Owned by the listings plugin; it starts over
 * each UTC day and when it holds `MAX_COUNTED_VIEWS` visits.
 */
export class CountedViews {
  private day = '';
  private visits = new Set<string>();

  /** Whether `visit` was counted today (also starts a new day). */
  has(visit: string, day: string): boolean {
    if (day !== this.day) {
      this.day = day;
      this.visits = new Set();
    }
    return this.visits.has(visit);
  }

  /** Remembers that `visit` (visitor and ad, see `countView`) was counted today. */
  add(visit: string): void {
    if (this.visits.size >= MAX_COUNTED_VIEWS) this.visits.clear();
    this.visits.add(visit);
  }
}
/** The set of counted visits starts over when it holds this many (the database still dedupes). */
const MAX_COUNTED_VIEWS = 100_000;
