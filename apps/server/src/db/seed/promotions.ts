import { randomUUID } from 'node:crypto';
import { PROMOTION_DAYS, type PromotionOption } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { amountsOf } from '../../modules/payments/index.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { type Database, selectRows } from '../client.ts';
import { paymentOrders, paymentPromotions } from '../schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many demo ads get a Top-Anzeige and a Highlight. */
const DEMO_TOPS = 4;
const DEMO_HIGHLIGHTS = 6;

const adRow = z.object({
  id: z.string(),
  sellerId: z.string(),
  title: z.string(),
  categoryId: z.number(),
  rootCategoryId: z.number(),
});

/**
 * Demo promotions (decision 0040), so a first start shows Top-Anzeigen above the category lists
 * and highlighted ads: while none runs, a few of the newest public ads get a paid Top-Anzeige or
 * Highlight of 7 days (orders marked paid, without invoices: the demo has no operator data).
 * Every start with demo data tops them up.
 */
export async function seedDemoPromotions(deps: { db: Database; events: EventBus; log: FastifyBaseLogger }) {
  const [running] = await selectRows(
    deps.db,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from payment_promotions where ends_at > now()`,
  );
  if ((running?.n ?? 0) > 0) return;
  const ads = await selectRows(
    deps.db,
    adRow,
    sql`select distinct on (l.category_id) l.id, l.seller_id as "sellerId", l.title,
               l.category_id as "categoryId", l.root_category_id as "rootCategoryId"
        from listings l where l.status = 'active' and l.expires_at > now()
        order by l.category_id, l.created_at desc limit ${DEMO_TOPS + DEMO_HIGHLIGHTS}`,
  );
  if (ads.length === 0) return;
  const now = Date.now();
  await deps.events.transaction(deps.db, async (tx, emit) => {
    for (const [index, ad] of ads.entries()) {
      const option: PromotionOption = index < DEMO_TOPS ? 'top' : 'highlight';
      const [order] = await tx
        .insert(paymentOrders)
        .values({
          reference: `MP-D${randomUUID().slice(0, 7).toUpperCase()}`,
          userId: ad.sellerId,
          listingId: ad.id,
          listingTitle: ad.title,
          option,
          method: 'invoice',
          status: 'paid',
          ...amountsOf(option),
          billingName: 'Demo-Mitglied',
          billingStreet: 'Musterstraße 1',
          billingPostalCode: '10115',
          billingCity: 'Berlin',
          paidAt: new Date(now),
        })
        .returning({ id: paymentOrders.id });
      if (!order) continue;
      await tx.insert(paymentPromotions).values({
        orderId: order.id,
        listingId: ad.id,
        kind: option === 'top' ? 'top' : 'highlight',
        categoryId: ad.categoryId,
        rootCategoryId: ad.rootCategoryId,
        startsAt: new Date(now),
        endsAt: new Date(now + PROMOTION_DAYS * DAY_MS),
      });
      emit('promotion.changed', { listingId: ad.id });
    }
  });
  deps.log.info({ promotions: ads.length }, 'demo promotions added');
}
