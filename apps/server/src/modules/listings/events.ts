import type { ListingStatus, ViewSource } from '@marketplace/contract';

/** Events of the listings module, published after the change has committed. */
declare module '../../realtime/event-bus.ts' {
  interface DomainEvents {
    'listing.created': { listingId: string; sellerId: string; title: string };
    'listing.updated': { listingId: string; sellerId: string };
    'listing.status_changed': {
      listingId: string;
      sellerId: string;
      status: ListingStatus;
      previousStatus: ListingStatus;
    };
    'listing.deleted': { listingId: string; sellerId: string };
    /** A member reported an ad; the reporter gets a confirmation (DSA Art. 16). */
    'listing.reported': { listingId: string; reporterId: string; title: string };
    /**
     * A view was counted; `views` is the ad's total after it, `source` where the visitor came
     * from and `day` the Europe/Berlin day it was counted for, `YYYY-MM-DD` (the seller analytics
     * count it on that day; both absent in jobs recorded before they existed).
     */
    'listing.viewed': {
      listingId: string;
      sellerId: string;
      views: number;
      source?: ViewSource;
      day?: string;
    };
  }
}
