/**
 * What other features may use from the members area: the avatar by URL and name, 'Folgen' /
 * 'Entfolgen' for a member (the same queries the profile and the follow lists use), the follow
 * lists of the logged-in member with their refresh (for the new-follower event), and the
 * profile page.
 */
export { invalidateFollowLists, publicProfileQuery, useFollowLists } from './api.ts';
export { FollowButton } from './FollowButton.tsx';
export { ProfileAvatar } from './ProfileAvatar.tsx';
export { userPages } from './pages.ts';
