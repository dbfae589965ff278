import {
  listingCreateSchema,
  listingListSchema,
  listingQuerySchema,
  listingReportBodySchema,
  listingReportResultSchema,
  listingSchema,
  listingUpdateSchema,
  myListingListSchema,
  myListingsQuerySchema,
  searchSuggestionsSchema,
  searchSuggestQuerySchema,
  similarListingsQuerySchema,
  similarListingsSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { loadJwtSecret } from '../../lib/jwt-secret.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { queryKey, sendPublicAnswer } from './public-answers.ts';
import { pruneViews } from './queries.ts';
import { listListings } from './search.ts';
import * as listings from './service.ts';
import { suggest } from './terms.ts';

const bearer = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string().max(100) });
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Ads (issue 4): posting, the ad page, changes, deletion, lists and search, my ads,
 * extension, reports, similar ads and search suggestions.
 */
const listingRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, options) => {
  const deps: listings.ListingDeps = {
    db: app.database.db,
    categories: app.categories,
    storage: app.mediaStorage,
    viewSecret: `listing-views|${loadJwtSecret(options.config.jwtSecret, options.config.dataDir)}`,
  };
  const prune = setInterval(() => {
    pruneViews(deps.db).catch((error: unknown) => app.log.error({ err: error }, 'view pruning failed'));
  }, PRUNE_INTERVAL_MS);
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));

  app.post(
    '/api/listings',
    {
      preHandler: [app.authenticate, app.requireVerified],
      schema: {
        tags: ['listings'],
        summary: 'Post an ad (verified e-mail; at most 30 per hour). Price in euros, stored as cents',
        security: bearer,
        body: listingCreateSchema,
        response: { 201: listingSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await listings.createListing(deps, request.user, request.body)),
  );

  app.get(
    '/api/listings',
    {
      schema: {
        tags: ['listings'],
        summary:
          'Active ads: filters, full-text search (q), sorts, keyset paging (cursor). `total` counts up to 10,000',
        querystring: listingQuerySchema,
        response: { 200: listingListSchema, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const viewer = request.headers.authorization ? await app.optionalUser(request) : null;
      reply.header('Cache-Control', 'no-store');
      if (viewer) return listListings(deps, request.query, viewer.id);
      return sendPublicAnswer(reply, deps.db, listingListSchema, queryKey('listings', request.query), () =>
        listListings(deps, request.query, null),
      );
    },
  );

  app.get(
    '/api/listings/:id',
    {
      schema: {
        tags: ['listings'],
        summary: 'One ad in any status; counts one view per visitor and day',
        params: idParams,
        response: { 200: listingSchema, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const viewer = request.headers.authorization ? await app.optionalUser(request) : null;
      const { id } = request.params;
      const viewerId = viewer?.id ?? null;
      const visitor = listings.visitorKey(
        deps.viewSecret,
        viewerId,
        request.ip,
        request.headers['user-agent'] ?? '',
      );
      // A visit that may have raised the counter reads the ad afresh, so it shows its own view.
      const newVisit = await listings.countView(deps, id, viewerId, visitor);
      if (viewerId) return listings.readListing(deps, id, viewerId);
      return sendPublicAnswer(
        reply,
        deps.db,
        listingSchema,
        `listing|${id}`,
        () => listings.readListing(deps, id, null),
        newVisit,
      );
    },
  );

  app.patch(
    '/api/listings/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['listings'],
        summary:
          'Change an ad (owner or ADMIN); status reserved/sold/active (reactivation extends an expired ad)',
        security: bearer,
        params: idParams,
        body: listingUpdateSchema,
        response: { 200: listingSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => listings.updateListing(deps, request.user, request.params.id, request.body),
  );

  app.delete(
    '/api/listings/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['listings'],
        summary: 'Delete an ad with its favourites and photos (owner or ADMIN)',
        security: bearer,
        params: idParams,
        response: { 204: z.null().describe('Anzeige gelöscht'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await listings.deleteListing(deps, request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/listings/:id/extend',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['listings'],
        summary: 'Run an active or expired ad another 60 days from now (owner or ADMIN)',
        security: bearer,
        params: idParams,
        response: { 200: listingSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => listings.extendListing(deps, request.user, request.params.id),
  );

  app.post(
    '/api/listings/:id/report',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['listings'],
        summary: 'Report an ad to the administrators (a repeated report replaces the first)',
        security: bearer,
        params: idParams,
        body: listingReportBodySchema,
        response: { 201: listingReportResultSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await listings.reportListing(deps, request.user, request.params.id, request.body)),
  );

  app.get(
    '/api/listings/:id/similar',
    {
      schema: {
        tags: ['listings'],
        summary: 'Active ads of the same category nearest in price (default 8)',
        params: idParams,
        querystring: similarListingsQuerySchema,
        response: { 200: similarListingsSchema, ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const viewer = request.headers.authorization ? await app.optionalUser(request) : null;
      return {
        listings: await listings.similarListings(
          deps,
          request.params.id,
          request.query.limit,
          viewer?.id ?? null,
        ),
      };
    },
  );

  app.get(
    '/api/me/listings',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['me'],
        summary:
          'My ads in every status (active, reserved, sold, expired), newest first, with counts per status',
        security: bearer,
        querystring: myListingsQuerySchema,
        response: { 200: myListingListSchema, ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return listings.listMyListings(deps, request.user.id, request.query);
    },
  );

  app.get(
    '/api/search/suggest',
    {
      schema: {
        tags: ['search'],
        summary: 'Up to 8 completions of the last word from the words of ad titles',
        querystring: searchSuggestQuerySchema,
        response: { 200: searchSuggestionsSchema, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return { suggestions: await suggest(deps.db, request.query.q) };
    },
  );
};

export default listingRoutes;
