import {
  adminJobPositionListSchema,
  adminJobPositionSchema,
  careerTexts,
  JOB_APPLICATION_CV_MAX_BYTES,
  jobApplicationListQuerySchema,
  jobApplicationListSchema,
  jobApplicationSchema,
  jobApplicationStatusChangeSchema,
  jobPositionBodySchema,
  jobPositionChangeSchema,
  jobPositionListSchema,
  jobPositionParamsSchema,
  jobPositionSchema,
  messageSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import * as applications from './applications.ts';
import * as career from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['career'];
/** Longest text field of the application form (the JSON of `data`), in characters. */
const FIELD_MAX = 16 * 1024;
const idParams = z.object({ id: z.string().max(100) });

/**
 * The career page's calls (/karriere): the open positions and an application to one, public; the
 * ADMINs' positions and applications inbox under `/api/admin/career`. The module's door hands in
 * the dependencies.
 */
const careerRoutes: FastifyPluginAsyncZod<{ deps: career.CareerDeps }> = async (app, { deps }) => {
  const admin = { onRequest: [app.authenticate, app.requireAdmin] };

  app.get(
    '/api/career/positions',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The open positions of the career page, newest first',
        response: { 200: jobPositionListSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return career.listOpenPositions(deps.db);
    },
  );

  app.get(
    '/api/career/positions/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One open position with its text as sanitized HTML; 410 once it is closed',
        params: jobPositionParamsSchema,
        response: { 200: jobPositionSchema, ...errorResponses(404, 410, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return career.readOpenPosition(deps.db, request.params.slug);
    },
  );

  app.post(
    '/api/career/positions/:slug/applications',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Apply to an open position: multipart field `data` (JSON: name, email, phone (optional), message, consent true) and the file `cv` (a PDF, checked by its bytes, at most 10 MB); the applicant gets a confirmation mail (at most 10 per IP and hour, 3 per e-mail address and day)',
        description:
          'Answered 202 with a German confirmation. A CV that is no PDF by its bytes (an HTML file named .pdf) is a 422; the CV is stored privately and only ADMINs read it.',
        consumes: ['multipart/form-data'],
        params: jobPositionParamsSchema,
        response: { 202: messageSchema, ...errorResponses(404, 410, 413, 422, 429) },
      },
    },
    async (request, reply) => {
      const missing = new AppError('validation', careerTexts.missingData);
      if (!request.isMultipart()) throw missing;
      const fields: Record<string, string> = {};
      let tmp: string | null = null;
      try {
        for await (const part of request.parts({ limits: { fileSize: JOB_APPLICATION_CV_MAX_BYTES } })) {
          if (part.type === 'file') {
            if (part.fieldname !== 'cv' || tmp !== null) {
              part.file.resume();
              throw new AppError('validation', careerTexts.missingCv);
            }
            tmp = await applications.receiveCv(deps, part.file);
          } else if (typeof part.value === 'string' && part.value.length <= FIELD_MAX) {
            fields[part.fieldname] = part.value;
          } else {
            throw new AppError('validation', careerTexts.missingData);
          }
        }
        const answer = await applications.applyToPosition(
          deps,
          request.params.slug,
          fields.data,
          tmp,
          request.ip,
        );
        return reply.status(202).send(answer);
      } finally {
        if (tmp !== null) await applications.discardCv(tmp);
      }
    },
  );

  app.get(
    '/api/admin/career/positions',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary:
          'ADMIN: every position of the career page, open ones first, with its Markdown and application count',
        security: bearer,
        response: { 200: adminJobPositionListSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return career.listAdminPositions(deps.db);
    },
  );

  app.post(
    '/api/admin/career/positions',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'ADMIN: open a new position (its address is made from the title); written to the audit log',
        security: bearer,
        body: jobPositionBodySchema,
        response: { 201: adminJobPositionSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return reply.status(201).send(await career.createPosition(deps.db, request.user.id, request.body));
    },
  );

  app.patch(
    '/api/admin/career/positions/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary:
          "ADMIN: change a position's fields, close it (`status` closed) or open it again (open); written to the audit log",
        security: bearer,
        params: idParams,
        body: jobPositionChangeSchema,
        response: { 200: adminJobPositionSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return career.changePosition(deps.db, request.user.id, request.params.id, request.body);
    },
  );

  app.get(
    '/api/admin/career/applications',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary:
          'ADMIN: applications, newest first, optionally of one status; with their total and the open count',
        security: bearer,
        querystring: jobApplicationListQuerySchema,
        response: { 200: jobApplicationListSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return applications.listApplications(deps.db, request.query);
    },
  );

  app.patch(
    '/api/admin/career/applications/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: "ADMIN: set an application's status: new, in_progress or done; written to the audit log",
        security: bearer,
        params: idParams,
        body: jobApplicationStatusChangeSchema,
        response: { 200: jobApplicationSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return applications.changeApplicationStatus(
        deps.db,
        request.user.id,
        request.params.id,
        request.body.status,
      );
    },
  );

  app.get(
    '/api/admin/career/applications/:id/cv',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: "ADMIN: an application's CV (PDF); the opening is written to the audit log",
        security: bearer,
        params: idParams,
        response: { 200: z.any().describe('application/pdf'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await applications.readCv(deps, request.user.id, request.params.id);
      reply.header('Cache-Control', 'private, no-store');
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Disposition', 'inline; filename="lebenslauf.pdf"');
      return reply.type('application/pdf').header('Content-Length', file.size).send(file.stream);
    },
  );
};

export default careerRoutes;
