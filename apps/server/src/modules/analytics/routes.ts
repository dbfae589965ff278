import {
  analyticsCsvQuerySchema,
  analyticsQuerySchema,
  analyticsSchema,
  listingAnalyticsSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { analyticsCsv } from './csv.ts';
import { readListingAnalytics, readSellerAnalytics } from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['analytics'];

/** The seller analytics of /analytics: a member's own figures, an ADMIN's of any ad. */
const analyticsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, options) => {
  const { db } = options;

  app.get(
    '/api/analytics',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          "The caller's ads over the last 7, 30 or 90 days (Europe/Berlin): views, favourites and chat contacts per day, views by source, ads ranked by views and by contacts",
        security: bearer,
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSchema, ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return readSellerAnalytics(db, request.user.id, Number(request.query.days));
    },
  );

  app.get(
    '/api/analytics/listings/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          "One ad's views, favourites and chat contacts per day and its views by source (its seller or an ADMIN)",
        security: bearer,
        params: z.object({ id: z.string().max(100) }),
        querystring: analyticsQuerySchema,
        response: { 200: listingAnalyticsSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return readListingAnalytics(db, request.user, request.params.id, Number(request.query.days));
    },
  );

  app.get(
    '/api/analytics/csv',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'The figures of /analytics (all own ads, or one with `listing`) as a CSV download: semicolon-separated, UTF-8 with BOM, German headers',
        security: bearer,
        querystring: analyticsCsvQuerySchema,
        response: { 200: z.string().describe('text/csv'), ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      const days = Number(request.query.days);
      const { listing } = request.query;
      const figures = listing
        ? await readListingAnalytics(db, request.user, listing, days)
        : await readSellerAnalytics(db, request.user.id, days);
      reply.header('Cache-Control', 'private, no-store');
      reply.header(
        'Content-Disposition',
        `attachment; filename="analytics-${listing ? 'anzeige-' : ''}${figures.from}-${figures.to}.csv"`,
      );
      return reply.type('text/csv; charset=utf-8').send(analyticsCsv(figures));
    },
  );
};

export default analyticsRoutes;
