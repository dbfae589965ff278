import Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import type { PaymentOrderRow } from './schema.ts';

/** Stripe Checkout as the payments module uses it (decision 0040). */
export interface StripeCheckout {
  client: Stripe;
  webhookSecret: string;
  /** The site's address, for the pages Checkout returns to. */
  publicUrl: string;
}

/** Stripe Checkout from the settings (`STRIPE_SECRET_KEY`, `STRIPE_WEBHOOK_SECRET`), or none. */
export function stripeCheckout(
  settings: { secretKey: string; webhookSecret: string } | undefined,
  publicUrl: string,
): StripeCheckout | undefined {
  if (!settings) return undefined;
  return { client: new Stripe(settings.secretKey), webhookSecret: settings.webhookSecret, publicUrl };
}

/**
 * Opens a Checkout Session for `order` (one line, its gross amount in euro cents, German page),
 * with the order's id as `client_reference_id`; it returns to /payments.
 * @returns the session's id and the page to send the buyer to
 */
export async function createCheckoutSession(
  stripe: StripeCheckout,
  order: PaymentOrderRow,
  optionName: string,
): Promise<{ id: string; url: string }> {
  const session = await stripe.client.checkout.sessions.create({
    mode: 'payment',
    locale: 'de',
    client_reference_id: order.id,
    metadata: { order_id: order.id, reference: order.reference },
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'eur',
          unit_amount: order.grossCents,
          product_data: { name: `${optionName} für „${order.listingTitle}“`.slice(0, 250) },
        },
      },
    ],
    success_url: `${stripe.publicUrl}/payments?bezahlt=${encodeURIComponent(order.reference)}`,
    cancel_url: `${stripe.publicUrl}/payments`,
  });
  if (!session.url)
    throw new AppError('unavailable', 'Stripe hat keine Zahlungsseite geöffnet. Bitte versuche es erneut.');
  return { id: session.id, url: session.url };
}

/** A Checkout Session that Stripe reports as paid: its id, amount in cents and currency. */
export interface PaidSession {
  sessionId: string;
  amountCents: number | null;
  currency: string | null;
}

/**
 * Verifies a webhook call's signature over its raw body (`Stripe-Signature`, the endpoint's
 * secret, 5 minutes tolerance) and answers the paid Checkout Session it reports, or null for any
 * other event (a failed or expired payment changes nothing).
 * @throws AppError webhook_signature (400) for a missing or wrong signature
 */
export function paidSessionOf(
  stripe: StripeCheckout,
  rawBody: Buffer,
  signature: string | undefined,
): PaidSession | null {
  let event: Stripe.Event;
  try {
    event = stripe.client.webhooks.constructEvent(rawBody, signature ?? '', stripe.webhookSecret);
  } catch {
    throw new AppError('webhook_signature');
  }
  if (
    event.type !== 'checkout.session.completed' &&
    event.type !== 'checkout.session.async_payment_succeeded'
  )
    return null;
  const session = event.data.object;
  if (session.payment_status !== 'paid') return null;
  return { sessionId: session.id, amountCents: session.amount_total, currency: session.currency };
}
