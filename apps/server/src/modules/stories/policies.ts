import type { StoryPermissions } from '@marketplace/contract';

/**
 * How a viewer stands to a story, the only thing the story policy tells apart: no token, the
 * story's owner, or any other member (an ADMIN included: administrators remove other members'
 * stories through the moderation queue, docs/decisions/0009-reports-queue.md, not here).
 */
export type StoryRelation = 'visitor' | 'owner' | 'member';

/** The relation of `viewer` (null: no token) to a story of member `story.userId`. */
export function storyRelation(
  viewer: { id: string } | null | undefined,
  story: { userId: string },
): StoryRelation {
  if (!viewer) return 'visitor';
  return viewer.id === story.userId ? 'owner' : 'member';
}

/**
 * What a viewer in `relation` may do with a story: the one story policy (SPEC.md §6: "delete and
 * view insights of own stories only"; docs/decisions/0006-module-doors.md point 5). Every story
 * the server answers carries it as `can`, and the insights, delete, report, reply and reaction
 * check the same rule, so the web shows a button exactly when the server would allow it.
 * - delete, insights: the owner
 * - report, reply, react: members, on other members' stories
 * - a visitor without a token may do none of it
 */
export function storyPermissionsOf(relation: StoryRelation): StoryPermissions {
  const own = relation === 'owner';
  const other = relation === 'member';
  return { delete: own, insights: own, report: other, reply: other, react: other };
}

/** What `viewer` (null: no token) may do with `story`: {@link storyPermissionsOf} its relation. */
export function storyPermissions(
  viewer: { id: string } | null | undefined,
  story: { userId: string },
): StoryPermissions {
  return storyPermissionsOf(storyRelation(viewer, story));
}
