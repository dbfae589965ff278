import { randomInt } from 'node:crypto';
import {
  type BillingAddress,
  type Order,
  type PaymentOptions,
  PROMOTION_DAYS,
  PROMOTION_PRICES,
  PROMOTION_VAT_PERCENT,
  type PromotionOption,
  TRANSFER_PAYMENT_DAYS,
} from '@marketplace/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { OperatorConfig } from '../../config.ts';
import { type Database, selectRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Emit } from '../../realtime/event-bus.ts';
import { bumpListingInTransaction, listingCategoryIds, readListings } from '../listings/index.ts';
import type { Actor } from '../users/index.ts';
import { amountsOf } from './pricing.ts';
import {
  type PaymentInvoiceRow,
  type PaymentOrderRow,
  paymentCounters,
  paymentInvoices,
  paymentOrders,
  paymentPromotions,
} from './schema.ts';
import { createCheckoutSession, type PaidSession, type StripeCheckout } from './stripe.ts';
import './events.ts';
import { DAY_MS, ORDER_NOT_FOUND, type PaymentDeps, presentOrders } from './reading.ts';

const METHOD_NAMES = {
  invoice: 'Rechnung / Überweisung',
  stripe: 'Online bezahlen (Karte u. a., über Stripe)',
} as const;
/** Letters of an order reference: no 0/O, 1/I/L, so it is read and typed without mistakes. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * Why no invoice can be issued (§ 14 Abs. 4 UStG needs the operator's name, address and VAT id;
 * a transfer needs the IBAN), as one German sentence naming what is missing; null when nothing is.
 */
export function invoicesUnavailableReason(operator: OperatorConfig): string | null {
  const missing = [
    operator.name ? null : 'Name',
    operator.address ? null : 'Anschrift',
    operator.vatId ? null : 'USt-IdNr.',
    operator.iban ? null : 'Bankverbindung (IBAN)',
  ].filter((part): part is string => part !== null);
  if (missing.length === 0) return null;
  return `Werbeoptionen können gerade nicht gebucht werden: Ohne ${missing.join(', ')} des Betreibers darf keine Rechnung ausgestellt werden.`;
}

/** `GET /api/payments/options`: the price list and the methods that work now. */
export function paymentOptions(operator: OperatorConfig, stripe?: StripeCheckout): PaymentOptions {
  const reason = invoicesUnavailableReason(operator);
  const methods: PaymentOptions['methods'] = [{ method: 'invoice', name: METHOD_NAMES.invoice }];
  if (stripe) methods.push({ method: 'stripe', name: METHOD_NAMES.stripe });
  return {
    options: (Object.keys(PROMOTION_PRICES) as PromotionOption[]).map((option) => ({
      option,
      name: PROMOTION_PRICES[option].name,
      description: PROMOTION_PRICES[option].description,
      gross: PROMOTION_PRICES[option].grossCents / 100,
      days: PROMOTION_PRICES[option].days,
    })),
    methods: reason ? [] : methods,
    vat_percent: PROMOTION_VAT_PERCENT,
    unavailable_reason: reason,
  };
}

function newReference(): string {
  let code = 'MP-';
  for (let i = 0; i < 8; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return code;
}

/** The service line of an order's documents. */
function serviceText(order: PaymentOrderRow): string {
  const price = PROMOTION_PRICES[order.option];
  const length = price.days > 0 ? ` (${price.days} Tage)` : '';
  return `${price.name}${length} für die Anzeige „${order.listingTitle}“`;
}

/**
 * Writes the next document of `kind` for `order` inside `tx`: raises the kind's counter row
 * (its row lock orders parallel payments; a rollback takes the number back, so the sequence has
 * no gaps) and stores the invoice or credit note with everything it prints.
 * Numbers: 'RE-000001' for invoices, 'GS-000001' for credit notes.
 */
async function issueDocument(
  tx: Database,
  operator: OperatorConfig,
  order: PaymentOrderRow,
  kind: 'invoice' | 'credit_note',
  cancels: PaymentInvoiceRow | null,
): Promise<PaymentInvoiceRow> {
  if (invoicesUnavailableReason(operator))
    throw new AppError('conflict', invoicesUnavailableReason(operator) ?? '');
  const [counter] = await tx
    .insert(paymentCounters)
    .values({ kind, value: 1 })
    .onConflictDoUpdate({ target: paymentCounters.kind, set: { value: sql`${paymentCounters.value} + 1` } })
    .returning({ value: paymentCounters.value });
  const number = `${kind === 'invoice' ? 'RE' : 'GS'}-${String(counter?.value ?? 0).padStart(6, '0')}`;
  // An invoice issued at ordering (transfer) names the order's day, one issued when paid (Stripe) that day.
  const periodStart =
    cancels?.periodStart ?? (order.method === 'stripe' ? (order.paidAt ?? new Date()) : order.createdAt);
  const days = PROMOTION_PRICES[order.option].days;
  const periodEnd = cancels?.periodEnd ?? new Date(periodStart.getTime() + days * DAY_MS);
  const [row] = await tx
    .insert(paymentInvoices)
    .values({
      number,
      kind,
      orderId: order.id,
      cancelsNumber: cancels?.number ?? null,
      sellerName: operator.name ?? '',
      sellerAddress: operator.address ?? '',
      sellerVatId: operator.vatId ?? '',
      buyerName: order.billingName,
      buyerAddress: `${order.billingStreet}\n${order.billingPostalCode} ${order.billingCity}`,
      service: serviceText(order),
      periodStart,
      periodEnd,
      netCents: order.netCents,
      vatPercent: order.vatPercent,
      vatCents: order.vatCents,
      grossCents: order.grossCents,
    })
    .returning();
  if (!row) throw new AppError('internal');
  return row;
}

/**
 * `POST /api/payments/orders`: orders `option` for the actor's own ad, paid by invoice and
 * transfer. In one transaction the order is stored (pending) and its invoice issued with the
 * next number; nothing is active until an ADMIN marks the transfer received.
 * @throws AppError listing_not_found (404) for an unknown ad, listing_forbidden (403) for
 *   another member's ad (ADMINs included: only the ad's owner buys for it), conflict (409) for an
 *   ad that is not active or while the operator's invoice data are missing
 */
export async function createOrder(
  deps: PaymentDeps,
  actor: Actor,
  body: {
    listing_id: string;
    option: PromotionOption;
    method: 'invoice' | 'stripe';
    billing: BillingAddress;
  },
): Promise<Order> {
  const reason = invoicesUnavailableReason(deps.operator);
  if (reason) throw new AppError('conflict', reason);
  const stripe = deps.stripe;
  if (body.method === 'stripe' && !stripe)
    throw new AppError('validation', "Feld 'method': Diese Zahlungsart gibt es hier nicht.");
  const [listing] = await readListings(deps, [body.listing_id], actor);
  if (!listing) throw new AppError('listing_not_found');
  if (listing.seller.id !== actor.id)
    throw new AppError('listing_forbidden', 'Werbeoptionen kann nur buchen, wem die Anzeige gehört.');
  if (listing.status !== 'active')
    throw new AppError('conflict', 'Werbeoptionen gibt es nur für aktive Anzeigen.');
  const amounts = amountsOf(body.option);
  const order = await deps.events.transaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(paymentOrders)
      .values({
        reference: newReference(),
        userId: actor.id,
        listingId: listing.id,
        listingTitle: listing.title,
        option: body.option,
        method: body.method,
        ...amounts,
        billingName: body.billing.name,
        billingStreet: body.billing.street,
        billingPostalCode: body.billing.postal_code,
        billingCity: body.billing.city,
      })
      .returning();
    if (!row) throw new AppError('internal');
    // Transfer: the invoice is what the buyer pays by. Stripe: issued when paid.
    if (row.method === 'invoice') await issueDocument(tx, deps.operator, row, 'invoice', null);
    return row;
  });
  let checkoutUrl: string | null = null;
  if (order.method === 'stripe' && stripe) {
    try {
      const session = await createCheckoutSession(stripe, order, PROMOTION_PRICES[order.option].name);
      await deps.db
        .update(paymentOrders)
        .set({ stripeSessionId: session.id })
        .where(eq(paymentOrders.id, order.id));
      checkoutUrl = session.url;
    } catch (error) {
      // No payment page, no order: it has no document yet, so it goes without a trace.
      await deps.db.delete(paymentOrders).where(eq(paymentOrders.id, order.id));
      if (error instanceof AppError) throw error;
      throw new AppError(
        'unavailable',
        'Die Zahlung mit Stripe ist gerade nicht möglich. Bitte versuche es später erneut.',
      );
    }
  }
  const [presented] = await presentOrders(deps, [order]);
  if (!presented) throw new AppError('internal');
  return { ...presented, checkout_url: checkoutUrl };
}

/**
 * Activates a paid order in the paying transaction `tx`: a Top-Anzeige or Highlight runs 7 days
 * from now (its promotion row, with the ad's category for the slots' index range), Hochschieben
 * moves the ad up once. Announces `promotion.changed` so every instance's caches drop the slots.
 */
async function activate(tx: Database, emit: Emit, order: PaymentOrderRow): Promise<void> {
  if (!order.listingId) return;
  if (order.option === 'bump') {
    await bumpListingInTransaction(tx, emit, order.listingId);
  } else {
    const categories = await listingCategoryIds(tx, order.listingId);
    if (!categories) return;
    const now = Date.now();
    await tx
      .insert(paymentPromotions)
      .values({
        orderId: order.id,
        listingId: order.listingId,
        kind: order.option,
        categoryId: categories.categoryId,
        rootCategoryId: categories.rootCategoryId,
        startsAt: new Date(now),
        endsAt: new Date(now + PROMOTION_DAYS * DAY_MS),
      })
      .onConflictDoNothing();
  }
  emit('promotion.changed', { listingId: order.listingId });
}

/**
 * `POST /api/admin/payments/orders/{id}/paid`: an ADMIN records the transfer as received. The
 * order turns paid and is activated in one transaction, exactly once: the status change is a
 * conditional update (pending → paid), so of any number of parallel or repeated calls one
 * activates and the others find it paid and change nothing.
 * @throws AppError not_found (404), conflict (409) for a cancelled or lapsed order
 */
export async function markPaid(deps: PaymentDeps, orderId: string): Promise<Order> {
  const order = await deps.events.transaction(deps.db, async (tx, emit) => {
    const [paid] = await tx
      .update(paymentOrders)
      .set({ status: 'paid', paidAt: sql`now()` })
      .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.status, 'pending')))
      .returning();
    if (paid) {
      const [invoice] = await tx
        .select({ id: paymentInvoices.id })
        .from(paymentInvoices)
        .where(and(eq(paymentInvoices.orderId, paid.id), eq(paymentInvoices.kind, 'invoice')));
      if (!invoice) await issueDocument(tx, deps.operator, paid, 'invoice', null);
      await activate(tx, emit, paid);
      emitOrderChanged(emit, paid);
      return paid;
    }
    const [current] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
    if (!current) throw new AppError('not_found', ORDER_NOT_FOUND);
    if (current.status !== 'paid')
      throw new AppError(
        'conflict',
        'Diese Bestellung ist storniert oder verfallen und kann nicht mehr bezahlt werden.',
      );
    return current;
  });
  const [presented] = await presentOrders(deps, [order]);
  if (!presented) throw new AppError('internal');
  return presented;
}

/**
 * `POST /api/payments/stripe/webhook` after its signature was verified: the order of a paid
 * Checkout Session turns paid in one transaction with its invoice (the next number) and its
 * activation, exactly once however often Stripe delivers the event (`markPaid`'s conditional
 * update). A session of no order, of another amount or currency, or of a cancelled order changes
 * nothing (logged by the caller through the returned reason).
 * @returns null when the order was activated now or before, else why nothing changed
 */
export async function payStripeSession(deps: PaymentDeps, paidSession: PaidSession): Promise<string | null> {
  const [order] = await deps.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.stripeSessionId, paidSession.sessionId));
  if (!order) return 'unknown checkout session';
  if (paidSession.amountCents !== order.grossCents || paidSession.currency !== 'eur')
    return 'amount or currency differ';
  try {
    await markPaid(deps, order.id);
    return null;
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') return 'order cancelled or lapsed';
    throw error;
  }
}

/**
 * Ends an order in `tx` (cancelled by an ADMIN, or lapsed unpaid): its promotion stops now and
 * its invoice gets a credit note (Gutschrift/Storno) with the next number; the invoice itself is
 * never changed. Only pending or paid orders change; returns null for others.
 */
async function endOrder(
  tx: Database,
  emit: Emit,
  operator: OperatorConfig,
  orderId: string,
  status: 'cancelled' | 'lapsed',
): Promise<PaymentOrderRow | null> {
  const [ended] = await tx
    .update(paymentOrders)
    .set({ status, cancelledAt: sql`now()` })
    .where(and(eq(paymentOrders.id, orderId), inArray(paymentOrders.status, ['pending', 'paid'])))
    .returning();
  if (!ended) return null;
  await tx
    .update(paymentPromotions)
    .set({ endsAt: sql`least(${paymentPromotions.endsAt}, now())` })
    .where(eq(paymentPromotions.orderId, orderId));
  const [invoice] = await tx
    .select()
    .from(paymentInvoices)
    .where(and(eq(paymentInvoices.orderId, orderId), eq(paymentInvoices.kind, 'invoice')));
  if (invoice) await issueDocument(tx, operator, ended, 'credit_note', invoice);
  if (ended.listingId) emit('promotion.changed', { listingId: ended.listingId });
  emitOrderChanged(emit, ended);
  return ended;
}

/** Tells the order's member (`order.changed`) that it was paid, cancelled or lapsed; none when the account is gone. */
function emitOrderChanged(emit: Emit, order: PaymentOrderRow): void {
  if (!order.userId || order.status === 'pending') return;
  emit('order.changed', {
    orderId: order.id,
    userId: order.userId,
    status: order.status,
    option: order.option,
    listingTitle: order.listingTitle,
    grossCents: order.grossCents,
  });
}

/**
 * `POST /api/admin/payments/orders/{id}/cancel`: an ADMIN cancels a pending or paid order; a
 * running promotion ends and the invoice gets a credit note (a paid amount is refunded by the
 * operator outside the product).
 * @throws AppError not_found (404), conflict (409) when it is cancelled or lapsed already
 */
export async function cancelOrder(deps: PaymentDeps, orderId: string): Promise<Order> {
  const order = await deps.events.transaction(deps.db, async (tx, emit) => {
    const ended = await endOrder(tx, emit, deps.operator, orderId, 'cancelled');
    if (ended) return ended;
    const [current] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
    if (!current) throw new AppError('not_found', ORDER_NOT_FOUND);
    throw new AppError('conflict', 'Diese Bestellung ist bereits storniert oder verfallen.');
  });
  const [presented] = await presentOrders(deps, [order]);
  if (!presented) throw new AppError('internal');
  return presented;
}

/**
 * The daily job: transfer orders unpaid for 14 days lapse (with a credit note for their
 * invoice), 100 per transaction, rows taken with SKIP LOCKED so parallel runs never meet.
 * @returns how many orders lapsed
 */
export async function lapseUnpaidOrders(deps: PaymentDeps, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - TRANSFER_PAYMENT_DAYS * DAY_MS);
  let lapsed = 0;
  for (;;) {
    const count = await deps.events.transaction(deps.db, async (tx, emit) => {
      const due = await selectRows(
        tx,
        z.object({ id: z.string() }),
        sql`select id from payment_orders where status = 'pending' and created_at <= ${cutoff.toISOString()}::timestamptz
            order by created_at limit 100 for update skip locked`,
      );
      for (const { id } of due) await endOrder(tx, emit, deps.operator, id, 'lapsed');
      return due.length;
    });
    lapsed += count;
    if (count < 100) return lapsed;
  }
}
