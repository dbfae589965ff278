import {
  type ForumPostPermissions,
  type ForumThreadPermissions,
  forumPostPermissionsSchema,
  forumThreadPermissionsSchema,
} from '@marketplace/contract';
import { type Actor, isAdmin } from '../users/index.ts';

/**
 * The member asking, as far as the forum's policy needs them: who they are, their role and
 * whether their e-mail is verified (writing in the forum needs it, as the routes check with
 * `requireVerified`).
 */
export interface ForumViewer extends Actor {
  emailVerified: boolean;
}

/** What a thread's policy looks at. */
export interface ThreadFacts {
  authorId: string;
  locked: boolean;
  deletedAt: Date | string | null;
}

/** What a post's policy looks at. */
export interface PostFacts {
  authorId: string;
  deletedAt: Date | string | null;
}

/** Every permission of a contract schema `false` (a visitor without a token; a deleted post). */
function nothingOf<T extends Record<string, boolean>>(schema: { shape: Record<keyof T, unknown> }): T {
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, false])) as T;
}

const NOTHING_ON_THREAD = nothingOf<ForumThreadPermissions>(forumThreadPermissionsSchema);
const NOTHING_ON_POST = nothingOf<ForumPostPermissions>(forumPostPermissionsSchema);

/**
 * What `viewer` may do with a thread: the one thread policy (docs/decisions/0006-module-doors.md
 * point 5). Every thread page carries it as `thread.can`, and the writes check the same rule.
 * - reply: members with a verified e-mail, while the thread is neither locked nor deleted
 * - watch (or mute): members
 * - moderate (pin, lock, move; delete with a reason): ADMINs (SPEC.md §6: isAdmin is true only
 *   for ADMIN)
 * - delete: the author and ADMINs, while it is not deleted
 * - a visitor without a token (`viewer` null) may do none of it
 */
export function threadPermissions(
  viewer: ForumViewer | null | undefined,
  thread: ThreadFacts,
): ForumThreadPermissions {
  if (!viewer) return NOTHING_ON_THREAD;
  const admin = isAdmin(viewer);
  const gone = thread.deletedAt !== null;
  return {
    reply: viewer.emailVerified && !thread.locked && !gone,
    watch: true,
    moderate: admin,
    delete: !gone && (viewer.id === thread.authorId || admin),
  };
}

/**
 * What `viewer` may do with a post of `thread`: the one post policy, carried by every post as
 * `can` and checked by the writes. Nothing on a deleted post; otherwise
 * - reply (quote or answer it): as `threadPermissions(...).reply`
 * - edit: its author with a verified e-mail; in a locked thread only an ADMIN author
 * - delete: its author and ADMINs; `moderate` says an ADMIN removes another member's post, which
 *   needs a reason the author sees
 * - like: members with a verified e-mail, not on their own post
 * - report: members with a verified e-mail (a report reaches a human), not on their own post
 * - a visitor without a token (`viewer` null) may do none of it
 */
export function postPermissions(
  viewer: ForumViewer | null | undefined,
  post: PostFacts,
  thread: ThreadFacts,
): ForumPostPermissions {
  if (!viewer || post.deletedAt !== null) return NOTHING_ON_POST;
  const own = viewer.id === post.authorId;
  const admin = isAdmin(viewer);
  return {
    reply: threadPermissions(viewer, thread).reply,
    edit: own && viewer.emailVerified && (!thread.locked || admin),
    delete: own || admin,
    moderate: removesAsModerator(viewer, post.authorId),
    like: !own && viewer.emailVerified,
    report: !own && viewer.emailVerified,
  };
}

/**
 * Whether `viewer` deleting a text of `authorId` is a moderation: an ADMIN removing another
 * member's post or thread, which needs a reason the author sees.
 */
export function removesAsModerator(viewer: Actor | null | undefined, authorId: string): boolean {
  return isAdmin(viewer) && viewer?.id !== authorId;
}

/**
 * Whether `viewer` sees what others do not of a thread or post written by `authorId`: a deleted
 * thread, the reason of a deletion, the moderation note. Its author and ADMINs do.
 */
export function seesHiddenParts(viewer: Actor | null | undefined, authorId: string): boolean {
  return viewer?.id === authorId || isAdmin(viewer);
}
