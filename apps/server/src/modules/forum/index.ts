import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import forumRoutes from './routes.ts';
import './events.ts';

/**
 * The forum module's only door (ARCHITECTURE.md "modules"): the three forums with subforums,
 * threads, posts in Markdown (rendered and sanitized on the server), likes, watching, reports
 * and moderation (contract `forum.ts`). It publishes `forum.replied`, `forum.mentioned` and
 * `forum.liked` (see `events.ts`), which the notifications module turns into notifications;
 * other modules import only from here.
 */
export { renderMarkdown } from './markdown.ts';
export { forumStanding } from './service.ts';

/** Registers the `/api/forum/…` routes. */
async function forum(app: FastifyInstance) {
  await app.register(forumRoutes, { deps: { db: app.database.db, events: app.events } });
}

export default fp(forum, {
  name: 'forum',
  dependencies: ['database', 'events', 'auth', 'users', 'chat'],
});
