import { placeListSchema, placeQuerySchema } from '@marketplace/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { ensurePostalCodes, searchPlaces } from './service.ts';

/**
 * Places (issue 4 "postal code with place autocompletion"): loads the GeoNames postal codes on
 * the first start and answers `GET /api/places?q=`.
 */
const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  const loaded = await ensurePostalCodes(app.database.db);
  if (loaded > 0) app.log.info({ rows: loaded }, 'postal codes loaded');

  app.get(
    '/api/places',
    {
      schema: {
        tags: ['places'],
        summary: 'Up to 10 postal codes and places starting with q (digits: postal code; text: place)',
        querystring: placeQuerySchema,
        response: { 200: placeListSchema, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return { places: await searchPlaces(app.database.db, request.query.q) };
    },
  );
};

export default fp(placeRoutes, { name: 'places', dependencies: ['database'] });
