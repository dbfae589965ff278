/** Events of the forum module, published after the change has committed. */
declare module '../../realtime/event-bus.ts' {
  interface DomainEvents {
    /**
     * A reply was posted. `recipientIds` are the members it concerns (the thread's author, the
     * author of the post it answers, watchers), without the author, those who muted the thread
     * and those mentioned (they get `forum.mentioned`).
     */
    'forum.replied': {
      threadId: string;
      threadTitle: string;
      postId: string;
      postNumber: number;
      authorId: string;
      recipientIds: string[];
      excerpt: string;
    };
    /** Members were mentioned with `@name` in a new thread or reply (not the author, not muted). */
    'forum.mentioned': {
      threadId: string;
      threadTitle: string;
      postId: string;
      postNumber: number;
      authorId: string;
      mentionedIds: string[];
      excerpt: string;
    };
    /** A member liked another member's post. */
    'forum.liked': {
      threadId: string;
      threadTitle: string;
      postId: string;
      postNumber: number;
      likerId: string;
      authorId: string;
    };
    /** A member reported a post (`POST /api/forum/posts/{id}/report`); the reporter gets a confirmation. */
    'forum.post_reported': { postId: string; reporterId: string; threadId: string; threadTitle: string };
    /** Moderation removed a post (or the thread, for its opening post); every instance drops its forum counts. */
    'forum.post_moderated': { postId: string };
  }
}

export {};
