import type { ProfilePermissions, Role } from '@marketplace/contract';

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

/**
 * What `viewer` may do on the public profile of member `profile` (/user/{id}): the one profile
 * policy (docs/decisions/0006-module-doors.md point 5). `GET /api/users/{id}` answers it as
 * `can`, and the follow, report and direct-message writes check it.
 * - edit ('Profil bearbeiten', the settings): the member on their own profile only; `PATCH
 *   /api/me` changes one's own account, administrators act on others in the admin area
 * - follow, message, report: members, on other members' profiles (following, writing to or
 *   reporting oneself makes no sense); administrators like every member
 * - a visitor without a token (`viewer` null) may do none of it
 */
export function profilePermissions(
  viewer: { id: string } | null | undefined,
  profile: { id: string },
): ProfilePermissions {
  if (!viewer) return { edit: false, follow: false, message: false, report: false };
  const own = viewer.id === profile.id;
  return { edit: own, follow: !own, message: !own, report: !own };
}
