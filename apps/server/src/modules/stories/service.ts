import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import {
  STORY_IMAGE_TYPES,
  STORY_LIFETIME_MS,
  STORY_REPLY_MAX,
  STORY_VIDEO_TYPES,
  type Story,
  storyTexts,
} from '@marketplace/contract';
import { eq, lte } from 'drizzle-orm';
import { fileTypeFromFile } from 'file-type';
import { AppError } from '../../lib/errors.ts';
import { countRequest, type RequestLimit, refuseWhenSpent } from '../auth/index.ts';
import type { ImageUploadStream } from '../media/index.ts';
import { type Actor, findAccounts } from '../users/index.ts';
import { nowOf, type StoriesDeps } from './deps.ts';
import { capStoryImage, copyThumbnail, removeMedia, removePicture, STORY_VIDEO_FOLDER } from './files.ts';
import { storyPermissions } from './policies.ts';
import { toStory } from './present.ts';
import { liveStory } from './queries.ts';
import { type StoryRow, stories, storyReactions, storyReplies, storyViews } from './schema.ts';
import { checkFields, discardUpload, receiveUpload, type StoryUploadFields } from './upload.ts';
import { probeVideo, stripVideoMetadata } from './video.ts';

/**
 * The stories' writes: views, reactions and replies, deleting a story, the clean-up of expired
 * stories, and creating a story from an upload or a file.
 */

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

/** Stories per member in 24 hours (docs/decisions/0005), deleted ones included. */
export const STORY_POST_LIMIT: RequestLimit = {
  bucket: 'story_post',
  max: 30,
  windowMs: 24 * 60 * 60 * 1000,
  reason: 'Du hast in den letzten 24 Stunden sehr viele Storys gepostet.',
};

/**
 * `POST /api/stories/` after the upload: checks the file's type by its bytes (JPEG, PNG, WebP,
 * MP4, MOV) and the fields; images go through the one image pipeline (WebP sizes without
 * metadata, the `detail` size is the story's picture). A video is read by ffprobe first
 * (`probeVideo`: a real MP4/MOV with a picture, at most 60 s and 4096 px per side), then
 * remuxed without its metadata (title, GPS location, device; `stripVideoMetadata`) into a second
 * temporary file and streamed from there into the media storage's `stories` folder. Then the
 * story row is stored, live for 24 hours, and `story.created` is published.
 * At most {@link STORY_POST_LIMIT} stories per member in 24 hours, counted with the insert (holds
 * under parallel requests). Nothing is left behind on a failure.
 * @param tmp the file `receiveUpload` wrote; it stays for the caller to discard (the copy
 *   without metadata, `<tmp>-clean`, is removed here)
 * @param posterId a video's poster, already stored by the image pipeline (the client's first
 *   frame, multipart `poster`); a photo story ignores it, and the caller removes it when this fails
 * @throws AppError unsupported_image (415) 'Nur Bild- und Videodateien sind erlaubt', validation (422)
 *   for the fields and for a too long or too large video, rate_limited (429)
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
  // A video is read before anything is stored: a real one, short and small enough.
  const video = isImage ? null : await probeVideo(tmp);
  const fields = await checkFields(deps, actor, rawFields);
  // A spent daily limit is refused before the media is processed; the insert counts it.
  await refuseWhenSpent(deps.db, STORY_POST_LIMIT, actor.id);
  let mediaName: string;
  if (!video) {
    const image = await deps.images.processImageUpload(fs.createReadStream(tmp), { purpose: 'listing' });
    mediaName = image.id;
    await capStoryImage(deps.storage, mediaName);
  } else {
    const container = mime === 'video/quicktime' ? 'mov' : 'mp4';
    mediaName = `${randomBytes(16).toString('hex')}.${container}`;
    // The copy without metadata goes next to the upload and is stored from there.
    const clean = `${tmp}-clean`;
    try {
      await stripVideoMetadata(tmp, video, clean, container);
      await deps.storage.writeStream(STORY_VIDEO_FOLDER, mediaName, fs.createReadStream(clean));
    } finally {
      await discardUpload(clean);
    }
  }
  const createdAt = nowOf(deps);
  const values = {
    userId: actor.id,
    mediaType: isImage ? ('image' as const) : ('video' as const),
    mediaName,
    thumbnailName: isImage ? mediaName : posterId,
    mimeType: mime,
    caption: fields.caption,
    // A video lasts as long as it plays, whatever the client said.
    duration: video ? Math.max(1, Math.round(video.seconds)) : fields.duration,
    listingId: fields.listing?.id ?? null,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + STORY_LIFETIME_MS),
  };
  let row: StoryRow | undefined;
  try {
    [row] = await deps.events.transaction(deps.db, async (tx) => {
      await countRequest(tx, STORY_POST_LIMIT, actor.id);
      return tx.insert(stories).values(values).returning();
    });
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
