import { type Story, type StoryInsights, type StoryStats, storyTexts } from '@marketplace/contract';
import { and, asc, count, desc, eq, gt } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { type Actor, displayName, findAccounts } from '../users/index.ts';
import { nowOf, type StoriesDeps, UUID } from './deps.ts';
import { storyPermissions } from './policies.ts';
import { present } from './present.ts';
import { type StoryRow, stories, storyReactions, storyReplies, storyViews } from './schema.ts';

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
