/** Events of the verification module, published after the change has committed. */
declare module '../../realtime/event-bus.ts' {
  interface DomainEvents {
    /** A member asked to be verified; ADMIN views may refresh their queue. */
    'verification.requested': { verificationId: string; userId: string };
    /** An ADMIN approved or rejected a request; the member is notified with the reason. */
    'verification.decided': {
      verificationId: string;
      userId: string;
      adminId: string;
      kind: 'private' | 'business';
      approved: boolean;
      reason: string | null;
    };
  }
}

export {};
