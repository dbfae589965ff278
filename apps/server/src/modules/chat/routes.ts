import {
  chatConversationListQuerySchema,
  chatConversationListSchema,
  chatConversationSchema,
  chatConversationStartSchema,
  chatMessageCreateSchema,
  chatMessageListQuerySchema,
  chatMessageListSchema,
  chatMessageSchema,
  chatOfferAcceptSchema,
  chatOfferCreateSchema,
  chatOfferDeclineSchema,
  chatOfferResultSchema,
  chatRatingBodySchema,
  chatRatingSchema,
  chatReadResultSchema,
  chatReportBodySchema,
  chatReportResultSchema,
  chatUnreadCountQuerySchema,
  chatUnreadCountSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import {
  getConversation,
  listConversations,
  markConversationRead,
  rateConversation,
  reportConversation,
  setBlocked,
  startConversation,
  unreadCount,
} from './conversations.ts';
import type { ChatDeps } from './deps.ts';
import { listMessages, sendMessage } from './messages.ts';
import { reserveListingOf, respondToOffer } from './offers.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['chat'];
const idParams = z.object({ id: z.string().max(100) });
const offerParams = z.object({ id: z.string().max(100), messageId: z.string().max(100) });
/** Every chat call needs a token; 401 'Nicht authentifiziert …' without one. */
const memberErrors = errorResponses(401, 403, 404, 422);
/** Offer steps answer 201 with the new message, 200 with the stored one for a retried `client_id`. */
const offerResponses = {
  200: chatOfferResultSchema,
  201: chatOfferResultSchema,
  ...errorResponses(400, 401, 403, 404, 409, 422, 429),
};

/**
 * Buyer-seller chat (contract `chat.ts`; SPEC.md §2 /chat, §3, §7): conversations, messages
 * with photos and price offers, read marks, the unread badge count, blocking, reports and ratings.
 * All calls need a token; sending needs a verified e-mail address.
 */
const chatRoutes: FastifyPluginAsyncZod<{ deps: ChatDeps }> = async (app, { deps }) => {
  const member = { onRequest: app.authenticate };
  const sender = { onRequest: [app.authenticate, app.requireVerified] };

  app.get(
    '/api/chat/conversations',
    {
      ...member,
      schema: {
        tags,
        summary: 'My conversations with messages, newest activity first (keyset paging by cursor)',
        security: bearer,
        querystring: chatConversationListQuerySchema,
        response: { 200: chatConversationListSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => listConversations(deps, request.user, request.query),
  );

  app.post(
    '/api/chat/conversations',
    {
      ...member,
      schema: {
        tags,
        summary:
          'Open the conversation about an ad ({ listing_id }) or with a member ({ user_id }): 201 when new, 200 when it exists',
        security: bearer,
        body: chatConversationStartSchema,
        response: {
          200: chatConversationSchema,
          201: chatConversationSchema,
          ...errorResponses(400, 401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { conversation, created } = await startConversation(deps, request.user, request.body);
      return reply.status(created ? 201 : 200).send(conversation);
    },
  );

  app.get(
    '/api/chat/conversations/:id',
    {
      ...member,
      schema: {
        tags,
        summary: 'One of my conversations',
        security: bearer,
        params: idParams,
        response: { 200: chatConversationSchema, ...memberErrors },
      },
    },
    async (request) => getConversation(deps, request.user, request.params.id),
  );

  app.get(
    '/api/chat/conversations/:id/messages',
    {
      ...member,
      schema: {
        tags,
        summary:
          'Messages, oldest first within the page: the newest page, older ones with before=<message id>, newer ones with after=<message id>',
        security: bearer,
        params: idParams,
        querystring: chatMessageListQuerySchema,
        response: { 200: chatMessageListSchema, ...memberErrors },
      },
    },
    async (request) => listMessages(deps, request.user, request.params.id, request.query),
  );

  app.post(
    '/api/chat/conversations/:id/messages',
    {
      ...sender,
      schema: {
        tags,
        summary:
          'Send a text, photo or offer (verified e-mail; 30 per minute). 201 when stored, 200 with the stored message for a retried client_id',
        security: bearer,
        params: idParams,
        body: chatMessageCreateSchema,
        response: {
          200: chatMessageSchema,
          201: chatMessageSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { message, created } = await sendMessage(deps, request.user, request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  app.post(
    '/api/chat/conversations/:id/offers',
    {
      ...sender,
      schema: {
        tags,
        summary: "Make a price offer ('Preisvorschlag') in euros: the buyer, on VB ads only",
        security: bearer,
        params: idParams,
        body: chatOfferCreateSchema,
        response: offerResponses,
      },
    },
    async (request, reply) => {
      const { message, created } = await sendMessage(deps, request.user, request.params.id, {
        kind: 'offer',
        amount: request.body.amount,
        client_id: request.body.client_id,
      });
      return reply.status(created ? 201 : 200).send({ message, reserved: false });
    },
  );

  app.post(
    '/api/chat/conversations/:id/offers/:messageId/accept',
    {
      ...sender,
      schema: {
        tags,
        summary: 'Accept an open offer; { reserve: true } (seller only) also marks the ad reserved',
        security: bearer,
        params: offerParams,
        // Absent body (null): accept without reserving.
        body: chatOfferAcceptSchema.nullable(),
        response: offerResponses,
      },
    },
    async (request, reply) => {
      const { params, body } = request;
      const result = await respondToOffer(
        deps,
        request.user,
        params.id,
        params.messageId,
        { action: 'accept', reserve: body?.reserve ?? false },
        body?.client_id ?? null,
      );
      return reply
        .status(result.created ? 201 : 200)
        .send({ message: result.message, reserved: result.reserved });
    },
  );

  app.post(
    '/api/chat/conversations/:id/offers/:messageId/decline',
    {
      ...sender,
      schema: {
        tags,
        summary: 'Decline an open offer',
        security: bearer,
        params: offerParams,
        body: chatOfferDeclineSchema.nullable(),
        response: offerResponses,
      },
    },
    async (request, reply) => {
      const { params, body } = request;
      const result = await respondToOffer(
        deps,
        request.user,
        params.id,
        params.messageId,
        { action: 'decline' },
        body?.client_id ?? null,
      );
      return reply.status(result.created ? 201 : 200).send({ message: result.message, reserved: false });
    },
  );

  app.post(
    '/api/chat/conversations/:id/offers/:messageId/counter',
    {
      ...sender,
      schema: {
        tags,
        summary: "Answer the buyer's open offer with a counter offer in euros (seller only)",
        security: bearer,
        params: offerParams,
        body: chatOfferCreateSchema,
        response: offerResponses,
      },
    },
    async (request, reply) => {
      const { params, body } = request;
      const result = await respondToOffer(
        deps,
        request.user,
        params.id,
        params.messageId,
        { action: 'counter', amount: body.amount },
        body.client_id ?? null,
      );
      return reply.status(result.created ? 201 : 200).send({ message: result.message, reserved: false });
    },
  );

  app.post(
    '/api/chat/conversations/:id/reserve',
    {
      ...member,
      schema: {
        tags,
        summary:
          "Mark the conversation's ad reserved ('Als reserviert markieren', seller only); answers the conversation",
        security: bearer,
        params: idParams,
        response: { 200: chatConversationSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => reserveListingOf(deps, request.user, request.params.id),
  );

  app.post(
    '/api/chat/conversations/:id/read',
    {
      ...member,
      schema: {
        tags,
        summary: "Mark the other member's messages read; answers my new unread total",
        security: bearer,
        params: idParams,
        response: { 200: chatReadResultSchema, ...memberErrors },
      },
    },
    async (request) => markConversationRead(deps, request.user, request.params.id),
  );

  app.get(
    '/api/chat/unread-count',
    {
      ...member,
      schema: {
        tags,
        summary: 'Unread messages over all my conversations, at most 100 (SPEC.md §7; the badge shows 99+)',
        security: bearer,
        querystring: chatUnreadCountQuerySchema,
        response: { 200: chatUnreadCountSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => ({
      unread_count: await unreadCount(deps.db, request.user.id, request.query.limit),
    }),
  );

  for (const [method, blocked] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/chat/conversations/:id/block',
      ...member,
      schema: {
        tags,
        summary: blocked
          ? 'Block the other member: no messages either way until unblocked'
          : 'Unblock the other member',
        security: bearer,
        params: idParams,
        response: { 200: chatConversationSchema, ...memberErrors },
      },
      handler: async (request) => setBlocked(deps, request.user, request.params.id, blocked),
    });
  }

  app.post(
    '/api/chat/conversations/:id/report',
    {
      ...sender,
      schema: {
        tags,
        summary:
          'Report a conversation to the administrators (again: replaces my earlier report; at most 20 per member and hour). 403 without a confirmed e-mail address',
        security: bearer,
        params: idParams,
        body: chatReportBodySchema,
        response: { 201: chatReportResultSchema, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reportConversation(deps, request.user, request.params.id, request.body)),
  );

  app.post(
    '/api/chat/conversations/:id/rating',
    {
      ...member,
      schema: {
        tags,
        summary:
          'Rate the other member (1-5 stars, text up to 1,000): once per conversation about an ad, after both wrote 2+ messages',
        security: bearer,
        params: idParams,
        body: chatRatingBodySchema,
        response: { 201: chatRatingSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await rateConversation(deps, request.user, request.params.id, request.body)),
  );
};

export default chatRoutes;
