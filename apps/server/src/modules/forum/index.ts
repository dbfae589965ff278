import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CountCache } from '../../lib/count-cache.ts';
import { CountedToday } from '../../lib/counted-today.ts';
import { type CategoryStats, FORUM_STATS_CACHE_MS } from './caches.ts';
import { forumStandingColumns } from './queries.ts';
import { forumPostReportTarget } from './reports.ts';
import forumRoutes from './routes.ts';
import type { ForumCategoryRow } from './schema.ts';
import './events.ts';

/**
 * The forum module's only door (ARCHITECTURE.md "modules"): the three forums with subforums,
 * threads, posts in Markdown (rendered and sanitized on the server), likes, watching, reports
 * and moderation (contract `forum.ts`). It publishes `forum.replied`, `forum.mentioned` and
 * `forum.liked` (see `events.ts`), which the notifications module turns into notifications;
 * other modules import only from here.
 */
export { renderMarkdown } from './markdown.ts';
export {
  announcePostModeration,
  countForumPosts,
  forumPostNames,
  removePostInTransaction,
  restorePostInTransaction,
} from './reports.ts';

/**
 * Registers the `/api/forum/…` routes with the caches of the forums, their counts and the
 * search's hit counts this instance owns
 * (docs/decisions/0010-forum-search-speed.md).
 */
async function forum(app: FastifyInstance) {
  const stats = new CountCache<Map<string, CategoryStats>>(
    FORUM_STATS_CACHE_MS,
    1,
    app.caches.counts('forum.stats'),
  );
  const searchCounts = new CountCache<number>(
    FORUM_STATS_CACHE_MS,
    1000,
    app.caches.counts('forum.search_counts'),
  );
  // A post removed by moderation (docs/decisions/0009-reports-queue.md) changes the counts too.
  const off = app.events.onEveryInstance('forum.post_moderated', () => {
    stats.invalidate();
    searchCounts.invalidate();
  });
  app.addHook('onClose', async () => off());
  // Reported posts in the one moderation queue (docs/decisions/0023-one-reports-store.md).
  app.reportTargets.register(forumPostReportTarget);
  // The forum's part of the one reputation in the users door's member cards: posts written and
  // likes received (the counters `forum_member_stats`).
  app.memberCards.add({
    columns: forumStandingColumns,
    fields: (row) => ({ forum_posts: Number(row.forumPosts ?? 0), forum_likes: Number(row.forumLikes ?? 0) }),
  });
  await app.register(forumRoutes, {
    deps: {
      db: app.database.db,
      events: app.events,
      cards: app.memberCards,
      stats,
      categories: new CountCache<ForumCategoryRow[]>(
        FORUM_STATS_CACHE_MS,
        1,
        app.caches.counts('forum.categories'),
      ),
      searchCounts,
      views: new CountedToday(),
    },
  });
}

export default fp(forum, {
  name: 'forum',
  dependencies: ['database', 'events', 'auth', 'users', 'reports', 'chat'],
});
