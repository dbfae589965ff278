import { contactMessageBodySchema, contactMessageListSchema, messageSchema } from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { type ContactDeps, listContactMessages, receiveContactMessage } from './service.ts';

const bearer = [{ bearerAuth: [] }];

/** The contact form's call and the admins' inbox of its messages. */
const contactRoutes: FastifyPluginAsyncZod<{ deps: ContactDeps }> = async (app, options) => {
  const { deps } = options;

  app.post(
    '/api/contact',
    {
      config: { access: 'public' },
      schema: {
        tags: ['contact'],
        summary:
          'Send a message to the operator (contact form); the sender gets a confirmation mail (at most 5 per IP and hour)',
        description:
          '`consent` must be true. Answered 202 with a German confirmation; the message lands in the inbox at /admin. The confirmation mail names the topic but not the message.',
        body: contactMessageBodySchema,
        response: { 202: messageSchema, ...errorResponses(422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await receiveContactMessage(deps, request.body, request.ip)),
  );

  app.get(
    '/api/admin/contact-messages',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Messages of the contact form, newest first',
        security: bearer,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(20),
          offset: z.coerce.number().int().min(0).max(100_000).default(0),
        }),
        response: { 200: contactMessageListSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return listContactMessages(deps.db, request.query);
    },
  );
};

export default contactRoutes;
