export {};

/** Events of the auth module, published after the change has committed. */
declare module '../../realtime/event-bus.ts' {
  interface DomainEvents {
    /**
     * Sessions of a member ended (logout, ending one or all devices, password change or reset,
     * suspension, account deletion; docs/decisions/0007). Handled on every instance: each
     * closes the sockets it holds for these sessions with code 1008.
     */
    'session.ended': {
      userId: string;
      sessionIds: string[];
      /**
       * A password change replaced the asking device's session `from` by the fresh session
       * `to`: sockets of `from` stay open and belong to `to` from now on.
       */
      moved?: { from: string; to: string };
    };
  }
}
