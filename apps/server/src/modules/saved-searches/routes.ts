import {
  savedSearchCreateSchema,
  savedSearchIdParamsSchema,
  savedSearchListSchema,
  savedSearchSchema,
  savedSearchUpdateSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import * as service from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['saved-searches'];

/**
 * Saved searches with alerts ('Suchaufträge'): list, save, switch alerts or rename, delete. All
 * need a bearer token (401) and touch only the caller's own searches: another member's id
 * answers 404 like an unknown one, so ids cannot be probed.
 */
const savedSearchRoutes: FastifyPluginAsyncZod<{ deps: service.SavedSearchDeps }> = async (app, options) => {
  const { deps } = options;
  const db = deps.db;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/saved-searches',
    {
      schema: {
        tags,
        summary: 'My saved searches, newest first',
        security: bearer,
        response: { 200: savedSearchListSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return service.listSavedSearches(db, request.user.id);
    },
  );

  app.post(
    '/api/saved-searches',
    {
      schema: {
        tags,
        summary:
          "Save a search's filters (body `{ filters, name? }`; 201). The same filters again answer the saved search (200). At most 20 per member (409), at most 100 saved per hour (429); bad filters 422",
        security: bearer,
        body: savedSearchCreateSchema,
        response: {
          200: savedSearchSchema,
          201: savedSearchSchema,
          ...errorResponses(401, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const result = await service.createSavedSearch(deps, request.user.id, request.body);
      return reply.status(result.created ? 201 : 200).send(result.savedSearch);
    },
  );

  app.patch(
    '/api/saved-searches/:id',
    {
      schema: {
        tags,
        summary:
          'Choose how new ads are told (instant, daily, off), or rename (404 for unknown and other members\u2019 ids)',
        security: bearer,
        params: savedSearchIdParamsSchema,
        body: savedSearchUpdateSchema,
        response: { 200: savedSearchSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => service.updateSavedSearch(deps, request.user.id, request.params.id, request.body),
  );

  app.delete(
    '/api/saved-searches/:id',
    {
      schema: {
        tags,
        summary: 'Delete a saved search (404 for unknown and other members\u2019 ids)',
        security: bearer,
        params: savedSearchIdParamsSchema,
        response: { 204: z.null().describe('Gelöscht'), ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      await service.deleteSavedSearch(db, request.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default savedSearchRoutes;
