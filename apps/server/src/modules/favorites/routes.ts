import { favoriteAddedSchema, favoriteCheckSchema, favoriteListSchema } from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import * as favorites from './service.ts';

const bearer = [{ bearerAuth: [] }];
const params = z.object({ listingId: z.string().max(100) });

/** Favourites (SPEC.md §7, §8): list, add, remove, check. All need a bearer token (401). */
const favoriteRoutes: FastifyPluginAsyncZod<{ deps: favorites.FavoriteDeps }> = async (app, options) => {
  const { deps } = options;
  const db = deps.db;

  app.get(
    '/api/favorites',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['favorites'],
        summary: 'My saved ads, newest first',
        security: bearer,
        response: { 200: favoriteListSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return { favorites: await favorites.listFavorites(db, app.categories, request.user) };
    },
  );

  app.post(
    '/api/favorites/:listingId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['favorites'],
        summary:
          "Save an ad (no body). 400 'Listing is already in favorites' when saved already; own ads cannot be saved (400); at most 200 per member and hour (429)",
        security: bearer,
        params,
        response: { 201: favoriteAddedSchema, ...errorResponses(400, 401, 404, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await favorites.addFavorite(deps, request.user, request.params.listingId)),
  );

  app.delete(
    '/api/favorites/:listingId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['favorites'],
        summary: 'Forget a saved ad (404 when it was not saved)',
        security: bearer,
        params,
        response: { 204: z.null().describe('Aus den Favoriten entfernt'), ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      await favorites.removeFavorite(deps, request.user.id, request.params.listingId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/favorites/:listingId/check',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['favorites'],
        summary: 'Whether I saved this ad',
        security: bearer,
        params,
        response: { 200: favoriteCheckSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => ({
      isFavorite: await favorites.isFavorite(db, request.user.id, request.params.listingId),
    }),
  );
};

export default favoriteRoutes;
