import { SOCKET_CLOSE_POLICY } from '@marketplace/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import '../modules/auth/events.ts';
import type { SocketDelivery } from './events.ts';
import { SocketHub } from './hub.ts';
import { notificationSocketRoutes } from './notification-socket.ts';

export type { SocketDelivery } from './events.ts';
export type { ActivityListener, SocketHub } from './hub.ts';

/** Close reason of a socket whose session ended (logout, password change; docs/decisions/0007). */
const SESSION_ENDED_REASON = 'Die Sitzung wurde beendet.';

/**
 * Close code and reason when the connection between the instances is back after a loss (Redis
 * returned): live events of the gap did not arrive, so clients reconnect and fetch anew. 1012 is
 * WebSocket's "service restart"; the web app reconnects after every code but 1008.
 */
const SERVICE_RESTART = 1012;
const RECONNECTED_REASON = 'Live-Verbindung wird erneuert.';

/** Interval of the server's heartbeat pings; a socket silent for two rounds is dropped (ms). */
const HEARTBEAT_MS = 45_000;

/** What the modules use to reach members' notification sockets. */
export interface Realtime {
  /** This instance's sockets (who is connected here, activity). */
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
    /** Live delivery to `/ws/notifications` sockets (ARCHITECTURE.md "realtime"). */
    realtime: Realtime;
  }
}

/**
 * The notification socket of this instance (ARCHITECTURE.md "realtime", SPEC.md §7 "Sockets"):
 * `/ws/notifications`, `POST /api/realtime/ticket`, the hub of open sockets, and the
 * `realtime.deliver` subscription that hands every instance its share of socket messages. On
 * `session.ended` every instance closes the sockets of those sessions with 1008; when Redis is
 * back after a loss, every socket closes with 1012 so its client reconnects and fetches anew.
 */
async function realtime(app: FastifyInstance, options: { config: Config }) {
  const hub = new SocketHub();
  app.events.onEveryInstance('realtime.deliver', ({ deliveries }) => {
    for (const delivery of deliveries) hub.deliver(delivery.userIds, delivery.message, delivery.admins);
  });
  app.events.onEveryInstance('session.ended', ({ sessionIds, moved }) => {
    if (moved) hub.moveSession(moved.from, moved.to);
    hub.closeSessions(
      sessionIds.filter((id) => id !== moved?.from),
      SOCKET_CLOSE_POLICY,
      SESSION_ENDED_REASON,
    );
  });
  const stopListening = app.events.onReconnected(() => hub.closeAll(SERVICE_RESTART, RECONNECTED_REASON));
  app.addHook('onClose', async () => stopListening());
  app.decorate('realtime', {
    hub,
    async deliver(deliveries: SocketDelivery[]) {
      if (deliveries.length > 0) await app.events.publish('realtime.deliver', { deliveries });
    },
  } satisfies Realtime);
  await app.register(notificationSocketRoutes, { hub, publicUrl: options.config.publicUrl });
  app.addHook('onReady', async () => hub.startHeartbeat(HEARTBEAT_MS));
  app.addHook('preClose', async () => hub.stopHeartbeat());
}

export default fp(realtime, { name: 'realtime', dependencies: ['database', 'events', 'auth'] });
