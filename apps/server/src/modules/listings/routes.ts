import {
  entityListQuerySchema,
  entityListSchema,
  followedListingsQuerySchema,
  listingCreateSchema,
  listingListSchema,
  listingQuerySchema,
  listingReportBodySchema,
  listingReportResultSchema,
  listingSchema,
  listingUpdateSchema,
  listingViewQuerySchema,
  myListingListSchema,
  myListingsQuerySchema,
  searchSuggestionsSchema,
  searchSuggestQuerySchema,
  similarListingsQuerySchema,
  similarListingsSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type PublicAnswerCache, queryKey } from '../../lib/public-answers.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { ListingDeps } from './deps.ts';
import { listEntities } from './entities.ts';
import { listFollowedListings } from './followed.ts';
import { listMyListings, readListing, similarListings } from './reading.ts';
import { reportListing } from './reports.ts';
import { listListings } from './search.ts';
import * as listings from './service.ts';
import { suggest } from './terms.ts';
import { countView, viewSourceOf, visitorOf } from './views.ts';

const bearer = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string().max(100) });

/** What the routes get from the listings plugin, which owns the service's state. */
export interface ListingRouteOptions {
  deps: ListingDeps;
  /** Answers for visitors without a token (every `can` false). */
  answers: PublicAnswerCache;
  /** One ad's public answer (`listing|<id>`). */
  adAnswers: PublicAnswerCache;
}

/**
 * Ads: posting, the ad page, changes, deletion, lists and search, my ads,
 * extension, reports, similar ads and search suggestions. Handlers parse, call the service
 * and reply; a member's answers carry their permissions, anonymous answers come from the
 * cache of public answers.
 */
const listingRoutes: FastifyPluginAsyncZod<ListingRouteOptions> = async (app, options) => {
  const { deps, answers, adAnswers } = options;

  app.post(
    '/api/listings',
    {
      onRequest: [app.authenticate, app.requireVerified],
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
      config: { access: 'public' },
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
      if (viewer) return listListings(deps, request.query, viewer);
      return answers.send(reply, listingListSchema, queryKey('listings', request.query), () =>
        listListings(deps, request.query, null),
      );
    },
  );

  app.get(
    '/api/listings/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['listings'],
        summary:
          'One ad in any status; counts one view per member or address and day, at most 100 per address and day',
        description:
          '`src` says where the visitor opened the ad from (search, category, home, alert, external) for the seller analytics; without it a Referer of another site counts as external, anything else as direct.',
        params: idParams,
        querystring: listingViewQuerySchema,
        response: { 200: listingSchema, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const viewer = request.headers.authorization ? await app.optionalUser(request) : null;
      const { id } = request.params;
      const visitor = visitorOf(deps.viewSecret, viewer?.id ?? null, request.ip);
      // A counted view is announced (`listing.viewed`) before the read, and the listings
      // plugin forgets the cached answer of the ad then: the visit shows its own view.
      await countView(
        deps,
        id,
        visitor,
        viewSourceOf(request.query.src, request.headers.referer, request.host),
      );
      if (viewer) return readListing(deps, id, viewer);
      return adAnswers.send(reply, listingSchema, `listing|${id}`, () => readListing(deps, id, null));
    },
  );

  app.patch(
    '/api/listings/:id',
    {
      onRequest: app.authenticate,
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
      onRequest: app.authenticate,
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
      onRequest: app.authenticate,
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
      onRequest: [app.authenticate, app.requireVerified],
      schema: {
        tags: ['listings'],
        summary:
          'Report an ad to the administrators (once per member and ad; at most 20 per member and hour). 403 without a confirmed e-mail address',
        security: bearer,
        params: idParams,
        body: listingReportBodySchema,
        response: { 201: listingReportResultSchema, ...errorResponses(401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reportListing(deps, request.user, request.params.id, request.body)),
  );

  app.get(
    '/api/listings/:id/similar',
    {
      config: { access: 'public' },
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
        listings: await similarListings(deps, request.params.id, request.query.limit, viewer),
      };
    },
  );

  app.get(
    '/api/me/listings',
    {
      onRequest: app.authenticate,
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
      return listMyListings(deps, request.user.id, request.query);
    },
  );

  app.get(
    '/api/me/feed',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['me'],
        summary: 'Ads of the members I follow, newest first (the /feed page); keyset paging (cursor)',
        security: bearer,
        querystring: followedListingsQuerySchema,
        response: { 200: listingListSchema, ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return listFollowedListings(deps, request.user, request.query);
    },
  );

  app.get(
    '/api/entities',
    {
      config: { access: 'public' },
      schema: {
        tags: ['listings'],
        summary:
          'The directory of /entities: shops (verified business sellers), service providers or all members with visible ads, most ads first',
        querystring: entityListQuerySchema,
        response: { 200: entityListSchema, ...errorResponses(422) },
      },
    },
    // The same for every visitor: kept for a second, like the public ad lists.
    async (request, reply) =>
      answers.send(reply, entityListSchema, queryKey('entities', request.query), () =>
        listEntities(deps, request.query),
      ),
  );

  app.get(
    '/api/search/suggest',
    {
      config: { access: 'public' },
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
