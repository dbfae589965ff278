import {
  moderationAppealBodySchema,
  moderationAppealDecisionBodySchema,
  moderationDecisionBodySchema,
  moderationDecisionSchema,
  moderationQueueSchema,
  moderationTransparencyQuerySchema,
  moderationTransparencySchema,
} from '@marketplace/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { Actor } from '../users/index.ts';
import { decideAppeal, fileAppeal } from './appeals.ts';
import { transparencyCsv } from './csv.ts';
import { decideOnReports, readDecision } from './decisions.ts';
import type { ModerationDeps } from './deps.ts';
import { DECISION_LINK_KEY_PURPOSE, DecisionLinks } from './links.ts';
import { readQueue } from './queue.ts';
import { readTransparency } from './transparency.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['moderation'];
const idParams = z.object({ id: z.string().max(100) });
const BEARER = /^Bearer (\S+)$/;

/**
 * Notice and action (DSA Art. 16, 17, 20, 23; docs/decisions/0009-reports-queue.md). The queue,
 * decisions, appeal decisions and the transparency report are for ADMINs (401 without a token,
 * 403 for members); the statement of reasons and the appeal are for the affected member.
 */
const moderationRoutes: FastifyPluginAsyncZod<{ deps: ModerationDeps }> = async (app, options) => {
  const { deps } = options;
  const admin = { onRequest: [app.authenticate, app.requireAdmin] };
  const links = new DecisionLinks(app.deriveKey(DECISION_LINK_KEY_PURPOSE));

  /**
   * Who reads or appeals a decision: the member of the request's session, or the member named by
   * the token of the link in the statement's mail (`links.ts`), which opens only this decision.
   * Checked when the request arrives (`onRequest`), before its body: without either, 401.
   */
  const readers = new WeakMap<FastifyRequest, Actor>();
  const decisionReader = async (request: FastifyRequest) => {
    const member = await app.optionalUser(request);
    if (member) {
      readers.set(request, member);
      return;
    }
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const { id } = request.params as { id?: unknown };
    const linked = token && typeof id === 'string' ? links.member(token, id) : null;
    if (!linked) throw new AppError('unauthorized');
    readers.set(request, linked);
  };
  const readerOf = (request: FastifyRequest): Actor => {
    const reader = readers.get(request);
    if (!reader) throw new AppError('unauthorized');
    return reader;
  };

  app.get(
    '/api/admin/moderation/queue',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'The reports queue: open reports grouped by ad (oldest first) with reasons and how many reported it, then open appeals',
        security: bearer,
        response: { 200: moderationQueueSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return readQueue(deps, request.user.id);
    },
  );

  app.post(
    '/api/admin/moderation/decisions',
    {
      ...admin,
      schema: {
        tags,
        summary:
          "Decide on an ad's open reports: keep it or remove it, with a ground (AGB rule or law) and the facts; the seller receives a statement of reasons",
        security: bearer,
        body: moderationDecisionBodySchema,
        response: { 201: moderationDecisionSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await decideOnReports(deps, request.user.id, request.body)),
  );

  app.post(
    '/api/admin/moderation/appeals/:id/decision',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Decide on an appeal: uphold or reverse the decision (reversing restores the ad); not by the ADMIN who took the first decision (403)',
        security: bearer,
        params: idParams,
        body: moderationAppealDecisionBodySchema,
        response: { 200: moderationDecisionSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => decideAppeal(deps, request.user.id, request.params.id, request.body),
  );

  app.get(
    '/api/admin/moderation/transparency',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Transparency report for whole UTC days from..to: notices by reason, decisions by ground, appeals, reversals, median handling time',
        security: bearer,
        querystring: moderationTransparencyQuerySchema,
        response: { 200: moderationTransparencySchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return readTransparency(deps.db, request.query);
    },
  );

  app.get(
    '/api/admin/moderation/transparency.csv',
    {
      ...admin,
      schema: {
        tags,
        summary: 'The transparency report for from..to as a CSV download (semicolon-separated, UTF-8)',
        security: bearer,
        querystring: moderationTransparencyQuerySchema,
        response: { 200: z.string().describe('text/csv'), ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const report = await readTransparency(deps.db, request.query);
      reply.header('Cache-Control', 'private, no-store');
      reply.header(
        'Content-Disposition',
        `attachment; filename="transparenzbericht-${report.from}-${report.to}.csv"`,
      );
      return reply.type('text/csv; charset=utf-8').send(transparencyCsv(report));
    },
  );

  app.get(
    '/api/moderation/decisions/:id',
    {
      onRequest: decisionReader,
      schema: {
        tags,
        summary:
          "A statement of reasons: what was restricted, the facts, the ground, who decided, how to appeal; for the affected member (by session or by the mailed link's token) and ADMINs (404 otherwise)",
        security: bearer,
        params: idParams,
        response: { 200: moderationDecisionSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return readDecision(deps.db, readerOf(request), request.params.id);
    },
  );

  app.post(
    '/api/moderation/decisions/:id/appeal',
    {
      onRequest: decisionReader,
      schema: {
        tags,
        summary:
          "'Widerspruch einlegen': the affected member (by session or by the mailed link's token, also while suspended) contests a decision that restricts them once, within 6 months; it goes to the ADMINs' queue",
        security: bearer,
        params: idParams,
        body: moderationAppealBodySchema,
        response: { 201: moderationDecisionSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const appealed = await fileAppeal(deps, readerOf(request), request.params.id, request.body);
      return reply.status(201).send(appealed);
    },
  );
};

export default moderationRoutes;
