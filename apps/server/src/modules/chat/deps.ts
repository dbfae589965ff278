import type { ListingStatus, PriceType } from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { Actor } from '../users/index.ts';
import type { ScamCheckOptions } from './scam-signals.ts';

/** An ad as the chat needs it, from the listings module. `status` is the effective one (`expired` derived). */
export interface ChatListingInfo {
  id: string;
  sellerId: string;
  title: string;
  /** Same-origin image URLs, cover first. */
  images: string[];
  priceCents: number;
  priceType: PriceType;
  status: ListingStatus;
}

/** What the chat asks of the listings module (its door), so this module never reads ads' tables. */
export interface ChatListingSource {
  /** Ads by id; unknown ids are left out. */
  find(db: Database, ids: readonly string[]): Promise<Map<string, ChatListingInfo>>;
  /**
   * Marks an ad reserved by its seller, through the listings module's own status change (which
   * announces it to the other modules). @returns whether the ad is reserved afterwards
   */
  reserve(actor: Actor, listingId: string): Promise<boolean>;
}

/** What the chat service needs from the running application. */
export interface ChatDeps {
  db: Database;
  events: EventBus;
  listings: ChatListingSource;
  /** What the scam shield needs to know of this site (its own host names, from PUBLIC_URL). */
  scamCheck: ScamCheckOptions;
}
