export {};

/** Events of the admin module, published after the change has committed. */
declare module '../../realtime/event-bus.ts' {
  interface DomainEvents {
    /**
     * A member was suspended (`endsAt` an ISO date-time) or banned (`endsAt` null); their
     * sessions have ended. `adminId` null: the system decided.
     */
    'member.sanctioned': {
      userId: string;
      sanctionId: string;
      endsAt: string | null;
      adminId: string | null;
    };
    /** An administrator lifted a member's active sanctions; the member may log in again. */
    'member.sanction_lifted': { userId: string; adminId: string };
  }
}
