export {};

/** Events of the users module, published after the change has committed. */
declare module '../../realtime/event-bus.ts' {
  interface DomainEvents {
    /** Name, avatar or role changed (ads show the seller card). */
    'user.updated': { userId: string };
    /** The account and its data are gone. */
    'user.deleted': { userId: string };
  }
}
