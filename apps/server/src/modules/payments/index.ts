import type { PromotionLabels } from '@marketplace/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OperatorConfig } from '../../config.ts';
import { CountCache } from '../../lib/count-cache.ts';
import { lapseUnpaidOrders } from './orders.ts';
import { endPromotionsOfGoneAds, type PromotionDeps } from './promotions.ts';
import type { PaymentDeps } from './reading.ts';
import paymentRoutes from './routes.ts';
import { stripeCheckout } from './stripe.ts';
import './events.ts';

/** The EPC QR payload of a transfer (the GiroCode on invoices and /payments). */
export { epcPayload } from './girocode.ts';
/** The daily lapse of transfer orders unpaid for 14 days (run by the job; tests call it). */
export { lapseUnpaidOrders } from './orders.ts';
export { amountsOf } from './pricing.ts';

/** When unpaid transfer orders lapse and promotions of gone ads end: daily at 03:15 UTC. */
const DAILY_CRON = '15 3 * * *';
/** How long the slots and labels are cached (ms); every change of a promotion drops them. */
const PROMOTION_CACHE_MS = 15_000;

/** Options of the payments plugin: the operator's data for invoices and transfers. */
export interface PaymentsOptions {
  operator: OperatorConfig;
  /** `STRIPE_*`: Stripe Checkout as a second payment method; unset, none. */
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  /** The site's address, where Stripe Checkout returns to. */
  publicUrl: string;
}

/**
 * The payments module's only door (ARCHITECTURE.md "modules", docs/decisions/0006-module-doors.md,
 * decision 0040): paid promotions of an own ad (Hochschieben, Top-Anzeige, Highlight), their
 * orders, invoices and credit notes, the Top-Anzeigen above results lists and the labels of
 * promoted ads. Orders, invoices and credit notes stay when the member's account goes (kept
 * 10 years, tax law). A daily job lets unpaid transfers lapse after 14 days and ends the
 * promotions of ads that were sold, removed or expired.
 */
async function paymentsModule(app: FastifyInstance, options: PaymentsOptions) {
  const deps: PaymentDeps = {
    db: app.database.db,
    events: app.events,
    categories: app.categories,
    operator: options.operator,
    stripe: stripeCheckout(options.stripe, options.publicUrl),
  };
  const promotions: PromotionDeps = {
    db: app.database.db,
    events: app.events,
    categories: app.categories,
    tops: new CountCache<string[]>(PROMOTION_CACHE_MS, 500, app.caches.counts('payments.tops')),
    labels: new CountCache<PromotionLabels>(PROMOTION_CACHE_MS, 1, app.caches.counts('payments.labels')),
  };
  const promotionsChanged = () => {
    promotions.tops.invalidate();
    promotions.labels.invalidate();
  };
  const unsubscribe = [
    app.events.onEveryInstance('promotion.changed', promotionsChanged),
    // A changed ad may leave or enter a list a Top-Anzeige stands above.
    app.events.onEveryInstance('listing.updated', () => promotions.tops.invalidate()),
    app.events.onEveryInstance('listing.status_changed', promotionsChanged),
    app.events.onEveryInstance('listing.deleted', promotionsChanged),
    app.events.onEveryInstance('member.sanctioned', () => promotions.tops.invalidate()),
    app.events.onEveryInstance('member.sanction_lifted', () => promotions.tops.invalidate()),
    // A sold or removed ad's promotion ends at once (the daily job catches what this misses).
    app.events.on('listing.status_changed', async (event) => {
      if (event.status === 'sold' || event.status === 'removed')
        await endPromotionsOfGoneAds(promotions, [event.listingId]);
    }),
  ];
  app.addHook('onClose', async () => {
    for (const stop of unsubscribe) stop();
  });

  // A job once across the instances (docs/decisions/0014-job-queue.md).
  await app.jobs.every('payments.daily', DAILY_CRON, async () => {
    await lapseUnpaidOrders(deps);
    await endPromotionsOfGoneAds(promotions);
  });

  await app.register(paymentRoutes, { deps, promotions });
}

export default fp(paymentsModule, {
  name: 'payments',
  dependencies: ['database', 'events', 'auth', 'users', 'categories', 'listings', 'jobs'],
});
