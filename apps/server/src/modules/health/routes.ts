import { errorBodySchema, healthSchema, readinessSchema } from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorCatalogue } from '../../lib/errors.ts';
import { RedisEventBus } from '../../realtime/event-bus.ts';

/**
 * `GET /api/health` (liveness): 200 `{status:'ok', db:'ok'}`, or 503 when the database does not
 * answer. `GET /api/health/ready` (readiness, for a load balancer choosing instances): 200 when
 * the database answers `select 1`, every migration is applied and Redis (when configured)
 * answers PING; else 503 `{ detail, code: 'service_unavailable' }` with the German detail.
 */
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

  app.get(
    '/api/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: database, migrations and Redis',
        response: { 200: readinessSchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const [db, migrations, redis] = await Promise.all([
        app.database.ping(),
        app.database.migrated(),
        app.events.healthy(),
      ]);
      if (!db || !migrations || !redis) {
        request.log.warn({ db, migrations, redis }, 'not ready');
        const { detail } = errorCatalogue.service_unavailable;
        return reply.status(503).header('Retry-After', '5').send({ detail, code: 'service_unavailable' });
      }
      return reply.send({
        status: 'ok',
        db: 'ok',
        migrations: 'ok',
        redis: app.events instanceof RedisEventBus ? 'ok' : 'off',
      });
    },
  );
};

export default healthRoutes;
