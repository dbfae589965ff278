import { errorBodySchema, healthSchema } from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `GET /api/health`: 200 `{status:'ok', db:'ok'}`, or 503 when the database does not answer. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: healthSchema, 503: healthSchema.or(errorBodySchema) },
      },
    },
    async (_request, reply) => {
      const dbOk = await app.database.ping();
      return reply
        .status(dbOk ? 200 : 503)
        .send({ status: dbOk ? 'ok' : 'error', db: dbOk ? 'ok' : 'error' });
    },
  );
};

export default healthRoutes;
