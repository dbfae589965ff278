export {};

/** Events of the follows module, published after the change has committed. */
declare module '../../realtime/event-bus.ts' {
  interface DomainEvents {
    'user.followed': { followerId: string; followeeId: string };
    'user.unfollowed': { followerId: string; followeeId: string };
  }
}
