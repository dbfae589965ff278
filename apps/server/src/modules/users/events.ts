export {};

/** Events of the users module, published after the change has committed. */
declare module '../../realtime/event-bus.ts' {
  interface DomainEvents {
    /** Name, avatar or role changed (ads show the seller card). */
    'user.updated': { userId: string };
    /**
     * A member reported another member (DSA Art. 16); the reporter gets a confirmation and the
     * moderation queue grows.
     */
    'member.reported': { reportedId: string; reporterId: string };
    /** The account and its data are gone. */
    'user.deleted': { userId: string };
  }
}
