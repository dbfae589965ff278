import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MembersDeps } from './account.ts';
import { memberReportTarget } from './reports.ts';
import memberRoutes from './routes.ts';

/**
 * The members module's only door (ARCHITECTURE.md "modules"): what is done with a member as a
 * whole, reading the modules that hold the member's things. It is the highest module
 * (docs/decisions/0006-module-doors.md): no module imports it. Deleting an account removes the
 * member's sessions, tokens, favourites, ads, uploads and follows through their modules' doors
 * in one transaction, then the account row through the users door; the export reads follows, ads
 * and favourites; the public profile reads follows, ads and the one reputation; the avatar goes
 * through the media module's image pipeline; member reports count against the auth door's
 * limits. Its changes are published as the users module's account events (`user.updated`,
 * `user.deleted`, `member.reported`, declared in `users/events.ts`), so that every module below
 * may subscribe to them.
 */

/**
 * Registers the members module: `DELETE /api/me`, `GET /api/me/export`, `/api/me/avatar`, the
 * avatar images, `GET /api/users/{id}` and `POST /api/users/{id}/report`.
 */
async function members(app: FastifyInstance) {
  const deps: MembersDeps = {
    db: app.database.db,
    events: app.events,
    storage: app.mediaStorage,
    images: app.images,
    categories: app.categories,
    cards: app.memberCards,
  };
  // Reported members in the one moderation queue (docs/decisions/0023-one-reports-store.md).
  app.reportTargets.register(memberReportTarget);
  await app.register(memberRoutes, { deps });
}

export default fp(members, {
  name: 'members',
  dependencies: [
    'database',
    'events',
    'auth',
    'media-storage',
    'users',
    'reports',
    'categories',
    'auth-module',
    'media',
    'follows',
    'listings',
    'favorites',
  ],
});
