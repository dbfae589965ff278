import { z } from 'zod';
import {
  STORY_CAPTION_MAX,
  STORY_FEED_DEFAULT_LIMIT,
  STORY_FEED_MAX_LIMIT,
  STORY_REPLY_MAX,
  STORY_SECONDS_MAX,
} from './constants.ts';
import { userText } from './text.ts';

/** German texts of story answers (SPEC.md §5, §8). */
export const storyTexts = {
  wrongType: 'Nur Bild- und Videodateien sind erlaubt',
  tooLarge: 'Datei ist zu groß. Maximum: 50MB',
  notFound: 'Story nicht gefunden',
  deleteForbidden: 'Keine Berechtigung zum Löschen dieser Story',
  insightsForbidden: 'Nur die Erstellerin oder der Ersteller sieht die Insights dieser Story.',
  emptyReply: 'Die Antwort darf nicht leer sein.',
  missingMedia: "Bitte lade ein Bild oder Video im Feld 'media' hoch (multipart/form-data).",
  foreignListing: 'Du kannst nur eigene, aktive Anzeigen mit einer Story verknüpfen.',
} as const;

/** The ad a story links to, shown as a card in the viewer. */
export const storyListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  price: z.number(),
  price_type: z.string(),
  image: z.string().nullable(),
});
export type StoryListing = z.infer<typeof storyListingSchema>;

/**
 * What the viewer may do with a story, decided by the server's one story policy
 * (docs/decisions/0006-module-doors.md point 5; SPEC.md §6: delete and insights of own stories
 * only). The owner deletes and sees the insights; other members report, reply and react.
 * Administrators are members here: they remove other members' stories through the moderation
 * queue (docs/decisions/0009-reports-queue.md).
 */
export const storyPermissionsSchema = z.object({
  /** Delete it (`DELETE /api/stories/{id}`): the owner. */
  delete: z.boolean(),
  /** Its insights with the viewers list (`GET /api/stories/{id}/insights`): the owner. */
  insights: z.boolean(),
  /** 'Story melden' (`POST /api/stories/{id}/report`): members, not on their own story. */
  report: z.boolean(),
  /** Reply in the chat (`POST /api/stories/{id}/reply`): members, not to their own story. */
  reply: z.boolean(),
  /** The heart (`POST /api/stories/{id}/reaction`): members, not on their own story. */
  react: z.boolean(),
});
export type StoryPermissions = z.infer<typeof storyPermissionsSchema>;

/** A story (SPEC.md §3 "Story"); times ISO 8601, `duration` in seconds. */
export const storySchema = z.object({
  id: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  user_avatar: z.string().nullable(),
  media_url: z.string(),
  thumbnail_url: z.string(),
  media_type: z.enum(['image', 'video']),
  caption: z.string().nullable(),
  duration: z.number().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  has_viewed: z.boolean(),
  listing: storyListingSchema.nullable(),
  can: storyPermissionsSchema,
});
export type Story = z.infer<typeof storySchema>;

/** A member's stories in the feed (SPEC.md §3 "Story group per user"); stories oldest first. */
export const storyGroupSchema = z.object({
  user_id: z.string(),
  user_name: z.string(),
  user_avatar: z.string().nullable(),
  stories: z.array(storySchema),
  has_unviewed_stories: z.boolean(),
});
export type StoryGroup = z.infer<typeof storyGroupSchema>;

/** `GET /api/stories/feed` query: `limit` groups 1..100 (default 50), `offset` >= 0. */
export const storyFeedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(STORY_FEED_MAX_LIMIT).default(STORY_FEED_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/**
 * `GET /api/stories/feed` (SPEC.md §7 "reads stories"): groups of all members' live stories (mine
 * included, so a new member's strip is not empty; new stories of members I follow also arrive
 * over `/ws/stories`); groups with unviewed stories first, then by newest story; within a group
 * oldest first.
 */
export const storyFeedSchema = z.object({ stories: z.array(storyGroupSchema), total: z.number().int() });
export type StoryFeed = z.infer<typeof storyFeedSchema>;

/** `GET /api/stories/user/{userId}`: that member's live stories, oldest first. */
export const storyListSchema = z.object({ stories: z.array(storySchema) });
export type StoryList = z.infer<typeof storyListSchema>;

/** `GET /api/stories/{id}/stats`: counts anyone may see. */
export const storyStatsSchema = z.object({
  story_id: z.string(),
  total_views: z.number().int(),
  reactions_count: z.number().int(),
});
export type StoryStats = z.infer<typeof storyStatsSchema>;

/** One viewer in the insights (SPEC.md §3 "Story insights"). */
export const storyViewerSchema = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  avatar_url: z.string().nullable(),
  viewed_at: z.string(),
});
export type StoryViewer = z.infer<typeof storyViewerSchema>;

/** `GET /api/stories/{id}/insights` (owner only): newest viewer first. */
export const storyInsightsSchema = z.object({
  story_id: z.string(),
  total_views: z.number().int(),
  created_at: z.string(),
  viewers: z.array(storyViewerSchema),
  reactions_count: z.number().int(),
  replies_count: z.number().int(),
});
export type StoryInsights = z.infer<typeof storyInsightsSchema>;

/**
 * The text parts of `POST /api/stories/` (multipart, beside the file `media` and a video's
 * `poster`), as the form 'Story erstellen' checks them before the upload and the server after
 * it: `caption` trimmed, at most {@link STORY_CAPTION_MAX} characters ('' when left empty);
 * `duration` how many whole seconds a picture shows, 1 to {@link STORY_SECONDS_MAX} (null when
 * absent or empty); `listing_id` the linked ad, which the server then checks is one of the
 * member's active ads.
 */
export const storyUploadFieldsSchema = z.object({
  caption: userText({ multiline: true })
    .trim()
    .max(STORY_CAPTION_MAX, `Die Beschreibung darf höchstens ${STORY_CAPTION_MAX} Zeichen lang sein.`)
    .optional(),
  duration: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const seconds = Math.round(Number(value));
      if (Number.isFinite(seconds) && seconds >= 1 && seconds <= STORY_SECONDS_MAX) return seconds;
      ctx.addIssue({
        code: 'custom',
        message: `eine Zahl von Sekunden zwischen 1 und ${STORY_SECONDS_MAX}.`,
      });
      return z.NEVER;
    }),
  listing_id: userText().trim().max(100).optional(),
});
export type StoryUploadFields = z.input<typeof storyUploadFieldsSchema>;

/** `POST /api/stories/{id}/reaction` body; 'heart' is the one reaction. */
export const storyReactionBodySchema = z.object({ reaction_type: z.enum(['heart']) });
/** `POST /api/stories/{id}/reply` body: trimmed, not empty, at most 1000 characters. */
export const storyReplyBodySchema = z.object({
  text: z
    .string()
    .max(STORY_REPLY_MAX * 2)
    .transform((value) => value.trim()),
});

/** Answer of view, reaction and reply. */
export const storyActionResultSchema = z.object({
  ok: z.literal(true),
  conversation_id: z.string().optional(),
});
export type StoryActionResult = z.infer<typeof storyActionResultSchema>;

/** Messages a client sends on `/ws/stories` (SPEC.md §7). */
export const storyClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('story_view'), story_id: z.string().max(100) }),
  z.object({ type: z.literal('story_reaction'), story_id: z.string().max(100), reaction: z.enum(['heart']) }),
  z.object({ type: z.literal('story_reply'), story_id: z.string().max(100), text: z.string().max(2000) }),
  z.object({ type: z.literal('ping'), timestamp: z.number().optional() }),
]);
export type StoryClientMessage = z.infer<typeof storyClientMessageSchema>;

/** Messages the server sends on `/ws/stories` (SPEC.md §7). */
export const storyServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connected'), user_id: z.string() }),
  z.object({ type: z.literal('pong'), timestamp: z.number().optional() }),
  z.object({ type: z.literal('story_viewed'), story_id: z.string(), viewer_id: z.string() }),
  z.object({ type: z.literal('new_story'), story: storySchema }),
  z.object({ type: z.literal('story_reaction'), story_id: z.string(), user_id: z.string() }),
  z.object({ type: z.literal('story_reply'), story_id: z.string(), conversation_id: z.string() }),
  z.object({ type: z.literal('rate_limit_exceeded'), retry_after_ms: z.number() }),
  z.object({ type: z.literal('error'), detail: z.string() }),
]);
export type StoryServerMessage = z.infer<typeof storyServerMessageSchema>;
