import {
  messageSchema,
  partnerEnquiryBodySchema,
  partnerEnquiryListQuerySchema,
  partnerEnquiryListSchema,
  partnerEnquirySchema,
  partnerEnquiryStatusChangeSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import {
  changePartnerEnquiryStatus,
  listPartnerEnquiries,
  type PartnerDeps,
  receivePartnerEnquiry,
} from './service.ts';

const bearer = [{ bearerAuth: [] }];

/** The enquiry form's call of /partner-werden and the admins' inbox of its enquiries. */
const partnerRoutes: FastifyPluginAsyncZod<{ deps: PartnerDeps }> = async (app, options) => {
  const { deps } = options;

  app.post(
    '/api/partner-enquiries',
    {
      config: { access: 'public' },
      schema: {
        tags: ['partner'],
        summary:
          'Ask to become a partner (shop, service provider, advertiser); the enquirer gets a confirmation mail (at most 10 per IP and hour, 3 per e-mail address and day)',
        description:
          '`consent` must be true; `phone` is optional. Answered 202 with a German confirmation; the enquiry lands in the inbox at /admin with status `new`. The confirmation mail names the partner type but repeats nothing that was typed.',
        body: partnerEnquiryBodySchema,
        response: { 202: messageSchema, ...errorResponses(422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await receivePartnerEnquiry(deps, request.body, request.ip)),
  );

  app.get(
    '/api/admin/partner-enquiries',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary:
          'Partner enquiries, newest first, optionally of one status; with their total and the open count',
        security: bearer,
        querystring: partnerEnquiryListQuerySchema,
        response: { 200: partnerEnquiryListSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return listPartnerEnquiries(deps.db, request.query);
    },
  );

  app.patch(
    '/api/admin/partner-enquiries/:id',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: "Set a partner enquiry's status: new, in_progress or done (handled)",
        security: bearer,
        params: z.object({ id: z.string().max(100) }),
        body: partnerEnquiryStatusChangeSchema,
        response: { 200: partnerEnquirySchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return changePartnerEnquiryStatus(deps.db, request.user.id, request.params.id, request.body.status);
    },
  );
};

export default partnerRoutes;
