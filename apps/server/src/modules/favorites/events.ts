export {};

/** Events of the favourites module, published after the change has committed. */
declare module '../../realtime/event-bus.ts' {
  interface DomainEvents {
    /** `userId` saved the ad; `favoritesCount` is the ad's count after it. */
    'favorite.added': { userId: string; listingId: string; sellerId: string; favoritesCount: number };
    'favorite.removed': { userId: string; listingId: string; sellerId: string; favoritesCount: number };
  }
}
