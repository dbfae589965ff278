import type { PromotionOption } from '@marketplace/contract';

/** Events of the payments module (decision 0040). */
declare module '../../realtime/event-bus.ts' {
  interface DomainEvents {
    /**
     * A Top-Anzeige or Highlight of the ad started or ended (paid, cancelled, lapsed, or its ad
     * left the public lists); every instance drops its promotion caches.
     */
    'promotion.changed': { listingId: string };
    /**
     * A member's order was paid (the transfer recorded by an ADMIN, or Stripe), cancelled by an
     * ADMIN, or lapsed unpaid after `TRANSFER_PAYMENT_DAYS`; its member is notified (type
     * `payment`). Amount in gross cents; `listingTitle` as ordered.
     */
    'order.changed': {
      orderId: string;
      userId: string;
      status: 'paid' | 'cancelled' | 'lapsed';
      option: PromotionOption;
      listingTitle: string;
      grossCents: number;
    };
  }
}
