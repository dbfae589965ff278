import type { AppointmentType, ChatMessageKind, ChatWarning } from '@marketplace/contract';

/** Events of the chat module, published after the change has committed. */
declare module '../../realtime/event-bus.ts' {
  interface DomainEvents {
    /**
     * A message was stored; `preview` is its text shortened for a notification (or a photo hint),
     * `warning` the scam shield's worst signal in it (for the recipient only; docs/decisions/0031).
     */
    'message.created': {
      conversationId: string;
      messageId: string;
      senderId: string;
      recipientId: string;
      listingId: string | null;
      /** The message's kind (absent in events recorded before appointments). */
      kind?: ChatMessageKind;
      preview: string;
      warning: ChatWarning | null;
    };
    /**
     * A member read a conversation: `readerId`'s unread messages in it became read (only
     * published when at least one did), so their notifications about it can follow.
     */
    'conversation.read': {
      conversationId: string;
      readerId: string;
    };
    /**
     * A step of an appointment in a conversation (contract `calendar.ts`): `actorId` proposed
     * it, proposed another time (`countered`, then `appointmentId` is the new proposal),
     * accepted, declined or cancelled it; `recipientIds` are the members to notify (the other
     * member; both when it was accepted). `startsAt` in UTC (ISO 8601).
     */
    'appointment.changed': {
      appointmentId: string;
      conversationId: string;
      listingId: string | null;
      actorId: string;
      recipientIds: string[];
      step: 'proposed' | 'countered' | 'accepted' | 'declined' | 'cancelled';
      type: AppointmentType;
      startsAt: string;
      place: string;
      note: string;
    };
    /** A member reported a conversation; the reporter gets a confirmation (DSA Art. 16 (5)). */
    'conversation.reported': { conversationId: string; reporterId: string; reportedId: string };
  }
}
