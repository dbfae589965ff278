import { type StoryReportBody, storyReportBodySchema } from '@marketplace/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Emit, EventBus } from '../../realtime/event-bus.ts';
import { countRequest, type RequestLimit } from '../auth/index.ts';
import { imageUrl } from '../media/index.ts';
import { fileReport, type ReportTargetType } from '../reports/index.ts';
import type { Actor } from '../users/index.ts';
import type { StoriesDeps } from './deps.ts';
import { STORY_VIDEO_URL_PREFIX } from './files.ts';
import { storyPermissions } from './policies.ts';
import { liveStory } from './queries.ts';
import { type StoryRow, stories } from './schema.ts';
import './events.ts';

/**
 * Story reports (DSA Art. 16, docs/decisions/0023-one-reports-store.md): members report other
 * members' live stories into the one reports store (the kind `story`). The moderation module
 * removes a story through the stories door
 * (`removeStoryInTransaction`, then `announceStoryRemoval`); a removed story is gone for good.
 */

/** Story reports per member and hour: the limit of ad reports (docs/decisions/0005). */
export const STORY_REPORT_LIMIT: RequestLimit = {
  bucket: 'story_report',
  max: 20,
  windowMs: 60 * 60 * 1000,
  reason: 'Du hast in kurzer Zeit sehr viele Storys gemeldet.',
};

const texts = {
  reported: 'Danke! Wir prüfen die Story.',
  own: 'Du kannst deine eigene Story nicht melden.',
} as const;

/**
 * `POST /api/stories/{id}/report`: stores the actor's report of another member's live story for
 * the administrators; reporting the same story again replaces the earlier report (one per member
 * and story). At most {@link STORY_REPORT_LIMIT} per member and hour, counted with the report in
 * one transaction (holds under parallel requests). The reporter's confirmation follows from
 * `story.reported`.
 * @param body `{ reason, text? }` (contract `storyReportBodySchema`)
 * @returns the German confirmation
 * @throws AppError not_found (404, also for an expired story), forbidden (403: one's own story),
 *   validation (422), rate_limited (429)
 */
export async function reportStory(
  deps: StoriesDeps,
  actor: Actor,
  id: string,
  body: StoryReportBody,
): Promise<{ detail: string }> {
  const input = storyReportBodySchema.parse(body);
  const story = await liveStory(deps, id);
  if (!storyPermissions(actor, story).report) throw new AppError('forbidden', texts.own);
  const text = input.text?.trim() ? input.text.trim() : null;
  await deps.events.transaction(deps.db, async (tx, emit) => {
    await countRequest(tx, STORY_REPORT_LIMIT, actor.id);
    const filed = await fileReport(
      tx,
      {
        targetType: 'story',
        targetId: story.id,
        reportedId: story.userId,
        reporterId: actor.id,
        reason: input.reason,
        comment: text,
      },
      'replace',
    );
    // The reporter's confirmation (DSA Art. 16), once per report: a repeat replaces the
    // reason and note and confirms nothing again.
    if (filed === 'new')
      emit('story.reported', { storyId: story.id, ownerId: story.userId, reporterId: actor.id });
  });
  return { detail: texts.reported };
}

/** A story's name in the queue and the statement of reasons: its caption's start, else its kind. */
function storyTitle(caption: string | null, mediaType: 'image' | 'video' | null): string {
  const text = caption?.replace(/\s+/g, ' ').trim() ?? '';
  if (text) return text.length > 80 ? `${text.slice(0, 79)}…` : text;
  return mediaType === 'video' ? 'Video-Story' : 'Foto-Story';
}

/**
 * Stories by name, for the administrators' audit log: per story still stored (live or expired,
 * not yet cleaned up) its caption's start, else 'Foto-Story' or 'Video-Story'. A story has no
 * page of its own, so there is no link; removed and cleaned-up stories are left out. One
 * statement for all ids.
 * @param ids ids of stories (UUIDs)
 */
export async function storyNames(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, { name: string; link: null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: stories.id, caption: stories.caption, mediaType: stories.mediaType })
    .from(stories)
    .where(inArray(stories.id, [...ids]));
  return new Map(rows.map((row) => [row.id, { name: storyTitle(row.caption, row.mediaType), link: null }]));
}

/**
 * The kind `story` of reported things, registered at start (`app.reportTargets`): a story that
 * expired or was deleted is gone (its reports leave the queue and stay for the transparency
 * report); the link is the photo or video itself, since a story has no page of its own.
 */
export const storyReportTarget: ReportTargetType = {
  type: 'story',
  perReportedMember: false,
  async facts(db, things) {
    if (things.length === 0) return [];
    const rows = await db
      .select({
        id: stories.id,
        caption: stories.caption,
        mediaType: stories.mediaType,
        mediaName: stories.mediaName,
        thumbnailName: stories.thumbnailName,
        live: sql<boolean>`${stories.expiresAt} > now()`,
      })
      .from(stories)
      .where(
        inArray(
          stories.id,
          things.map((thing) => thing.targetId),
        ),
      );
    const found = new Map(rows.map((row) => [row.id, row]));
    return things.map((thing) => {
      const story = found.get(thing.targetId);
      const live = Boolean(story?.live);
      return {
        targetType: 'story',
        targetId: thing.targetId,
        title: storyTitle(story?.caption ?? null, story?.mediaType ?? null),
        excerpt: story?.caption ?? null,
        link: story
          ? story.mediaType === 'image'
            ? imageUrl(story.mediaName, 'detail')
            : `${STORY_VIDEO_URL_PREFIX}${story.mediaName}`
          : '',
        image: story?.thumbnailName ? imageUrl(story.thumbnailName, 'card') : null,
        status: live ? 'live' : 'expired',
        affectedId: thing.reportedId,
        gone: !live,
      };
    });
  },
};

/** A story the moderation removed: what the stories module needs to remove its files after the commit. */
export interface RemovedStory {
  storyId: string;
  ownerId: string;
  mediaType: 'image' | 'video';
  mediaName: string;
  thumbnailName: string | null;
}

/**
 * Deletes a story for everyone inside the moderation decision's transaction `tx` (its views,
 * reactions and replies go with it by cascade; its reports stay) and emits `story.moderated`
 * there: the stories module's durable reaction removes the files once it committed.
 * @returns the removed story, or null when it was gone already
 */
export async function removeStoryInTransaction(
  tx: Database,
  emit: Emit,
  storyId: string,
): Promise<RemovedStory | null> {
  const [row] = await tx.delete(stories).where(eq(stories.id, storyId)).returning();
  if (!row) return null;
  const removed = removedOf(row);
  emit('story.moderated', removed);
  return removed;
}

function removedOf(row: StoryRow): RemovedStory {
  return {
    storyId: row.id,
    ownerId: row.userId,
    mediaType: row.mediaType,
    mediaName: row.mediaName,
    thumbnailName: row.thumbnailName,
  };
}

/** After the commit of a removal: `story.deleted` (every instance's feed drops the story). */
export async function announceStoryRemoval(events: EventBus, removed: RemovedStory): Promise<void> {
  await events.publish('story.deleted', { storyId: removed.storyId, ownerId: removed.ownerId });
}
