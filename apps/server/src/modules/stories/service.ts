import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import {
  STORY_CAPTION_MAX,
  STORY_IMAGE_TYPES,
  STORY_LIFETIME_MS,
  STORY_REPLY_MAX,
  STORY_VIDEO_TYPES,
  type Story,
  type StoryInsights,
  type StoryListing,
  type StoryPermissions,
  type StoryStats,
  storyTexts,
} from '@marketplace/contract';
import { and, asc, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { removeTempFile, streamToTempFile } from '../../lib/temp-upload.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import {
  type ImagePipeline,
  type ImageUploadStream,
  imageUrl,
  LISTING_IMAGE_FOLDER,
} from '../media/index.ts';
import { type Actor, displayName, findAccounts, type UserRow } from '../users/index.ts';
import type { FeedAnswers, FeedEncoding } from './feed-answers.ts';
import type { FeedSummary, StoryListingSource, SummaryGroup, SummaryStory } from './feed-summary.ts';
import { storyPermissions } from './policies.ts';
import { type StoryRow, stories, storyReactions, storyReplies, storyViews } from './schema.ts';
import type { ViewMarks, ViewMarksCache } from './view-marks.ts';

export type { StoryListingSource } from './feed-summary.ts';

/**
 * Storage folder of story videos (the media storage of the ad photos, docs/decisions/0005); they
 * are served with range requests at `/api/stories/media/<name>`.
 */
export const STORY_VIDEO_FOLDER = 'stories';
/** URL prefix of story videos. */
export const STORY_VIDEO_URL_PREFIX = '/api/stories/media/';
/** Stored video names: 32 hex digits and the extension of their type. */
export const STORY_VIDEO_NAME = /^[a-f0-9]{32}\.(mp4|mov)$/;

/** A direct chat message from one member to another (the chat door). */
export type StoryMessenger = (
  actor: Actor,
  recipientId: string,
  content: string,
  image: string | null,
) => Promise<{ conversationId: string }>;

/** What the story service needs; the module's plugin builds it. */
export interface StoriesDeps {
  db: Database;
  events: EventBus;
  storage: MediaStorage;
  images: ImagePipeline;
  listings: StoryListingSource;
  messenger: StoryMessenger;
  /** `DATA_DIR/tmp` for uploads in progress. */
  tmpDir: string;
  /** The clock (tests move it forward). */
  now?: () => Date;
  /** The live story groups of every member, kept in memory for the feed. */
  feedSummary: FeedSummary;
  /** The feed's viewers' view marks, kept for seconds (docs/decisions/0013, "View marks"). */
  viewMarks: ViewMarksCache;
  /** Finished feed answers per viewer and page (docs/decisions/0013, "Finished answers"). */
  feedAnswers: FeedAnswers;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const nowOf = (deps: StoriesDeps) => deps.now?.() ?? new Date();

/** Whether `name` can be a stored story video (`<32 hex>.mp4|mov`). */
export function isVideoName(name: string): boolean {
  return STORY_VIDEO_NAME.test(name);
}

function mediaUrl(row: StoryRow): string {
  return row.mediaType === 'image'
    ? imageUrl(row.mediaName, 'detail')
    : `${STORY_VIDEO_URL_PREFIX}${row.mediaName}`;
}

/**
 * The story's small picture: a photo's `card` size, a video's poster (its first frame, which the
 * client sends along) in the `card` size, else the video itself (older clients send no poster;
 * the viewer then shows the first frame with `preload="metadata"`).
 */
function thumbnailUrl(row: StoryRow): string {
  if (row.mediaType === 'image') return imageUrl(row.mediaName, 'card');
  return row.thumbnailName ? imageUrl(row.thumbnailName, 'card') : mediaUrl(row);
}

/**
 * A story row as the API answers it (SPEC.md §3 "Story"), with `can`, what its viewer may do
 * (`storyPermissions` of `policies.ts`).
 */
export function toStory(
  row: StoryRow,
  owner: UserRow | undefined,
  hasViewed: boolean,
  listing: StoryListing | null,
  can: StoryPermissions,
): Story {
  return {
    id: row.id,
    user_id: row.userId,
    user_name: owner ? displayName(owner) : 'Benutzer',
    user_avatar: owner?.avatarUrl ?? null,
    media_url: mediaUrl(row),
    thumbnail_url: thumbnailUrl(row),
    media_type: row.mediaType,
    caption: row.caption,
    duration: row.duration,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    has_viewed: hasViewed,
    listing,
    can,
  };
}

/**
 * Presents rows for `viewerId`: owners, viewed marks and ad cards in up to three parallel
 * queries; `seenIds` (the ids among `rows` the viewer has seen), when the caller read them
 * already, saves the query of the viewed marks.
 */
async function present(
  deps: StoriesDeps,
  rows: StoryRow[],
  viewerId: string,
  seenIds?: ReadonlySet<string>,
): Promise<Story[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [owners, viewed, cards] = await Promise.all([
    findAccounts(deps.db, [...new Set(rows.map((row) => row.userId))]),
    seenIds
      ? []
      : deps.db
          .select({ storyId: storyViews.storyId })
          .from(storyViews)
          .where(and(eq(storyViews.viewerId, viewerId), inArray(storyViews.storyId, ids))),
    deps.listings.cards(deps.db, [...new Set(rows.flatMap((row) => (row.listingId ? [row.listingId] : [])))]),
  ]);
  const ownerById = new Map(owners.map((owner) => [owner.id, owner]));
  const seen = seenIds ?? new Set(viewed.map((view) => view.storyId));
  return rows.map((row) =>
    toStory(
      row,
      ownerById.get(row.userId),
      row.userId === viewerId || seen.has(row.id),
      row.listingId ? (cards.get(row.listingId) ?? null) : null,
      storyPermissions({ id: viewerId }, row),
    ),
  );
}

/** A live story by id. @throws AppError not_found (404) 'Story nicht gefunden', also when expired */
export async function liveStory(deps: StoriesDeps, id: string): Promise<StoryRow> {
  if (!UUID.test(id)) throw new AppError('not_found', storyTexts.notFound);
  const [row] = await deps.db
    .select()
    .from(stories)
    .where(and(eq(stories.id, id), gt(stories.expiresAt, nowOf(deps))));
  if (!row) throw new AppError('not_found', storyTexts.notFound);
  return row;
}

/** A group of the feed for one viewer: its live stories and whether the viewer saw each. */
interface ViewerGroup {
  group: SummaryGroup;
  live: readonly SummaryStory[];
  unviewed: boolean;
}

const byMember = (a: ViewerGroup, b: ViewerGroup) =>
  (b.live[b.live.length - 1]?.createdMs ?? 0) - (a.live[a.live.length - 1]?.createdMs ?? 0) ||
  (a.group.userId < b.group.userId ? -1 : a.group.userId > b.group.userId ? 1 : 0);

/**
 * The viewer's view marks, and the stories that ended before their 24 hours (their expiry moved
 * into the past without an event), in one query: `seen` true for a view mark, false for such a
 * story. Stories past their 24 hours that the clean-up has not removed yet are left out (their
 * expiry is applied by time).
 */
function viewMarks(deps: StoriesDeps, viewerId: string, now: Date) {
  const lifetimeAgo = new Date(now.getTime() - STORY_LIFETIME_MS);
  return deps.db
    .select({ id: storyViews.storyId, seen: sql<boolean>`true` })
    .from(storyViews)
    .where(eq(storyViews.viewerId, viewerId))
    .unionAll(
      deps.db
        .select({ id: stories.id, seen: sql<boolean>`false` })
        .from(stories)
        .where(and(lte(stories.expiresAt, now), gt(stories.createdAt, lifetimeAgo))),
    );
}

/**
 * `GET /api/stories/feed` (SPEC.md §4 "Story viewer: group order", §7) as the bytes of the JSON
 * text of the contract's `storyFeedSchema`, in `encoding` where the answer is large enough to be
 * compressed: the live stories of all members grouped per member; groups with stories `viewerId`
 * has not seen first, then by their newest story (ties by member id); within a group oldest
 * first. `limit` and `offset` count groups; `total` counts all live groups.
 * The groups and their stories' JSON come from the feed summary in memory
 * (docs/decisions/0013-story-feed-summary.md); one query reads the viewer's view marks (and
 * stories that ended early without an event), kept for seconds and dropped by the viewer's views;
 * the finished answer is kept as long as they are and nothing else changed. A story past its
 * expiry never shows, even before the clean-up removed it.
 * @returns the answer's bytes and their `Content-Encoding`
 */
export async function feedAnswer(
  deps: StoriesDeps,
  viewerId: string,
  page: { limit: number; offset: number },
  encoding: FeedEncoding,
): Promise<{ body: Buffer; encoding: FeedEncoding }> {
  const at = nowOf(deps);
  const now = at.getTime();
  const [all, marks] = await Promise.all([
    deps.feedSummary.groups(),
    deps.viewMarks.get(viewerId, async () => {
      const marks = { seen: new Set<string>(), gone: new Set<string>() };
      for (const mark of await viewMarks(deps, viewerId, at))
        (mark.seen ? marks.seen : marks.gone).add(mark.id);
      return marks;
    }),
  ]);
  if (marks.gone.size > 0) await deps.feedSummary.removed([...marks.gone]);
  const order = viewerOrder(deps.feedSummary.version, all, viewerId, marks, now);
  return deps.feedAnswers.answer(`${viewerId}\0${page.offset}\0${page.limit}`, order.serial, encoding, () => {
    const shown = order.entries.slice(page.offset, page.offset + page.limit);
    return `{"stories":[${shown.map((entry) => groupJson(entry, viewerId, marks.seen)).join(',')}],"total":${order.entries.length}}`;
  });
}

/** A viewer's groups in feed order, kept with their view marks while nothing changed. */
interface ViewerOrder {
  /** Unique per computed order in this process: finished answers made from it carry it. */
  serial: number;
  /** `FeedSummary.version` it was computed from. */
  version: number;
  /** The earliest expiry among the live stories (ms): the order is computed anew from then on. */
  until: number;
  entries: ViewerGroup[];
}

/** Per kept view marks (one viewer, at most their 5 seconds): the order computed from them. */
const viewerOrders = new WeakMap<ViewMarks, ViewerOrder>();
let orderSerial = 0;

/**
 * The viewer's groups in feed order: groups with stories the viewer has not seen first, then by
 * newest story, without stories past their expiry or gone early. Computed once per summary
 * version, view marks and earliest expiry, so a viewer's repeated requests only page and join
 * (docs/decisions/0013, "View marks").
 */
function viewerOrder(
  version: number,
  all: readonly SummaryGroup[],
  viewerId: string,
  marks: ViewMarks,
  now: number,
): ViewerOrder {
  const kept = viewerOrders.get(marks);
  if (kept && kept.version === version && now < kept.until) return kept;
  const { seen, gone } = marks;
  const unviewedGroups: ViewerGroup[] = [];
  const viewedGroups: ViewerGroup[] = [];
  let outOfOrder = false;
  let until = Number.POSITIVE_INFINITY;
  for (const group of all) {
    let live: readonly SummaryStory[] = group.stories;
    if (live.some((story) => story.expiresMs <= now || gone.has(story.id))) {
      live = live.filter((story) => story.expiresMs > now && !gone.has(story.id));
      if (live.length === 0) continue;
      // Groups are kept by their newest story; one whose newest story left early is placed anew.
      if (live[live.length - 1] !== group.stories[group.stories.length - 1]) outOfOrder = true;
    }
    for (const story of live) if (story.expiresMs < until) until = story.expiresMs;
    const unviewed = group.userId !== viewerId && live.some((story) => !seen.has(story.id));
    (unviewed ? unviewedGroups : viewedGroups).push({ group, live, unviewed });
  }
  if (outOfOrder) {
    unviewedGroups.sort(byMember);
    viewedGroups.sort(byMember);
  }
  const order = { serial: ++orderSerial, version, until, entries: [...unviewedGroups, ...viewedGroups] };
  viewerOrders.set(marks, order);
  return order;
}

/** One group as JSON text in the order of the contract's `storyGroupSchema`. */
function groupJson(entry: ViewerGroup, viewerId: string, seen: ReadonlySet<string>): string {
  const own = entry.group.userId === viewerId;
  const first = entry.live[0]?.story;
  const parts = entry.live.map((story) =>
    own ? story.json.own : seen.has(story.id) ? story.json.viewed : story.json.unviewed,
  );
  return `{"user_id":${JSON.stringify(entry.group.userId)},"user_name":${JSON.stringify(first?.user_name ?? 'Benutzer')},"user_avatar":${JSON.stringify(first?.user_avatar ?? null)},"stories":[${parts.join(',')}],"has_unviewed_stories":${entry.unviewed}}`;
}

/** `GET /api/stories/{id}`. @throws AppError not_found (404) */
export async function getStory(deps: StoriesDeps, viewerId: string, id: string): Promise<Story> {
  const [story] = await present(deps, [await liveStory(deps, id)], viewerId);
  if (!story) throw new AppError('not_found', storyTexts.notFound);
  return story;
}

/** `GET /api/stories/user/{userId}`: that member's live stories, oldest first (empty for unknown ids). */
export async function storiesOfUser(deps: StoriesDeps, viewerId: string, userId: string): Promise<Story[]> {
  if (!UUID.test(userId)) return [];
  const rows = await deps.db
    .select()
    .from(stories)
    .where(and(eq(stories.userId, userId), gt(stories.expiresAt, nowOf(deps))))
    .orderBy(asc(stories.createdAt), stories.id);
  return present(deps, rows, viewerId);
}

async function counts(deps: StoriesDeps, storyId: string) {
  const [[views], [reactions], [replies]] = await Promise.all([
    deps.db.select({ n: count() }).from(storyViews).where(eq(storyViews.storyId, storyId)),
    deps.db.select({ n: count() }).from(storyReactions).where(eq(storyReactions.storyId, storyId)),
    deps.db.select({ n: count() }).from(storyReplies).where(eq(storyReplies.storyId, storyId)),
  ]);
  return { views: views?.n ?? 0, reactions: reactions?.n ?? 0, replies: replies?.n ?? 0 };
}

/** `GET /api/stories/{id}/stats`: view and reaction counts of a live story. @throws AppError not_found (404) */
export async function stats(deps: StoriesDeps, id: string): Promise<StoryStats> {
  const row = await liveStory(deps, id);
  const n = await counts(deps, row.id);
  return { story_id: row.id, total_views: n.views, reactions_count: n.reactions };
}

/**
 * `GET /api/stories/{id}/insights` (SPEC.md §3 "Story insights", §6): only the owner (`can.insights`).
 * @throws AppError not_found (404), forbidden (403) for anyone else
 */
export async function insights(deps: StoriesDeps, actor: Actor, id: string): Promise<StoryInsights> {
  const row = await liveStory(deps, id);
  if (!storyPermissions(actor, row).insights) throw new AppError('forbidden', storyTexts.insightsForbidden);
  const [n, views] = await Promise.all([
    counts(deps, row.id),
    deps.db
      .select()
      .from(storyViews)
      .where(eq(storyViews.storyId, row.id))
      .orderBy(desc(storyViews.viewedAt))
      .limit(1000),
  ]);
  const accounts = new Map(
    (
      await findAccounts(
        deps.db,
        views.map((view) => view.viewerId),
      )
    ).map((account) => [account.id, account]),
  );
  return {
    story_id: row.id,
    total_views: n.views,
    created_at: row.createdAt.toISOString(),
    viewers: views.flatMap((view) => {
      const account = accounts.get(view.viewerId);
      if (!account) return [];
      const fullName = [account.firstName, account.lastName].filter(Boolean).join(' ');
      return [
        {
          id: account.id,
          username: displayName(account),
          full_name: fullName || displayName(account),
          avatar_url: account.avatarUrl,
          viewed_at: view.viewedAt.toISOString(),
        },
      ];
    }),
    reactions_count: n.reactions,
    replies_count: n.replies,
  };
}

/**
 * `POST /api/stories/{id}/view`: records the first view of a member (the owner's own views are
 * not counted) and publishes `story.viewed` for the owner's story sockets.
 * @returns whether this was a new view
 * @throws AppError not_found (404)
 */
export async function view(deps: StoriesDeps, actor: Actor, id: string): Promise<boolean> {
  const row = await liveStory(deps, id);
  if (row.userId === actor.id) return false;
  const inserted = await deps.db
    .insert(storyViews)
    .values({ storyId: row.id, viewerId: actor.id })
    .onConflictDoNothing()
    .returning({ storyId: storyViews.storyId });
  if (inserted.length > 0) {
    await deps.events.publish('story.viewed', { storyId: row.id, ownerId: row.userId, viewerId: actor.id });
  }
  return inserted.length > 0;
}

/**
 * `POST /api/stories/{id}/reaction` ('heart'): one reaction per member; a new one notifies the
 * owner (`story.reacted`). Reacting where `can.react` is false (one's own story) stores nothing.
 * @throws AppError not_found (404)
 */
export async function react(deps: StoriesDeps, actor: Actor, id: string, reaction: 'heart'): Promise<void> {
  const row = await liveStory(deps, id);
  if (!storyPermissions(actor, row).react) return;
  await deps.events.transaction(deps.db, async (tx, emit) => {
    const inserted = await tx
      .insert(storyReactions)
      .values({ storyId: row.id, userId: actor.id, reaction })
      .onConflictDoNothing()
      .returning({ storyId: storyReactions.storyId });
    if (inserted.length > 0)
      emit('story.reacted', { storyId: row.id, ownerId: row.userId, userId: actor.id });
  });
}

/**
 * `POST /api/stories/{id}/reply`: sends `text` (trimmed, 1..1000 characters) as a chat message
 * to the owner in the conversation between the two members, and counts it for the insights.
 * @returns the conversation the reply went to
 * @throws AppError validation (422) for an empty or too long text or a reply to one's own story,
 *   not_found (404), and the chat's errors (chat_blocked 403, rate_limited 429)
 */
export async function replyTo(
  deps: StoriesDeps,
  actor: Actor,
  id: string,
  text: string,
): Promise<{ conversationId: string }> {
  const content = text.trim();
  if (content.length === 0) throw new AppError('validation', storyTexts.emptyReply);
  if (content.length > STORY_REPLY_MAX) {
    throw new AppError('validation', `Die Antwort darf höchstens ${STORY_REPLY_MAX} Zeichen lang sein.`);
  }
  const row = await liveStory(deps, id);
  if (!storyPermissions(actor, row).reply)
    throw new AppError('validation', 'Du kannst nicht auf deine eigene Story antworten.');
  const label = row.caption ? `„${row.caption.slice(0, 60)}“` : row.mediaType === 'video' ? 'Video' : 'Foto';
  const sent = await deps.messenger(
    actor,
    row.userId,
    `Antwort auf deine Story (${label}):\n${content}`,
    row.thumbnailName ? await copyThumbnail(deps.storage, row.thumbnailName) : null,
  );
  await deps.db.insert(storyReplies).values({ storyId: row.id, userId: actor.id });
  await deps.events.publish('story.replied', {
    storyId: row.id,
    ownerId: row.userId,
    userId: actor.id,
    conversationId: sent.conversationId,
  });
  return sent;
}

/**
 * A copy of a story's small picture (a photo's, or a video's poster) (`card`, 400 px) as a picture of its own, which the
 * chat message of a reply shows after the story and its files are gone.
 * @returns the copy's URL, or null when the story's picture is missing
 */
async function copyThumbnail(storage: MediaStorage, storyImageId: string): Promise<string | null> {
  const data = await readAll(storage, `${storyImageId}-card.webp`);
  if (!data) return null;
  const id = randomBytes(16).toString('hex');
  for (const variant of ['card', 'detail', 'full']) {
    await storage.write(LISTING_IMAGE_FOLDER, `${id}-${variant}.webp`, data);
  }
  return imageUrl(id, 'detail');
}

/** Removes the three stored sizes of a picture of the image pipeline (a photo or a video's poster). */
export async function removePicture(storage: MediaStorage, id: string): Promise<void> {
  await Promise.all(
    ['card', 'detail', 'full'].map((variant) =>
      storage.remove(LISTING_IMAGE_FOLDER, `${id}-${variant}.webp`),
    ),
  );
}

/** Removes the stored files of stories (photo, or video and its poster). */
export async function removeMedia(
  deps: StoriesDeps,
  rows: readonly Pick<StoryRow, 'mediaType' | 'mediaName' | 'thumbnailName'>[],
): Promise<void> {
  await Promise.all(
    rows.map(async (row) => {
      if (row.mediaType === 'image') {
        await removePicture(deps.storage, row.mediaName);
      } else {
        await deps.storage.remove(STORY_VIDEO_FOLDER, row.mediaName);
        if (row.thumbnailName) await removePicture(deps.storage, row.thumbnailName);
      }
    }),
  );
}

/**
 * `DELETE /api/stories/{id}` (SPEC.md §6: own stories only, `can.delete`): removes the story, its
 * views, reactions and files, and publishes `story.deleted`.
 * @throws AppError not_found (404), forbidden (403) 'Keine Berechtigung zum Löschen dieser Story'
 */
export async function remove(deps: StoriesDeps, actor: Actor, id: string): Promise<void> {
  const row = await liveStory(deps, id);
  if (!storyPermissions(actor, row).delete) throw new AppError('forbidden', storyTexts.deleteForbidden);
  const gone = await deps.db.delete(stories).where(eq(stories.id, row.id)).returning();
  await removeMedia(deps, gone);
  if (gone.length > 0) await deps.events.publish('story.deleted', { storyId: row.id, ownerId: row.userId });
}

/**
 * The periodic clean-up: removes stories whose 24 hours are over, with their files, and
 * publishes `story.expired` with their ids.
 * @returns how many stories were removed
 */
export async function removeExpired(deps: StoriesDeps): Promise<number> {
  const gone = await deps.db
    .delete(stories)
    .where(lte(stories.expiresAt, nowOf(deps)))
    .returning();
  await removeMedia(deps, gone);
  if (gone.length > 0) await deps.events.publish('story.expired', { storyIds: gone.map((row) => row.id) });
  return gone.length;
}

/** Largest stored story picture (the `detail` size the viewer loads first), in bytes. */
export const STORY_IMAGE_MAX_BYTES = 200 * 1024;

async function readAll(storage: MediaStorage, name: string): Promise<Buffer | null> {
  const file = await storage.read(LISTING_IMAGE_FOLDER, name);
  if (!file) return null;
  const parts: Buffer[] = [];
  for await (const part of file.stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/**
 * Keeps a story's picture (the pipeline's `detail` WebP, at most 1024 px, already without
 * metadata) under 200 kB: a larger one is encoded again with lower quality, and smaller when
 * quality alone is not enough. The `card` and `full` sizes stay as the pipeline made them.
 */
async function capStoryImage(storage: MediaStorage, id: string): Promise<void> {
  const name = `${id}-detail.webp`;
  const data = await readAll(storage, name);
  if (!data || data.length <= STORY_IMAGE_MAX_BYTES) return;
  let smaller: Buffer = data;
  for (const [edge, quality] of [
    [1024, 65],
    [1024, 50],
    [900, 45],
    [720, 40],
    [540, 35],
  ] as const) {
    smaller = await sharp(data)
      .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer();
    if (smaller.length <= STORY_IMAGE_MAX_BYTES) break;
  }
  await storage.remove(LISTING_IMAGE_FOLDER, name);
  await storage.write(LISTING_IMAGE_FOLDER, name, smaller);
}

/** Multipart parts of `POST /api/stories/` after the file. */
export interface StoryUploadFields {
  caption?: string | undefined;
  duration?: string | undefined;
  listing_id?: string | undefined;
}

/** Name prefix of temporary story uploads in `DATA_DIR/tmp`. */
const TMP_PREFIX = 'upload-story-';

/**
 * Checks the text fields of a new story. @returns caption (trimmed, null when empty), duration
 * in seconds (null when absent) and the linked ad id
 * @throws AppError validation (422) naming the field
 */
export async function checkFields(
  deps: StoriesDeps,
  actor: Actor,
  fields: StoryUploadFields,
): Promise<{ caption: string | null; duration: number | null; listing: StoryListing | null }> {
  const caption = fields.caption?.trim() ?? '';
  if (caption.length > STORY_CAPTION_MAX) {
    throw new AppError('validation', `caption: höchstens ${STORY_CAPTION_MAX} Zeichen.`);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(caption)) {
    throw new AppError('validation', 'caption: Steuerzeichen sind nicht erlaubt.');
  }
  let duration: number | null = null;
  if (fields.duration !== undefined && fields.duration.trim() !== '') {
    const value = Number(fields.duration);
    if (!Number.isFinite(value) || value <= 0 || value > 600) {
      throw new AppError('validation', 'duration: eine Zahl von Sekunden zwischen 0 und 600.');
    }
    duration = Math.round(value);
  }
  let listing: StoryListing | null = null;
  if (fields.listing_id) {
    listing = UUID.test(fields.listing_id)
      ? await deps.listings.ownActive(deps.db, actor.id, fields.listing_id)
      : null;
    if (!listing) throw new AppError('validation', `listing_id: ${storyTexts.foreignListing}`);
  }
  return { caption: caption.length > 0 ? caption : null, duration, listing };
}

/**
 * Streams an uploaded story file to a new temporary file in `DATA_DIR/tmp` (never whole in
 * memory), cut at 50 MB. The caller removes the file (`discardUpload`) when done.
 * @returns the temporary file's path
 * @throws AppError payload_too_large (413) 'Datei ist zu groß. Maximum: 50MB'
 */
export function receiveUpload(deps: StoriesDeps, file: ImageUploadStream): Promise<string> {
  return streamToTempFile(
    file,
    deps.tmpDir,
    TMP_PREFIX,
    () => new AppError('payload_too_large', storyTexts.tooLarge),
  );
}

/** Removes a temporary upload; a missing file is no error. */
export const discardUpload = removeTempFile;

/**
 * `POST /api/stories/` after the upload: checks the file's type by its bytes (JPEG, PNG, WebP,
 * MP4, MOV) and the fields; images go through the one image pipeline (WebP sizes without
 * metadata, the `detail` size is the story's picture), videos are streamed into the media
 * storage's `stories` folder. Then the story row is stored, live for 24 hours, and `story.created` is published.
 * Nothing is left behind on a failure.
 * @param tmp the file `receiveUpload` wrote; it stays for the caller to discard
 * @param posterId a video's poster, already stored by the image pipeline (the client's first
 *   frame, multipart `poster`); a photo story ignores it, and the caller removes it when this fails
 * @throws AppError unsupported_image (415) 'Nur Bild- und Videodateien sind erlaubt', validation (422)
 */
export async function create(
  deps: StoriesDeps,
  actor: Actor,
  tmp: string,
  rawFields: StoryUploadFields,
  posterId: string | null = null,
): Promise<Story> {
  const type = await fileTypeFromFile(tmp);
  const mime = type?.mime ?? '';
  const isImage = (STORY_IMAGE_TYPES as readonly string[]).includes(mime);
  const isVideo = (STORY_VIDEO_TYPES as readonly string[]).includes(mime);
  if (!isImage && !isVideo) throw new AppError('unsupported_image', storyTexts.wrongType);
  const fields = await checkFields(deps, actor, rawFields);
  let mediaName: string;
  if (isImage) {
    const image = await deps.images.processImageUpload(fs.createReadStream(tmp), { purpose: 'listing' });
    mediaName = image.id;
    await capStoryImage(deps.storage, mediaName);
  } else {
    mediaName = `${randomBytes(16).toString('hex')}.${mime === 'video/quicktime' ? 'mov' : 'mp4'}`;
    await deps.storage.writeStream(STORY_VIDEO_FOLDER, mediaName, fs.createReadStream(tmp));
  }
  const createdAt = nowOf(deps);
  const values = {
    userId: actor.id,
    mediaType: isImage ? ('image' as const) : ('video' as const),
    mediaName,
    thumbnailName: isImage ? mediaName : posterId,
    mimeType: mime,
    caption: fields.caption,
    duration: fields.duration,
    listingId: fields.listing?.id ?? null,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + STORY_LIFETIME_MS),
  };
  let row: StoryRow | undefined;
  try {
    [row] = await deps.db.insert(stories).values(values).returning();
  } catch (error) {
    await removeMedia(deps, [values]);
    throw error;
  }
  if (!row) throw new Error('story insert returned no row');
  const [owner] = await findAccounts(deps.db, [actor.id]);
  const story = toStory(row, owner, true, fields.listing, storyPermissions(actor, row));
  await deps.events.publish('story.created', { storyId: row.id, ownerId: actor.id });
  return story;
}

/**
 * Stores a story from a file on this machine (demo data) with the same checks and pipeline as
 * an upload; the file itself is copied first and stays.
 * @param createdAt when it was posted (the story lives 24 hours from then)
 * @param posterFile a video's poster (its first frame, JPEG/PNG/WebP) on this machine, stored
 *   through the image pipeline like the `poster` of an upload; removed again when the story fails
 * @returns the new story's id
 */
export async function createFromFile(
  deps: StoriesDeps,
  actor: Actor,
  file: string,
  fields: StoryUploadFields,
  createdAt: Date,
  posterFile: string | null = null,
): Promise<string> {
  const tmp = await receiveUpload(deps, fs.createReadStream(file) as ImageUploadStream);
  let poster: string | null = null;
  let done = false;
  try {
    if (posterFile) {
      poster = (
        await deps.images.processImageUpload(fs.createReadStream(posterFile) as ImageUploadStream, {
          purpose: 'listing',
        })
      ).id;
    }
    const story = await create({ ...deps, now: () => createdAt }, actor, tmp, fields, poster);
    done = story.media_type === 'video';
    return story.id;
  } finally {
    await discardUpload(tmp);
    if (poster !== null && !done) await removePicture(deps.storage, poster);
  }
}
