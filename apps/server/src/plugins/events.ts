import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { Reactions } from '../jobs/reactions.ts';
import { createEventBus, type EventBus } from '../realtime/event-bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The domain event bus (ARCHITECTURE.md "realtime"): in-process, or Redis with `REDIS_URL`;
     * durable reactions on the job queue (docs/decisions/0022-durable-reactions.md).
     */
    events: EventBus;
  }
}

/**
 * Opens the event bus before the modules subscribe to it, starts the workers of the durable
 * reactions once every module has registered its own (so a reaction recorded before a crash
 * finds its handler after the restart), and closes the bus on shutdown.
 */
async function events(app: FastifyInstance, options: { config: Config }) {
  const reactions = new Reactions(
    app.jobs,
    app.database.db,
    app.log,
    options.config.reactionRetryDelaySeconds,
    app.database.kind === 'pglite',
  );
  const bus = createEventBus(options.config.redisUrl, app.log, reactions);
  app.decorate('events', bus);
  app.addHook('onReady', async () => {
    await bus.ready();
    await reactions.start();
  });
  app.addHook('onClose', async () => {
    await bus.close();
  });
}

export default fp(events, { name: 'events', dependencies: ['database', 'jobs'] });
