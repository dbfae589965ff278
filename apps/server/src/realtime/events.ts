import type { NotificationServerMessage } from '@marketplace/contract';

/**
 * One batch of socket messages for `/ws/notifications`: each entry goes to every open socket of
 * its `userIds` (and, with `admins`, of every administrator), on whichever instance holds them.
 */
export interface SocketDelivery {
  userIds: string[];
  admins?: boolean;
  message: NotificationServerMessage;
}

/** Events of the socket hub (ARCHITECTURE.md "realtime"). */
declare module './event-bus.ts' {
  interface DomainEvents {
    /** Handled on every instance: each hands the messages to the sockets it holds. */
    'realtime.deliver': { deliveries: SocketDelivery[] };
  }
}
