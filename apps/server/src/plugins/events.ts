import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createEventBus, type EventBus } from '../realtime/event-bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The domain event bus (ARCHITECTURE.md "realtime"): in-process, or Redis with `REDIS_URL`. */
    events: EventBus;
  }
}

/** Opens the event bus before the modules subscribe to it, and closes it on shutdown. */
async function events(app: FastifyInstance, options: { config: Config }) {
  const bus = createEventBus(options.config.redisUrl, app.log);
  app.decorate('events', bus);
  app.addHook('onReady', async () => {
    await bus.ready();
  });
  app.addHook('onClose', async () => {
    await bus.close();
  });
}

export default fp(events, { name: 'events' });
