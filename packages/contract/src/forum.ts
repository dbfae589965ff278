import { z } from 'zod';
import { userText } from './text.ts';
import { memberReputationSchema } from './users.ts';

/**
 * The forum: three main forums with subforums, threads, posts, likes, watching, reports and
 * moderation (SPEC.md routes `/forum`, `/forum/{categorySlug}`, `/forum/{mainCategory}/{subCategory}`,
 * `/forum/thread/{threadId}` and the two `create` routes).
 */

/** The three main forums in menu order, with their names (SPEC.md). */
export const FORUMS = [
  { id: 'business', name: 'Business Forum', description: 'Networking & Geschäfte' },
  { id: 'games', name: 'Games Forum', description: 'Gaming Community' },
  { id: 'sports', name: 'Sport Forum', description: 'Sport & Fitness' },
] as const;
export type ForumId = (typeof FORUMS)[number]['id'];

/** Threads per page of a thread list. */
export const FORUM_THREADS_PAGE_SIZE = 20;
/** Posts per page of a thread. */
export const FORUM_POSTS_PAGE_SIZE = 20;
/** Title length of a thread, in characters. */
export const FORUM_TITLE_MIN = 5;
export const FORUM_TITLE_MAX = 120;
/** Length of a post's Markdown source, in characters. */
export const FORUM_BODY_MIN = 2;
export const FORUM_BODY_MAX = 20_000;
/** New accounts (younger than this many days) post at most these many threads and replies per hour. */
export const FORUM_NEW_ACCOUNT_DAYS = 7;
export const FORUM_NEW_ACCOUNT_THREADS_PER_HOUR = 3;
export const FORUM_NEW_ACCOUNT_REPLIES_PER_HOUR = 10;

/** How a thread list is ordered: latest activity (pinned first), newest, most liked. */
export const FORUM_SORTS = ['activity', 'newest', 'liked'] as const;
export type ForumSort = (typeof FORUM_SORTS)[number];

const pageNumber = z.coerce
  .number({ error: 'Die Seite muss eine Zahl sein.' })
  .int('Die Seite muss eine ganze Zahl sein.')
  .min(1, 'Die Seite muss mindestens 1 sein.')
  .max(100_000, 'Diese Seite gibt es nicht.')
  .default(1);

/**
 * The author card of a post: one reputation across the marketplace and the forum: name, avatar,
 * member since (ISO 8601), verified badge, the average of the ratings from completed chat
 * conversations (`rating`, null without ratings; `review_count`), posts and likes received.
 */
export const forumAuthorSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  member_since: z.string(),
  email_verified: z.boolean(),
  rating: z.number().nullable(),
  review_count: z.number().int(),
  post_count: z.number().int(),
  likes_received: z.number().int(),
  is_admin: z.boolean(),
  /** The member's one reputation, the same as on every other member card. */
  reputation: memberReputationSchema.optional(),
});
export type ForumAuthor = z.infer<typeof forumAuthorSchema>;

/** The newest post of a forum or thread, for "latest activity". */
export const forumActivitySchema = z.object({
  thread_id: z.string(),
  thread_title: z.string(),
  at: z.string(),
  author_name: z.string().nullable(),
});
export type ForumActivity = z.infer<typeof forumActivitySchema>;

/** A forum or subforum with its counts. `id` is `business` or `business/gruendung`. */
export const forumCategorySchema = z.object({
  id: z.string(),
  parent_id: z.string().nullable(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  thread_count: z.number().int(),
  post_count: z.number().int(),
  last_activity: forumActivitySchema.nullable(),
});
export type ForumCategory = z.infer<typeof forumCategorySchema>;

/** `GET /api/forum/categories`: the main forums, each with its subforums (counts include them). */
export const forumOverviewSchema = z.object({
  forums: z.array(forumCategorySchema.extend({ subforums: z.array(forumCategorySchema) })),
});
export type ForumOverview = z.infer<typeof forumOverviewSchema>;

/** A thread in a list or at the head of its page. */
export const forumThreadSummarySchema = z.object({
  id: z.string(),
  category_id: z.string(),
  category_name: z.string(),
  title: z.string(),
  author: z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() }),
  pinned: z.boolean(),
  locked: z.boolean(),
  reply_count: z.number().int(),
  like_count: z.number().int(),
  view_count: z.number().int(),
  created_at: z.string(),
  last_post_at: z.string(),
  last_post_author: z.string().nullable(),
});
export type ForumThreadSummary = z.infer<typeof forumThreadSummarySchema>;

/** Query of `GET /api/forum/threads`: a forum or subforum id, the order and the page. */
export const forumThreadListQuerySchema = z.object({
  category: userText().max(100),
  sort: z.enum(FORUM_SORTS, { error: 'Unbekannte Sortierung.' }).default('activity'),
  page: pageNumber,
});
export type ForumThreadListQuery = z.input<typeof forumThreadListQuerySchema>;

/** `GET /api/forum/threads`: one page of threads and the forum it belongs to. */
export const forumThreadListSchema = z.object({
  category: forumCategorySchema,
  parent: forumCategorySchema.nullable(),
  threads: z.array(forumThreadSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ForumThreadList = z.infer<typeof forumThreadListSchema>;

/**
 * What the viewer may do with a post, decided by the server's one forum policy
 * (`modules/forum/policies.ts`, docs/decisions/0006-module-doors.md point 5). All false for a
 * visitor without a token and for a deleted post; the web shows a post's buttons from it alone.
 */
export const forumPostPermissionsSchema = z.object({
  /** Quote or answer it: members with a verified e-mail, while the thread takes replies. */
  reply: z.boolean(),
  /** Change its text: the author (verified e-mail), not in a locked thread unless an ADMIN. */
  edit: z.boolean(),
  /** Delete it: the author, or an ADMIN. */
  delete: z.boolean(),
  /** The deletion is a moderation: an ADMIN removes another member's post with a reason the author sees. */
  moderate: z.boolean(),
  /** Like it: members with a verified e-mail, not their own post. */
  like: z.boolean(),
  /** Report it to the administrators: members, not their own post. */
  report: z.boolean(),
});
export type ForumPostPermissions = z.infer<typeof forumPostPermissionsSchema>;

/**
 * What the viewer may do with a thread, from the same policy as {@link forumPostPermissionsSchema}.
 * All false for a visitor without a token.
 */
export const forumThreadPermissionsSchema = z.object({
  /** Reply: members with a verified e-mail, while the thread is neither locked nor deleted. */
  reply: z.boolean(),
  /** Watch or mute it: members. */
  watch: z.boolean(),
  /** Pin, lock, move it, and delete it with a reason the author sees: ADMINs. */
  moderate: z.boolean(),
  /** Delete it: its author, or an ADMIN. */
  delete: z.boolean(),
});
export type ForumThreadPermissions = z.infer<typeof forumThreadPermissionsSchema>;

/**
 * A post. `html` is the server's sanitized rendering of `body` (the Markdown source, empty for
 * a deleted post). `edited_at` set: shown as 'bearbeitet'. A deleted post keeps its place;
 * `deleted_reason` is the admin's reason, shown to everyone.
 */
export const forumPostSchema = z.object({
  id: z.string(),
  thread_id: z.string(),
  number: z.number().int(),
  author: forumAuthorSchema,
  body: z.string(),
  html: z.string(),
  like_count: z.number().int(),
  liked: z.boolean(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  deleted: z.boolean(),
  deleted_by_admin: z.boolean(),
  deleted_reason: z.string().nullable(),
  /** The same as `can.edit` (the older name). */
  can_edit: z.boolean(),
  /** The same as `can.delete` (the older name). */
  can_delete: z.boolean(),
  can: forumPostPermissionsSchema,
});
export type ForumPost = z.infer<typeof forumPostSchema>;

/** Query of `GET /api/forum/threads/{id}`: the page of posts. */
export const forumThreadPageQuerySchema = z.object({ page: pageNumber });

/** Whether the member watches (every reply notifies) or muted a thread; null: the default. */
export const FORUM_SUBSCRIPTION_LEVELS = ['watch', 'mute'] as const;
export const forumSubscriptionSchema = z.object({
  level: z.enum(FORUM_SUBSCRIPTION_LEVELS, { error: 'Wähle beobachten oder stummschalten.' }).nullable(),
});
export type ForumSubscription = z.infer<typeof forumSubscriptionSchema>;

/** `GET /api/forum/threads/{id}`: the thread, one page of posts and what the reader may do. */
export const forumThreadPageSchema = z.object({
  thread: forumThreadSummarySchema.extend({
    deleted: z.boolean(),
    deleted_reason: z.string().nullable(),
    moderation_note: z.string().nullable(),
    can: forumThreadPermissionsSchema,
  }),
  category: forumCategorySchema,
  parent: forumCategorySchema.nullable(),
  posts: z.array(forumPostSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** The same as `thread.can.reply` (the older name). */
  can_reply: z.boolean(),
  /** The same as `thread.can.moderate` (the older name). */
  can_moderate: z.boolean(),
  subscription: forumSubscriptionSchema.shape.level,
});
export type ForumThreadPage = z.infer<typeof forumThreadPageSchema>;

const title = userText({ error: 'Bitte gib einen Titel ein.' })
  .trim()
  .min(FORUM_TITLE_MIN, `Der Titel muss mindestens ${FORUM_TITLE_MIN} Zeichen lang sein.`)
  .max(FORUM_TITLE_MAX, `Der Titel darf höchstens ${FORUM_TITLE_MAX} Zeichen lang sein.`);
const body = userText({ multiline: true, error: 'Bitte schreibe einen Text.' })
  .trim()
  .min(FORUM_BODY_MIN, `Der Text muss mindestens ${FORUM_BODY_MIN} Zeichen lang sein.`)
  .max(
    FORUM_BODY_MAX,
    `Der Text darf höchstens ${FORUM_BODY_MAX.toLocaleString('de-DE')} Zeichen lang sein.`,
  );
const reason = userText({ multiline: true, error: 'Bitte gib einen Grund an.' })
  .trim()
  .min(3, 'Bitte gib einen Grund an (mindestens 3 Zeichen).')
  .max(500, 'Der Grund darf höchstens 500 Zeichen lang sein.');

/** `POST /api/forum/threads`: a new thread in a subforum (or a main forum) with its opening post. */
export const forumCreateThreadBodySchema = z.object({
  category_id: userText({ error: 'Bitte wähle ein Forum.' }).min(1, 'Bitte wähle ein Forum.').max(100),
  title,
  body,
});
export type ForumCreateThreadBody = z.input<typeof forumCreateThreadBodySchema>;

/** `POST /api/forum/threads/{id}/posts`: a reply; `reply_to` the post it quotes or answers. */
export const forumCreatePostBodySchema = z.object({
  body,
  reply_to: z.string().max(100).nullable().optional(),
});
export type ForumCreatePostBody = z.input<typeof forumCreatePostBodySchema>;

/** `PATCH /api/forum/posts/{id}`: the author's new text. */
export const forumEditPostBodySchema = z.object({ body });

/** `POST /api/forum/preview`: the text to render. Answers `{ html }`. */
export const forumPreviewBodySchema = z.object({ body });
export const forumPreviewSchema = z.object({ html: z.string() });
export type ForumPreview = z.infer<typeof forumPreviewSchema>;

/** Body of deleting a post or thread: required of an admin deleting another member's text. */
export const forumDeleteBodySchema = z.object({ reason: reason.optional() }).nullish();

/**
 * `PATCH /api/forum/threads/{id}` (ADMIN): pin, lock, move to another forum; `reason` is shown
 * to the author as the moderation note.
 */
export const forumModerateThreadBodySchema = z.object({
  pinned: z.boolean().optional(),
  locked: z.boolean().optional(),
  category_id: z.string().max(100).optional(),
  reason: reason.optional(),
});
export type ForumModerateThreadBody = z.input<typeof forumModerateThreadBodySchema>;

/** `POST /api/forum/posts/{id}/like` and `DELETE`: the post's likes afterwards. */
export const forumLikeSchema = z.object({ liked: z.boolean(), like_count: z.number().int() });
export type ForumLike = z.infer<typeof forumLikeSchema>;

/** `POST /api/forum/posts/{id}/report`: why the post breaks the rules. */
export const forumReportBodySchema = z.object({ reason });

/** `GET /api/forum/search`: words in titles and texts (german configuration), paged. */
export const forumSearchQuerySchema = z.object({
  q: userText({ error: 'Bitte gib einen Suchbegriff ein.' })
    .trim()
    .min(2, 'Der Suchbegriff muss mindestens 2 Zeichen lang sein.')
    .max(100, 'Der Suchbegriff darf höchstens 100 Zeichen lang sein.'),
  page: pageNumber,
});
export const forumSearchHitSchema = z.object({
  thread_id: z.string(),
  thread_title: z.string(),
  category_id: z.string(),
  category_name: z.string(),
  post_id: z.string(),
  post_number: z.number().int(),
  author_name: z.string(),
  excerpt: z.string(),
  created_at: z.string(),
});
export type ForumSearchHit = z.infer<typeof forumSearchHitSchema>;
/**
 * `GET /api/forum/search` answer: `total` counts hits up to 1,000; `total_capped` is true when
 * there are more ('über 1.000 Treffer'); pages beyond the first 1,000 hits are empty.
 */
export const forumSearchResultSchema = z.object({
  hits: z.array(forumSearchHitSchema),
  total: z.number().int(),
  total_capped: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ForumSearchResult = z.infer<typeof forumSearchResultSchema>;

/** The page of a thread that holds post `number` (1-based). */
export function forumPageOfPost(number: number): number {
  return Math.max(1, Math.ceil(number / FORUM_POSTS_PAGE_SIZE));
}
