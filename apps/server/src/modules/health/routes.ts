import { errorBodySchema, healthSchema, readinessSchema } from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorCatalogue } from '../../lib/errors.ts';
import { RedisEventBus } from '../../realtime/event-bus.ts';

/**
 * `GET /api/health` (liveness): 200 `{status:'ok', db:'ok'}`, or 503 when the database does not
 * answer. `GET /api/health/ready` (readiness, for a load balancer choosing instances): 200 when
 * the database answers `select 1` and every migration is applied, `status` `degraded` and
 * `redis` `degraded` while a configured Redis does not answer PING (the instance still serves;
 * live events between instances pause), and `search` the index text searches use (`rum` or
 * `gin`, docs/decisions/0035); else 503 `{ detail, code: 'service_unavailable' }` with
 * the German detail.
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
        summary: 'Readiness: database and migrations; Redis reported, degraded while away',
        response: { 200: readinessSchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const [db, migrations, redis] = await Promise.all([
        app.database.ping(),
        app.database.migrated(),
        app.events.healthy(),
      ]);
      if (!db || !migrations) {
        request.log.warn({ db, migrations, redis }, 'not ready');
        const { detail } = errorCatalogue.service_unavailable;
        return reply.status(503).header('Retry-After', '5').send({ detail, code: 'service_unavailable' });
      }
      // Without Redis the instance still serves and stores everything; only the live events
      // between instances pause (sockets reconnect with 1012 when it is back). A load balancer
      // that took every instance out for that would take the whole site down.
      if (!redis) request.log.warn('ready, but Redis does not answer: live events between instances paused');
      return reply.send({
        status: redis ? 'ok' : 'degraded',
        db: 'ok',
        migrations: 'ok',
        redis: !(app.events instanceof RedisEventBus) ? 'off' : redis ? 'ok' : 'degraded',
        search: app.hasDecorator('searchIndex') ? app.searchIndex : 'gin',
      });
    },
  );
};

export default healthRoutes;
