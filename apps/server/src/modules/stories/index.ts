import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { readListings } from '../listings/index.ts';
import type { StoriesDeps } from './deps.ts';
import { FeedAnswers } from './feed-answers.ts';
import { FeedSummary, type StoryListingSource } from './feed-summary.ts';
import { removeMedia } from './files.ts';
import { storyPermissionsOf } from './policies.ts';
import { toStory } from './present.ts';
import { storyReportTarget } from './reports.ts';
import storyRoutes from './routes.ts';
import { removeExpired } from './service.ts';
import { storySocketRoutes } from './socket.ts';
import { ViewMarksCache } from './view-marks.ts';
import './events.ts';

/**
 * The stories module's only door (ARCHITECTURE.md "modules"): 24-hour photo and video stories
 * (SPEC.md §2–§9), their views, reactions and replies, `/api/stories/…` and `/ws/stories`.
 * It publishes `story.created`, `story.deleted`, `story.expired`, `story.viewed`, `story.reacted`,
 * `story.replied`, `story.reported` and `story.moderated` (see `events.ts`); other modules import
 * only from here. Reported stories are the kind `story` of the one reports store, and the
 * moderation module removes them through this door (docs/decisions/0023-one-reports-store.md).
 */
export { countStoriesSince } from './counts.ts';
export type { StoriesDeps } from './deps.ts';
export { type StoryRelation, storyPermissions, storyPermissionsOf } from './policies.ts';
export { storiesOfUser as listStoriesOfUser } from './queries.ts';
export {
  announceStoryRemoval,
  type RemovedStory,
  removeStoryInTransaction,
  STORY_REPORT_LIMIT,
  storyNames,
} from './reports.ts';
export {
  createFromFile as createStoryFromFile,
  removeExpired as removeExpiredStories,
} from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the stories service needs (demo data posts stories with it). */
    storiesDeps: StoriesDeps;
  }
}

/** When expired stories and their files are removed: every 10 minutes (cron, UTC). */
const CLEANUP_CRON = '*/10 * * * *';

/** The ads of the listings module as story cards, through the listings door. */
function listingSource(app: FastifyInstance): StoryListingSource {
  const cards: StoryListingSource['cards'] = async (db, ids) => {
    if (ids.length === 0) return new Map();
    const ads = await readListings({ db, categories: app.categories }, ids, null);
    return new Map(
      ads.map((ad) => [
        ad.id,
        {
          id: ad.id,
          title: ad.title,
          price: ad.price,
          price_type: ad.price_type,
          image: (Array.isArray(ad.images) ? ad.images[0] : null) ?? null,
        },
      ]),
    );
  };
  return {
    cards,
    async ownActive(db, ownerId, id) {
      const [ad] = await readListings({ db, categories: app.categories }, [id], null);
      if (!ad || ad.seller.id !== ownerId || ad.status !== 'active') return null;
      return (await cards(db, [id])).get(id) ?? null;
    },
  };
}

/**
 * Registers the stories module: its routes and socket, and the clean-up that removes expired
 * stories with their files every 10 minutes (and once on start), a job run once across the
 * instances (docs/decisions/0014-job-queue.md).
 */
async function storiesModule(app: FastifyInstance, options: { config: Config }) {
  const dataDir = options.config.dataDir;
  const listings = listingSource(app);
  const deps: StoriesDeps = {
    db: app.database.db,
    events: app.events,
    storage: app.mediaStorage,
    images: app.images,
    listings,
    messenger: (actor, recipientId, content, image) => app.chatMessenger(actor, recipientId, content, image),
    tmpDir: path.join(dataDir, 'tmp'),
    feedSummary: new FeedSummary(app.database.db, listings, (row, owner, card) =>
      toStory(row, owner, false, card, storyPermissionsOf('member')),
    ),
    viewMarks: new ViewMarksCache(undefined, undefined, app.caches.counts('stories.view_marks')),
    feedAnswers: new FeedAnswers(),
  };
  app.decorate('storiesDeps', deps);
  // Reported stories in the one moderation queue (docs/decisions/0023-one-reports-store.md).
  app.reportTargets.register(storyReportTarget);
  // Every instance keeps its own feed summary (docs/decisions/0013-story-feed-summary.md).
  const summary = deps.feedSummary;
  const unsubscribe = [
    app.events.onEveryInstance('story.created', ({ storyId }) => summary.created(storyId)),
    // A viewer's own views change their marks at once, on every instance (decision 0013).
    app.events.onEveryInstance('story.viewed', ({ viewerId }) => deps.viewMarks.forget(viewerId)),
    app.events.onReconnected(() => deps.viewMarks.clear()),
    app.events.onEveryInstance('story.deleted', ({ storyId }) => summary.removed([storyId])),
    app.events.onEveryInstance('story.expired', ({ storyIds }) => summary.removed(storyIds)),
    app.events.onEveryInstance('user.updated', ({ userId }) => summary.ownerChanged(userId)),
    app.events.onEveryInstance('user.deleted', ({ userId }) => summary.ownerGone(userId)),
    app.events.onEveryInstance('listing.updated', ({ listingId }) => summary.listingChanged(listingId)),
    app.events.onEveryInstance('listing.status_changed', ({ listingId }) =>
      summary.listingChanged(listingId),
    ),
    app.events.onEveryInstance('listing.deleted', ({ listingId }) => summary.listingChanged(listingId)),
  ];
  // A story the moderation removed: its files go as with the owner's delete, retried until they
  // are gone (removing a file that is gone already is no error).
  app.events.react('story.moderated', 'stories.remove_media', async (story) => {
    await removeMedia(deps, [story]);
  });
  await app.jobs.every(
    'stories.cleanup',
    CLEANUP_CRON,
    async () => {
      await removeExpired(deps);
    },
    { runOnStart: true },
  );
  app.addHook('onClose', async () => {
    for (const stop of unsubscribe) stop();
  });
  await app.register(storyRoutes, { deps });
  storySocketRoutes(app, deps);
}

export default fp(storiesModule, {
  name: 'stories',
  dependencies: [
    'database',
    'events',
    'auth',
    'realtime',
    'users',
    'reports',
    'follows',
    'listings',
    'media',
    'media-storage',
    'chat',
    'jobs',
  ],
});
