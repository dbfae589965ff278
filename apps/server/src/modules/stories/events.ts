/** Events of the stories module, published after the change has committed. */
declare module '../../realtime/event-bus.ts' {
  interface DomainEvents {
    /** A member posted a story; followers' story sockets hear of it. */
    'story.created': { storyId: string; ownerId: string };
    /** The owner deleted a story; every instance's feed summary drops it. */
    'story.deleted': { storyId: string; ownerId: string };
    /** The clean-up removed stories whose 24 hours were over. */
    'story.expired': { storyIds: string[] };
    /** A member saw someone's story for the first time. */
    'story.viewed': { storyId: string; ownerId: string; viewerId: string };
    /** A member reacted ('heart') to someone's story for the first time; the owner is notified. */
    'story.reacted': { storyId: string; ownerId: string; userId: string };
    /**
     * A member reported someone's story (DSA Art. 16); the reporter gets a confirmation and the
     * moderation queue grows.
     */
    'story.reported': { storyId: string; ownerId: string; reporterId: string };
    /**
     * The moderation removed a story (its row is gone); the stories module removes its files,
     * and `story.deleted` follows for the feeds.
     */
    'story.moderated': {
      storyId: string;
      ownerId: string;
      mediaType: 'image' | 'video';
      mediaName: string;
      thumbnailName: string | null;
    };
    /** A member replied to a story; the reply is a chat message in `conversationId`. */
    'story.replied': { storyId: string; ownerId: string; userId: string; conversationId: string };
  }
}

export {};
