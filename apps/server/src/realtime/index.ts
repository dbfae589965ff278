import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { SocketDelivery } from './events.ts';
import { SocketGateway } from './gateway.ts';
import type { SocketHub } from './hub.ts';
import { notificationEndpoint, ticketRoutes } from './notification-socket.ts';

export type { SocketDelivery } from './events.ts';
export type { SocketConnection, SocketEndpoint, SocketGateway } from './gateway.ts';
export { type ActivityListener, SOCKETS_PER_MEMBER_MAX, type SocketHub } from './hub.ts';

/** What the modules use to reach members' sockets. */
export interface Realtime {
  /**
   * The socket gateway: another module's socket endpoint registers on it (`/ws/stories`,
   * docs/decisions/0021-one-socket-gateway.md).
   */
  gateway: SocketGateway;
  /** This instance's `/ws/notifications` sockets (who is connected here, activity). */
  hub: SocketHub;
  /**
   * Sends socket messages to members' sockets on every instance (the `realtime.deliver` event).
   * Resolves when this instance has written to its own sockets and the event is on its way to
   * the others. Messages for members without a socket are dropped; the database keeps what matters.
   */
  deliver(deliveries: SocketDelivery[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The socket gateway and live delivery to `/ws/notifications` sockets (ARCHITECTURE.md
     * "realtime").
     */
    realtime: Realtime;
  }
}

/**
 * The sockets of this instance (ARCHITECTURE.md "realtime", SPEC.md §7 "Sockets"): the socket
 * gateway (handshake, session, limits, heartbeat and close codes of every endpoint,
 * docs/decisions/0021-one-socket-gateway.md) with `/ws/notifications` on it,
 * `POST /api/realtime/ticket`, and the `realtime.deliver` subscription that hands every instance
 * its share of notification socket messages.
 */
async function realtime(app: FastifyInstance, options: { config: Config }) {
  const gateway = new SocketGateway(app, options.config.publicUrl);
  const hub = gateway.endpoint(app, notificationEndpoint);
  app.events.onEveryInstance('realtime.deliver', ({ deliveries }) => {
    for (const delivery of deliveries) hub.deliver(delivery.userIds, delivery.message, delivery.admins);
  });
  app.decorate('realtime', {
    gateway,
    hub,
    async deliver(deliveries: SocketDelivery[]) {
      if (deliveries.length > 0) await app.events.publish('realtime.deliver', { deliveries });
    },
  } satisfies Realtime);
  await app.register(ticketRoutes);
}

export default fp(realtime, { name: 'realtime', dependencies: ['database', 'events', 'auth'] });
