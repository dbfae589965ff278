import type { ProfilePermissions, StoryPermissions } from '@marketplace/contract';

/**
 * What the server's story policy answers as `can` (docs/decisions/0006-module-doors.md point 5):
 * the owner deletes and sees the insights, another member (an ADMIN too) reports, replies and
 * reacts, a visitor may do nothing.
 */
export function testStoryPermissions(viewer: 'visitor' | 'member' | 'owner'): StoryPermissions {
  const own = viewer === 'owner';
  const other = viewer === 'member';
  return { delete: own, insights: own, report: other, reply: other, react: other };
}

/**
 * What the server's profile policy answers as `can`: the member edits their own profile and
 * follows, writes to and reports other members; a visitor may do nothing.
 */
export function testProfilePermissions(viewer: 'visitor' | 'member' | 'owner'): ProfilePermissions {
  const own = viewer === 'owner';
  const other = viewer === 'member';
  return { edit: own, follow: other, message: other, report: other };
}
