import { type StoryReportBody, storyReportBodySchema } from '@marketplace/contract';
import { eq, sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isoTimestamp } from '../../lib/sql.ts';
import type { Emit, EventBus } from '../../realtime/event-bus.ts';
import { countRequest, type RequestLimit } from '../auth/index.ts';
import { imageUrl } from '../media/index.ts';
import type { Actor } from '../users/index.ts';
import { storyPermissions } from './policies.ts';
import { type StoryRow, stories, storyReports } from './schema.ts';
import { liveStory, STORY_VIDEO_URL_PREFIX, type StoriesDeps } from './service.ts';
import './events.ts';

/**
 * Story reports (DSA Art. 16, docs/decisions/0009-reports-queue.md): members report other
 * members' live stories into the one moderation queue. The moderation module reads them through
 * the stories door (`readStoryReports`) and removes a story through it
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
    await tx
      .insert(storyReports)
      .values({ storyId: story.id, ownerId: story.userId, reporterId: actor.id, reason: input.reason, text })
      .onConflictDoUpdate({
        target: [storyReports.storyId, storyReports.reporterId],
        set: { reason: input.reason, text, createdAt: new Date() },
      });
    emit('story.reported', { storyId: story.id, ownerId: story.userId, reporterId: actor.id });
  });
  return { detail: texts.reported };
}

/** One member's report of a story, with what the queue shows of the story. */
export interface StoryReportRow {
  storyId: string;
  reporterId: string;
  /** The story's owner: the member the decision concerns. */
  ownerId: string;
  reason: string;
  text: string | null;
  /** ISO 8601 with milliseconds; reporting again moves it to the new report's time. */
  createdAt: string;
  /** False once the story expired or was deleted: its reports leave the queue. */
  live: boolean;
  caption: string | null;
  /** The story's photo or video (`/api/images/…`, `/api/stories/media/…`); null once gone. */
  mediaUrl: string | null;
  /** Its small picture (a photo's or a video's poster `card` size); null when none or gone. */
  pictureUrl: string | null;
}

/** Most reports {@link readStoryReports} answers. */
export const STORY_REPORTS_READ_MAX = 5000;

/**
 * Reports of stories, oldest first, at most {@link STORY_REPORTS_READ_MAX}: of the given
 * stories only, of live stories only (`live`), filed within `[from, to)` when given.
 */
export async function readStoryReports(
  db: Database,
  filter: { storyIds?: readonly string[]; live?: boolean; from?: Date; to?: Date } = {},
): Promise<StoryReportRow[]> {
  const ids = filter.storyIds;
  if (ids && ids.length === 0) return [];
  const rows = await selectRows<
    Omit<StoryReportRow, 'mediaUrl' | 'pictureUrl'> & {
      mediaType: 'image' | 'video' | null;
      mediaName: string | null;
      pictureId: string | null;
    }
  >(
    db,
    sql`select r.story_id as "storyId", r.reporter_id as "reporterId", r.owner_id as "ownerId",
          r.reason, r.text, ${isoTimestamp('r.created_at')} as "createdAt",
          (s.id is not null and s.expires_at > now()) as live,
          s.caption, s.media_type as "mediaType", s.media_name as "mediaName",
          s.thumbnail_name as "pictureId"
        from story_reports r
        left join stories s on s.id = r.story_id
        where true
          ${
            ids
              ? sql`and r.story_id in (${sql.join(
                  ids.map((id) => sql`${id}::uuid`),
                  sql`, `,
                )})`
              : sql``
          }
          ${filter.live ? sql`and s.expires_at > now()` : sql``}
          ${filter.from ? sql`and r.created_at >= ${filter.from.toISOString()}::timestamptz` : sql``}
          ${filter.to ? sql`and r.created_at < ${filter.to.toISOString()}::timestamptz` : sql``}
        order by r.created_at, r.story_id, r.reporter_id
        limit ${STORY_REPORTS_READ_MAX}`,
  );
  return rows.map(({ mediaType, mediaName, pictureId, ...row }) => ({
    ...row,
    live: Boolean(row.live),
    mediaUrl:
      mediaType && mediaName
        ? mediaType === 'image'
          ? imageUrl(mediaName, 'detail')
          : `${STORY_VIDEO_URL_PREFIX}${mediaName}`
        : null,
    pictureUrl: pictureId ? imageUrl(pictureId, 'card') : null,
  }));
}

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
