import { z } from 'zod';
import { listingSchema } from './listings.ts';
import { userText } from './text.ts';

/**
 * Paid promotions of an own ad (SPEC.md §2 names /payments and the side menu's 'Zahlungen'; the
 * rest is what a Kleinanzeigen seller knows): an order for one option, paid by invoice and bank
 * transfer (always, once the operator's data are configured), an invoice as PDF (§ 14 UStG) and,
 * for a cancelled order, a credit note. Prices are gross euros including 19 % VAT; the server
 * computes every amount from its one price list. Decision record 0040.
 */

/** The options one can buy for an own ad. */
export const promotionOptionSchema = z.enum(['bump', 'top', 'highlight'], {
  error: 'Bitte wähle eine Werbeoption: Hochschieben, Top-Anzeige oder Highlight.',
});
export type PromotionOption = z.infer<typeof promotionOptionSchema>;

/** VAT rate of every option, in percent (§ 12 Abs. 1 UStG). */
export const PROMOTION_VAT_PERCENT = 19;
/** Days a Top-Anzeige or a Highlight runs. */
export const PROMOTION_DAYS = 7;
/** Most Top-Anzeigen shown above one page of results. */
export const TOP_SLOTS_PER_PAGE = 3;
/** Days after which an unpaid transfer order lapses. */
export const TRANSFER_PAYMENT_DAYS = 14;

/** The one price list: gross cents including VAT, German name and what it does. */
export const PROMOTION_PRICES: Readonly<
  Record<PromotionOption, { grossCents: number; name: string; description: string; days: number }>
> = {
  bump: {
    grossCents: 199,
    name: 'Hochschieben',
    description: 'Deine Anzeige erscheint einmal wieder ganz oben in den Listen „Neueste zuerst“.',
    days: 0,
  },
  top: {
    grossCents: 999,
    name: 'Top-Anzeige',
    description:
      '7 Tage hervorgehoben über den Ergebnissen ihrer Kategorie und passender Suchen (höchstens 3 je Seite, im Wechsel).',
    days: PROMOTION_DAYS,
  },
  highlight: {
    grossCents: 499,
    name: 'Highlight',
    description: '7 Tage mit farbigem Rahmen in allen Listen.',
    days: PROMOTION_DAYS,
  },
};

/**
 * How an order is paid: invoice and bank transfer ('Rechnung / Überweisung'), or Stripe Checkout
 * (card and the other methods Stripe offers) where the operator configured it.
 */
export const paymentMethodSchema = z.enum(['invoice', 'stripe'], {
  error: 'Bitte wähle eine Zahlungsart.',
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** `pending` until paid; `paid` activates; `cancelled` by an ADMIN; `lapsed` unpaid after 14 days. */
export const orderStatusSchema = z.enum(['pending', 'paid', 'cancelled', 'lapsed']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

const line = (field: string, max: number) =>
  userText()
    .trim()
    .min(1, `Bitte gib ${field} an.`)
    .max(max, `${field[0]?.toUpperCase()}${field.slice(1)} darf höchstens ${max} Zeichen lang sein.`);

/** The buyer's billing address, printed on the invoice (§ 14 Abs. 4 Nr. 1 UStG). */
export const billingAddressSchema = z.object({
  name: line('den Namen', 100),
  street: line('Straße und Hausnummer', 100),
  postal_code: z
    .string({ error: 'Bitte gib eine Postleitzahl an.' })
    .trim()
    .regex(/^\d{5}$/, 'Bitte gib eine gültige Postleitzahl mit 5 Ziffern ein.'),
  city: line('den Ort', 80),
});
export type BillingAddress = z.infer<typeof billingAddressSchema>;

/** `POST /api/payments/orders` body. */
export const orderCreateSchema = z
  .object({
    listing_id: z.string({ error: 'Bitte wähle eine Anzeige.' }).uuid('Diese Anzeige gibt es nicht.'),
    option: promotionOptionSchema,
    method: paymentMethodSchema,
    billing: billingAddressSchema,
  })
  .strict();
export type OrderCreate = z.input<typeof orderCreateSchema>;

/** `{id}` of the order calls. */
export const orderIdParamsSchema = z.object({ id: z.string().uuid('Diese Bestellung gibt es nicht.') });

/** One invoice or credit note of an order (download at `GET /api/payments/invoices/{id}.pdf`). */
export const invoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  issued_at: z.string(),
  gross: z.number(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** What a buyer transfers: recipient, IBAN, amount, reference and the GiroCode as PNG data URL. */
export const transferDetailsSchema = z.object({
  recipient: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  amount: z.number(),
  reference: z.string(),
  due_at: z.string(),
  girocode: z.string().describe('EPC QR code (GiroCode) as a PNG data URL'),
});

/** An order as its buyer (and ADMINs) see it. Amounts in euros. */
export const orderSchema = z.object({
  id: z.string(),
  reference: z.string(),
  listing_id: z.string().nullable(),
  listing_title: z.string(),
  option: promotionOptionSchema,
  option_name: z.string(),
  method: paymentMethodSchema,
  status: orderStatusSchema,
  gross: z.number(),
  net: z.number(),
  vat: z.number(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** End of the promotion it bought (null for Hochschieben and before payment). */
  promotion_ends_at: z.string().nullable(),
  invoices: z.array(invoiceSummarySchema),
  /** While unpaid: what to transfer. */
  transfer: transferDetailsSchema.nullable(),
  /** Right after ordering with Stripe: the Checkout page to pay on. */
  checkout_url: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** A running promotion of one of my ads. */
export const activePromotionSchema = z.object({
  listing_id: z.string(),
  listing_title: z.string(),
  option: promotionOptionSchema,
  option_name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type ActivePromotion = z.infer<typeof activePromotionSchema>;

/** One option of the price list as `GET /api/payments/options` answers it. */
export const promotionPriceSchema = z.object({
  option: promotionOptionSchema,
  name: z.string(),
  description: z.string(),
  gross: z.number(),
  days: z.number(),
});

/**
 * `GET /api/payments/options`: the price list, the payment methods that work, and why invoices
 * cannot be issued yet (`unavailable_reason`, null when they can; then no method is offered).
 */
export const paymentOptionsSchema = z.object({
  options: z.array(promotionPriceSchema),
  methods: z.array(z.object({ method: paymentMethodSchema, name: z.string() })),
  vat_percent: z.number(),
  unavailable_reason: z.string().nullable(),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

/** `GET /api/payments`: my orders (newest first) and my running promotions. */
export const myPaymentsSchema = z.object({
  orders: z.array(orderSchema),
  active_promotions: z.array(activePromotionSchema),
});
export type MyPayments = z.infer<typeof myPaymentsSchema>;

/** `GET /api/promotions/top` query: the results list the slots stand above. */
export const topPromotionsQuerySchema = z.object({
  category: userText().trim().max(100).optional(),
  q: userText().trim().max(200).optional(),
  page: z.coerce
    .number({ error: 'Parameter page muss eine Zahl sein.' })
    .int('Parameter page muss eine ganze Zahl sein.')
    .min(0, 'Parameter page darf nicht negativ sein.')
    .max(1000, 'Parameter page ist zu groß.')
    .default(0),
});

/** `GET /api/promotions/top`: at most 3 Top-Anzeigen, each to be labelled 'Anzeige'. */
export const topPromotionsSchema = z.object({ listings: z.array(listingSchema) });
export type TopPromotions = z.infer<typeof topPromotionsSchema>;

/** `GET /api/promotions/labels`: the ads running a Top-Anzeige or a Highlight now. */
export const promotionLabelsSchema = z.object({
  top: z.array(z.string()),
  highlight: z.array(z.string()),
});
export type PromotionLabels = z.infer<typeof promotionLabelsSchema>;

/** `GET /api/admin/payments`: revenue per month and option, open transfers, recent orders. */
export const adminPaymentsSchema = z.object({
  revenue: z.array(
    z.object({
      month: z.string().describe('YYYY-MM'),
      option: promotionOptionSchema,
      orders: z.number(),
      gross: z.number(),
      net: z.number(),
    }),
  ),
  open_transfers: z.array(orderSchema.extend({ buyer: z.string() })),
  recent_paid: z.array(orderSchema.extend({ buyer: z.string() })),
});
export type AdminPayments = z.infer<typeof adminPaymentsSchema>;
