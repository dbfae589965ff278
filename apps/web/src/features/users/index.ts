/**
 * What other features may use from the members area: the avatar by URL and name, and the
 * follow lists of the logged-in member with their refresh (for the new-follower event).
 */
export { invalidateFollowLists, useFollowLists } from './api.ts';
export { ProfileAvatar } from './ProfileAvatar.tsx';
