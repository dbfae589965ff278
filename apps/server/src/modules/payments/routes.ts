import {
  adminPaymentsSchema,
  myPaymentsSchema,
  orderCreateSchema,
  orderIdParamsSchema,
  orderSchema,
  paymentOptionsSchema,
  promotionLabelsSchema,
  topPromotionsQuerySchema,
  topPromotionsSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { cancelOrder, createOrder, markPaid, paymentOptions, payStripeSession } from './orders.ts';
import { type PromotionDeps, promotionLabels, topListings } from './promotions.ts';
import { adminPayments, invoiceDocument, myPayments, type PaymentDeps } from './reading.ts';
import { paidSessionOf } from './stripe.ts';

const tags = ['payments'];
const bearer = [{ bearerAuth: [] }];
const invoiceParamsSchema = z.object({ id: z.string().uuid('Diese Rechnung gibt es nicht.') });

/**
 * Paid promotions (decision 0040): the price list, my orders and invoices (members), the
 * Top-Anzeigen above a results list and the labels of promoted ads (everyone), and the payments
 * overview, transfer booking and cancellation (ADMINs).
 */
const paymentRoutes: FastifyPluginAsyncZod<{ deps: PaymentDeps; promotions: PromotionDeps }> = async (
  app,
  { deps, promotions },
) => {
  const member = { onRequest: [app.authenticate] };
  const admin = { onRequest: [app.authenticate, app.requireAdmin] };
  const privateAnswer = async (
    _request: unknown,
    reply: { header(name: string, value: string): unknown },
  ) => {
    reply.header('Cache-Control', 'private, no-store');
  };

  app.get(
    '/api/payments/options',
    {
      ...member,
      onSend: privateAnswer,
      schema: {
        tags,
        summary:
          'The price list (gross euros incl. 19 % VAT), the payment methods that work, and why none does while the operator data for invoices are missing',
        security: bearer,
        response: { 200: paymentOptionsSchema, ...errorResponses(401) },
      },
    },
    async () => paymentOptions(deps.operator, deps.stripe),
  );

  app.get(
    '/api/payments',
    {
      ...member,
      onSend: privateAnswer,
      schema: {
        tags,
        summary:
          'My orders (newest first) with state, invoices, transfer details while unpaid, and my running promotions',
        security: bearer,
        response: { 200: myPaymentsSchema, ...errorResponses(401) },
      },
    },
    async (request) => myPayments(deps, request.user.id),
  );

  app.post(
    '/api/payments/orders',
    {
      ...member,
      onSend: privateAnswer,
      schema: {
        tags,
        summary:
          'Order a promotion for my own active ad, paid by invoice and transfer (201, with its invoice). Another member\u2019s ad 403, an ad that is not active or missing operator data 409',
        security: bearer,
        body: orderCreateSchema,
        response: { 201: orderSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await createOrder(deps, request.user, request.body)),
  );

  app.get(
    '/api/payments/invoices/:id/pdf',
    {
      ...member,
      onSend: privateAnswer,
      schema: {
        tags,
        summary: 'An invoice or credit note as PDF (application/pdf), for its buyer and ADMINs',
        security: bearer,
        params: invoiceParamsSchema,
        response: { 200: z.any().describe('application/pdf'), ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      const { number, pdf } = await invoiceDocument(deps, request.user, request.params.id);
      reply.header('Content-Disposition', `attachment; filename="${number}.pdf"`);
      return reply.type('application/pdf').send(pdf);
    },
  );

  app.get(
    '/api/promotions/top',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The Top-Anzeigen above results page `page` of the list with `category` and `q` (at most 3, taking turns when more are booked); each is shown labelled \u2018Anzeige\u2019',
        querystring: topPromotionsQuerySchema,
        response: { 200: topPromotionsSchema, ...errorResponses(422) },
      },
    },
    async (request) => {
      const viewer = request.headers.authorization ? await app.optionalUser(request) : null;
      return { listings: await topListings(promotions, request.query, viewer) };
    },
  );

  app.get(
    '/api/promotions/labels',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Ids of the ads running a Top-Anzeige (\u2018Anzeige\u2019) or a Highlight (\u2018Hervorgehoben\u2019) now',
        response: { 200: promotionLabelsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=15');
      return promotionLabels(promotions);
    },
  );

  app.get(
    '/api/admin/payments',
    {
      ...admin,
      onSend: privateAnswer,
      schema: {
        tags,
        summary: 'Revenue per month and option (12 months), open transfers and the latest paid orders',
        security: bearer,
        response: { 200: adminPaymentsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => adminPayments(deps),
  );

  app.post(
    '/api/admin/payments/orders/:id/paid',
    {
      ...admin,
      onSend: privateAnswer,
      schema: {
        tags,
        summary:
          'Record the transfer of an order as received: it turns paid and its promotion starts, exactly once (a repeated call changes nothing)',
        security: bearer,
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => markPaid(deps, request.params.id),
  );

  app.post(
    '/api/admin/payments/orders/:id/cancel',
    {
      ...admin,
      onSend: privateAnswer,
      schema: {
        tags,
        summary:
          'Cancel a pending or paid order: its promotion ends and its invoice gets a credit note (Gutschrift/Storno)',
        security: bearer,
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => cancelOrder(deps, request.params.id),
  );

  const stripe = deps.stripe;
  if (stripe) {
    // The webhook reads its body as raw bytes: the signature is over them, not over parsed JSON.
    await app.register(async (raw) => {
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      raw.post(
        '/api/payments/stripe/webhook',
        {
          config: { access: 'public' },
          schema: {
            tags,
            summary:
              'Stripe’s events (signed, `Stripe-Signature`): a paid Checkout Session pays and activates its order exactly once; any other event changes nothing. A missing or wrong signature 400',
            response: { 200: z.object({ received: z.literal(true) }), ...errorResponses(400) },
          },
        },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
          const paidSession = paidSessionOf(
            stripe,
            body,
            typeof signature === 'string' ? signature : undefined,
          );
          if (paidSession) {
            const ignored = await payStripeSession(deps, paidSession);
            if (ignored)
              request.log.warn(
                { session: paidSession.sessionId, reason: ignored },
                'stripe payment not applied',
              );
          }
          return { received: true as const };
        },
      );
    });
  }
};

export default paymentRoutes;
