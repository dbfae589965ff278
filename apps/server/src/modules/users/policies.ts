import type { Role } from '@marketplace/contract';

/** The acting member as far as policies need it. */
export interface Actor {
  id: string;
  role: Role;
}

/** SPEC.md §6: isAdmin is true only for ADMIN. */
export function isAdmin(actor: Actor | null | undefined): boolean {
  return actor?.role === 'ADMIN';
}

/**
 * SPEC.md §6: the moderator check is true for SELLER or ADMIN. No route asks it yet; it is the
 * rule moderated areas (forum) use when they arrive.
 */
export function isModerator(actor: Actor | null | undefined): boolean {
  return actor?.role === 'SELLER' || actor?.role === 'ADMIN';
}

/** A member manages their own account; an administrator manages every account. */
export function canManageUser(actor: Actor | null | undefined, targetUserId: string): boolean {
  return !!actor && (actor.id === targetUserId || isAdmin(actor));
}
