import type { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import type { CountCache } from '../../lib/count-cache.ts';
import type { CountedToday } from '../../lib/counted-today.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { CategoryTree } from '../categories/index.ts';
import type { MemberCards } from '../users/index.ts';
import type { RankedMember } from './entities.ts';
import type { SearchIndex } from './search-index.ts';
import type { SellerShops } from './seller-shops.ts';

/**
 * What the listings module's use cases receive from the running application: the parts and
 * caches the listings plugin builds and owns (docs/decisions/0006-module-doors.md point 1).
 */

/** What listing reads need from the running application. */
export interface ListingReadDeps {
  db: Database;
  /** The index text searches use (`search-index.ts`); without it `gin`. */
  searchIndex?: SearchIndex;
  /**
   * Whether statements run side by side (a PostgreSQL pool), so a search may read its page while
   * it counts (`search.ts`); PGlite answers one statement at a time.
   */
  concurrentReads?: boolean;
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
  /** The shops sellers publish as, for the ad page's seller card; without it no ad names a shop. */
  sellerShops?: SellerShops;
}

/** What the listings service needs from the running application (built by the listings plugin). */
export interface ListingDeps extends ListingReadDeps {
  storage: MediaStorage;
  /** Key of the HMAC that turns a visitor's address into a pseudonym. */
  viewSecret: string;
  /** Where the service announces its changes, after they have committed. */
  events: EventBus;
  /** Visits this instance has already counted today. */
  countedViews: CountedToday;
  /**
   * Addresses (pseudonyms) whose daily view cap is spent, with the end of their window in ms
   * since the epoch: until then this instance counts none of their views and writes nothing.
   */
  cappedAddresses: LRUCache<string, number>;
  /** The users door's member cards (`app.memberCards`), for the directory's members. */
  cards: MemberCards;
}
