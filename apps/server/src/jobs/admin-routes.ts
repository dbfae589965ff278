import {
  failingMailListSchema,
  failingReactionListSchema,
  mailRetryResponseSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import { errorResponses } from '../lib/route-schemas.ts';
import { listFailingMails, retryMail } from './mail.ts';
import type { JobQueue } from './queue.ts';
import { listFailingReactions, retryReaction } from './reactions.ts';

const bearer = [{ bearerAuth: [] }];

/**
 * ADMIN routes of the job queue (docs/decisions/0014-job-queue.md, 0022-durable-reactions.md):
 * the mails and the reactions to domain events that keep failing, and a retry at once. Every one
 * needs a token (401) of an ADMIN (403 otherwise).
 */
const jobAdminRoutes: FastifyPluginAsyncZod<{ jobs: JobQueue }> = async (app, { jobs }) => {
  app.get(
    '/api/admin/mail/failing',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary:
          'E-mails not delivered after 3 or more attempts (still retried, or failed after 24 hours of retries), oldest first, at most 100; recipients masked, no mail text',
        security: bearer,
        response: { 200: failingMailListSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return { mails: await listFailingMails(jobs) };
    },
  );

  app.post(
    '/api/admin/mail/:id/retry',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Try a failing e-mail again at once',
        security: bearer,
        params: z.object({ id: z.uuid() }),
        response: { 200: mailRetryResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      if (!(await retryMail(jobs, request.params.id))) {
        throw new AppError('not_found', 'Diese E-Mail wartet auf keinen weiteren Versuch.');
      }
      return { detail: 'Die E-Mail wird jetzt erneut gesendet.' };
    },
  );

  app.get(
    '/api/admin/reactions/failing',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary:
          'Reactions to domain events (notifications, audit rows) that failed 3 or more times (still retried, or failed after 24 hours of retries), oldest first, at most 100; no event data',
        security: bearer,
        response: { 200: failingReactionListSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return { reactions: await listFailingReactions(jobs) };
    },
  );

  app.post(
    '/api/admin/reactions/:id/retry',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Try a failing reaction again at once',
        security: bearer,
        params: z.object({ id: z.uuid() }),
        response: { 200: mailRetryResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      if (!(await retryReaction(jobs, request.params.id))) {
        throw new AppError('not_found', 'Diese Reaktion wartet auf keinen weiteren Versuch.');
      }
      return { detail: 'Die Reaktion wird jetzt erneut ausgeführt.' };
    },
  );
};

export default jobAdminRoutes;
