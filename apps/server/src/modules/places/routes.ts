import { placeListSchema, placeQuerySchema } from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { searchPlaces } from './service.ts';

/** `GET /api/places?q=`: completion of postal codes and places for posting and the location filter. */
const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/places',
    {
      config: { access: 'public' },
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

export default placeRoutes;
