/** Events of the payments module (decision 0040). */
declare module '../../realtime/event-bus.ts' {
  interface DomainEvents {
    /**
     * A Top-Anzeige or Highlight of the ad started or ended (paid, cancelled, lapsed, or its ad
     * left the public lists); every instance drops its promotion caches.
     */
    'promotion.changed': { listingId: string };
  }
}

export {};
