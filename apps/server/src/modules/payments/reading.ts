import {
  type AdminPayments,
  type MyPayments,
  type Order,
  PROMOTION_PRICES,
  TRANSFER_PAYMENT_DAYS,
} from '@marketplace/contract';
import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { OperatorConfig } from '../../config.ts';
import { type Database, selectRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { CategoryTree } from '../categories/index.ts';
import { type Actor, isAdmin } from '../users/index.ts';
import { girocodeDataUrl, girocodePng, type TransferRequest } from './girocode.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { type PaymentOrderRow, paymentInvoices, paymentOrders, paymentPromotions } from './schema.ts';
import type { StripeCheckout } from './stripe.ts';
import './events.ts';

/** What the order calls need from the running application. */
export interface PaymentDeps {
  db: Database;
  events: EventBus;
  categories: CategoryTree;
  operator: OperatorConfig;
  /** Stripe Checkout when configured; without it only invoice and transfer are offered. */
  stripe?: StripeCheckout;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
export const ORDER_NOT_FOUND = 'Diese Bestellung gibt es nicht.';

/** The transfer an unpaid order asks for. */
export function transferOf(
  operator: OperatorConfig,
  order: PaymentOrderRow,
  invoiceNumber: string | null,
): TransferRequest {
  return {
    recipient: operator.name ?? '',
    iban: operator.iban ?? '',
    bic: operator.bic,
    amountCents: order.grossCents,
    reference: invoiceNumber ? `${order.reference} ${invoiceNumber}` : order.reference,
  };
}

/** Orders as the API answers them, with their documents, promotion end and transfer details. */
export async function presentOrders(deps: PaymentDeps, orders: readonly PaymentOrderRow[]): Promise<Order[]> {
  if (orders.length === 0) return [];
  const ids = orders.map((order) => order.id);
  const [documents, promotions] = await Promise.all([
    deps.db
      .select()
      .from(paymentInvoices)
      .where(inArray(paymentInvoices.orderId, ids))
      .orderBy(paymentInvoices.issuedAt),
    deps.db
      .select({ orderId: paymentPromotions.orderId, endsAt: paymentPromotions.endsAt })
      .from(paymentPromotions)
      .where(inArray(paymentPromotions.orderId, ids)),
  ]);
  const endsAt = new Map(promotions.map((row) => [row.orderId, row.endsAt]));
  return Promise.all(
    orders.map(async (order) => {
      const own = documents.filter((doc) => doc.orderId === order.id);
      const invoice = own.find((doc) => doc.kind === 'invoice');
      const transfer = transferOf(deps.operator, order, invoice?.number ?? null);
      return {
        id: order.id,
        reference: order.reference,
        listing_id: order.listingId,
        listing_title: order.listingTitle,
        option: order.option,
        option_name: PROMOTION_PRICES[order.option].name,
        method: order.method,
        status: order.status,
        gross: order.grossCents / 100,
        net: order.netCents / 100,
        vat: order.vatCents / 100,
        created_at: order.createdAt.toISOString(),
        paid_at: order.paidAt?.toISOString() ?? null,
        cancelled_at: order.cancelledAt?.toISOString() ?? null,
        promotion_ends_at: endsAt.get(order.id)?.toISOString() ?? null,
        invoices: own.map((doc) => ({
          id: doc.id,
          number: doc.number,
          kind: doc.kind,
          issued_at: doc.issuedAt.toISOString(),
          gross: ((doc.kind === 'credit_note' ? -1 : 1) * doc.grossCents) / 100,
        })),
        checkout_url: null,
        transfer:
          order.status === 'pending' && order.method === 'invoice' && deps.operator.iban
            ? {
                recipient: transfer.recipient,
                iban: transfer.iban,
                bic: transfer.bic,
                amount: order.grossCents / 100,
                reference: transfer.reference,
                due_at: new Date(order.createdAt.getTime() + TRANSFER_PAYMENT_DAYS * DAY_MS).toISOString(),
                girocode: await girocodeDataUrl(transfer),
              }
            : null,
      };
    }),
  );
}

/** `GET /api/payments`: the member's orders, newest first (at most 200), and running promotions. */
export async function myPayments(deps: PaymentDeps, userId: string): Promise<MyPayments> {
  const orders = await deps.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.userId, userId))
    .orderBy(desc(paymentOrders.createdAt))
    .limit(200);
  const running = await deps.db
    .select({
      listingId: paymentPromotions.listingId,
      kind: paymentPromotions.kind,
      startsAt: paymentPromotions.startsAt,
      endsAt: paymentPromotions.endsAt,
      title: paymentOrders.listingTitle,
    })
    .from(paymentPromotions)
    .innerJoin(paymentOrders, eq(paymentOrders.id, paymentPromotions.orderId))
    .where(and(eq(paymentOrders.userId, userId), gt(paymentPromotions.endsAt, sql`now()`)))
    .orderBy(paymentPromotions.endsAt);
  return {
    orders: await presentOrders(deps, orders),
    active_promotions: running.map((row) => ({
      listing_id: row.listingId,
      listing_title: row.title,
      option: row.kind,
      option_name: PROMOTION_PRICES[row.kind].name,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
    })),
  };
}

const revenueRow = z.object({
  month: z.string(),
  option: z.enum(['bump', 'top', 'highlight']),
  orders: z.number(),
  gross: z.number(),
  net: z.number(),
});

/**
 * `GET /api/admin/payments`: revenue of paid, not cancelled orders per month (of payment,
 * Europe/Berlin) and option for the last 12 months, open transfers (oldest first) and the 50
 * latest paid orders, each with the buyer's billing name.
 */
export async function adminPayments(deps: PaymentDeps): Promise<AdminPayments> {
  const revenue = await selectRows(
    deps.db,
    revenueRow,
    sql`select to_char(paid_at at time zone 'Europe/Berlin', 'YYYY-MM') as month, option,
               count(*)::int as orders, sum(gross_cents)::int as gross, sum(net_cents)::int as net
        from payment_orders
        where status = 'paid' and paid_at > now() - interval '12 months'
        group by 1, 2 order by 1 desc, 2`,
  );
  const [open, paid] = await Promise.all([
    deps.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.status, 'pending'))
      .orderBy(paymentOrders.createdAt)
      .limit(200),
    deps.db
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.status, 'paid'), lte(paymentOrders.paidAt, sql`now()`)))
      .orderBy(desc(paymentOrders.paidAt))
      .limit(50),
  ]);
  const withBuyer = async (rows: PaymentOrderRow[]) =>
    (await presentOrders(deps, rows)).map((order, index) => ({
      ...order,
      buyer: rows[index]?.billingName ?? '',
    }));
  return {
    revenue: revenue.map((row) => ({ ...row, gross: row.gross / 100, net: row.net / 100 })),
    open_transfers: await withBuyer(open),
    recent_paid: await withBuyer(paid),
  };
}

/**
 * `GET /api/payments/invoices/{id}/pdf`: an invoice or credit note as PDF, for the order's buyer
 * and ADMINs (other members get 404, as for an unknown id). An unpaid invoice carries the
 * transfer details and the GiroCode.
 * @throws AppError not_found (404)
 */
export async function invoiceDocument(
  deps: PaymentDeps,
  actor: Actor,
  invoiceId: string,
): Promise<{ number: string; pdf: Buffer }> {
  const [found] = await deps.db
    .select({ invoice: paymentInvoices, order: paymentOrders })
    .from(paymentInvoices)
    .innerJoin(paymentOrders, eq(paymentOrders.id, paymentInvoices.orderId))
    .where(eq(paymentInvoices.id, invoiceId));
  if (!found || (found.order.userId !== actor.id && !isAdmin(actor)))
    throw new AppError('not_found', 'Diese Rechnung gibt es nicht.');
  const { invoice, order } = found;
  const unpaid = invoice.kind === 'invoice' && order.status === 'pending' && deps.operator.iban;
  const transfer = transferOf(deps.operator, order, invoice.number);
  const payment = unpaid
    ? {
        iban: transfer.iban,
        bic: transfer.bic,
        reference: transfer.reference,
        dueAt: new Date(order.createdAt.getTime() + TRANSFER_PAYMENT_DAYS * DAY_MS),
        girocode: await girocodePng(transfer),
      }
    : null;
  return { number: invoice.number, pdf: await invoicePdf(invoice, order.reference, payment) };
}
