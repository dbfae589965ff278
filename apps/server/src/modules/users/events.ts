export {};

/**
 * Events about members' accounts, published after the change has committed. They are declared
 * here, in the lowest module, because modules at every level subscribe to them
 * (docs/decisions/0006-module-doors.md): the users module publishes `user.updated` for the names
 * and roles it changes, the members module `user.updated` for the avatar, `user.deleted` and
 * `member.reported`, the admin module the sanctions (the listings module hides a sanctioned
 * seller's ads).
 */
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
    /**
     * A member was suspended (`endsAt` an ISO date-time) or banned (`endsAt` null); their
     * sessions have ended. `adminId` null: the system decided. Published by the admin module.
     */
    'member.sanctioned': {
      userId: string;
      sanctionId: string;
      endsAt: string | null;
      adminId: string | null;
    };
    /**
     * An administrator lifted a member's active sanctions; the member may log in again.
     * Published by the admin module.
     */
    'member.sanction_lifted': { userId: string; adminId: string };
  }
}
