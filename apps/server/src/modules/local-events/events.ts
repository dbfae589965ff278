/** Events of the local-events module (contract local-events.ts), recorded with the change. */
declare module '../../realtime/event-bus.ts' {
  interface DomainEvents {
    /**
     * The organiser changed the time, place, price or title of an event (`updated`) or cancelled
     * it (`cancelled`); `recipientIds` are its participants at that moment.
     */
    'local_event.changed': {
      eventId: string;
      title: string;
      kind: 'updated' | 'cancelled';
      recipientIds: string[];
    };
  }
}

export {};
