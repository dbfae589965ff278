import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import followRoutes from './routes.ts';
import './events.ts';

/**
 * The follows module's only door (ARCHITECTURE.md "modules"): who follows whom (SPEC.md §7
 * "follows"). It publishes `user.followed` and `user.unfollowed` (see `events.ts`) after each
 * change is stored; other modules import only from here.
 */
export { toFollowEntries } from './present.ts';
export {
  type FollowEdge,
  type FollowPage,
  followCounts,
  followedBy,
  isFollowing,
  listFollowers,
  listFollowing,
  removeFollowsOf,
} from './service.ts';

/** Registers `/api/follow/following`, `/api/follow/followers` and `POST`/`DELETE /api/follow/{userId}`. */
async function follows(app: FastifyInstance) {
  await app.register(followRoutes);
}

export default fp(follows, { name: 'follows', dependencies: ['database', 'events', 'auth'] });
