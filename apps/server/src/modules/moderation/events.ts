import type { ModerationAction, ModerationTargetType } from '@marketplace/contract';

/** Events of the moderation module, published after the change has committed. */
declare module '../../realtime/event-bus.ts' {
  interface DomainEvents {
    /**
     * A decision was taken (DSA Art. 17): the affected member receives the statement of reasons
     * (`/moderation/decisions/{decisionId}`), the reporters learn the outcome. `automated` for
     * the warning and the suspension after repeated removals.
     */
    'moderation.decided': {
      decisionId: string;
      affectedUserId: string | null;
      action: ModerationAction;
      /** What was decided on: an ad, a forum post, a conversation, or the member (strikes). */
      targetType: ModerationTargetType;
      targetTitle: string | null;
      automated: boolean;
      reporterIds: string[];
    };
    /** The affected member appealed ('Widerspruch'); the queue of the ADMINs grows. */
    'moderation.appealed': { appealId: string; decisionId: string; userId: string };
    /** A second ADMIN upheld or reversed the decision; the member is told the outcome. */
    'moderation.appeal_decided': {
      appealId: string;
      decisionId: string;
      userId: string;
      outcome: 'upheld' | 'reversed';
      targetType: ModerationTargetType;
      /** The contested decision's action. */
      action: ModerationAction;
      targetTitle: string | null;
    };
  }
}
