import {
  adminVerificationListSchema,
  adminVerificationQuerySchema,
  adminVerificationSchema,
  myVerificationSchema,
  VERIFICATION_DOCUMENT_MAX_BYTES,
  verificationDecisionSchema,
  verificationIdParamsSchema,
  verificationSchema,
  verificationTexts,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import * as verification from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['verification'];
/** Longest text field of the multipart form (the JSON of `data`), in characters. */
const FIELD_MAX = 8 * 1024;

/**
 * Seller verification (DSA Art. 30): `/api/verification` for members, the document of a request
 * for its owner and ADMINs, and `/api/admin/verifications` for ADMINs. The module's plugin
 * (`index.ts`) hands in the dependencies.
 */
const verificationRoutes: FastifyPluginAsyncZod<{ deps: verification.VerificationDeps }> = async (
  app,
  options,
) => {
  const { deps } = options;
  const member = { onRequest: app.authenticate };
  const admin = { onRequest: [app.authenticate, app.requireAdmin] };

  app.post(
    '/api/verification',
    {
      ...member,
      schema: {
        tags,
        summary:
          'Ask to be verified: multipart field `data` (JSON: kind private with name, street, postal_code, city, phone; or kind business with name, legal_form, the address, phone, email and register_number or vat_id) before the field `file` (a JPEG, PNG or WebP photo or a PDF, checked by its bytes, at most 10 MB). One open request per member',
        security: bearer,
        consumes: ['multipart/form-data'],
        response: { 201: verificationSchema, ...errorResponses(401, 409, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const missing = new AppError('validation', verificationTexts.missingDocument);
      if (!request.isMultipart()) throw missing;
      const fields: Record<string, string> = {};
      let tmp: string | null = null;
      try {
        for await (const part of request.parts({ limits: { fileSize: VERIFICATION_DOCUMENT_MAX_BYTES } })) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || tmp !== null) {
              part.file.resume();
              throw missing;
            }
            tmp = await verification.receiveUpload(deps, part.file);
          } else if (typeof part.value === 'string' && part.value.length <= FIELD_MAX) {
            fields[part.fieldname] = part.value;
          } else {
            throw new AppError('validation', `${part.fieldname}: zu lang.`);
          }
        }
        if (tmp === null) throw missing;
        const created = await verification.createRequest(deps, request.user, fields.data, tmp);
        return reply.status(201).send(created);
      } finally {
        if (tmp !== null) await verification.discardUpload(tmp);
      }
    },
  );

  app.get(
    '/api/verification/me',
    {
      ...member,
      schema: {
        tags,
        summary: 'My latest verification request (pending, approved or rejected with the reason)',
        security: bearer,
        response: { 200: myVerificationSchema, ...errorResponses(401) },
      },
    },
    async (request) => verification.myVerification(deps, request.user),
  );

  app.get(
    '/api/verification/:id/document',
    {
      // Checked by the handler: the owner and ADMINs read it, everyone else gets 403.
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          "A request's document (WebP photo or PDF), for its owner and ADMINs only; 403 for everyone else, also without a token; 404 once deleted 30 days after the decision",
        security: bearer,
        params: verificationIdParamsSchema,
        response: { 200: z.any().describe('image/webp or application/pdf'), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await app.optionalUser(request);
      const file = await verification.readDocument(deps, viewer, request.params.id);
      reply.header('Cache-Control', 'private, no-store');
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Disposition', 'inline');
      return reply.type(file.type).header('Content-Length', file.size).send(file.stream);
    },
  );

  app.get(
    '/api/admin/verifications',
    {
      ...admin,
      schema: {
        tags,
        summary: 'ADMIN: verification requests in one state (default pending), oldest first',
        security: bearer,
        querystring: adminVerificationQuerySchema,
        response: { 200: adminVerificationListSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => ({ verifications: await verification.listForAdmin(deps, request.query.status) }),
  );

  app.get(
    '/api/admin/verifications/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'ADMIN: one verification request with its document link',
        security: bearer,
        params: verificationIdParamsSchema,
        response: { 200: adminVerificationSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => verification.getForAdmin(deps, request.params.id),
  );

  app.post(
    '/api/admin/verifications/:id/decision',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'ADMIN: approve a pending request, or reject it with a reason (at least 5 characters); the member is notified',
        security: bearer,
        params: verificationIdParamsSchema,
        body: verificationDecisionSchema,
        response: { 200: adminVerificationSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => verification.decide(deps, request.user, request.params.id, request.body),
  );
};

export default verificationRoutes;
