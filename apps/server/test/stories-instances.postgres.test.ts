import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeExpiredStories } from '../src/modules/stories/index.ts';
import { bearer, type RegisteredMember, registerMember } from './helpers/accounts.ts';
import { type Instances, startInstances } from './helpers/instances.ts';
import { feedStoryIds, postPhotoStory, readFeed } from './helpers/stories.ts';

/**
 * Each instance keeps its own summary of the live story groups for the feed
 * (docs/decisions/0013-story-feed-summary.md); a story posted, deleted or expired through another
 * instance reaches it as a domain event through Redis. Two instances on one PostgreSQL database;
 * runs only in the PostgreSQL project and needs Redis at REDIS_URL_FOR_TESTS or redis://127.0.0.1:6379.
 */
let running: Instances;
let a: FastifyInstance;
let b: FastifyInstance;
let viewer: RegisteredMember;
let owner: RegisteredMember;

beforeAll(async () => {
  running = await startInstances(['a', 'b']);
  [a, b] = running.apps as [FastifyInstance, FastifyInstance];
  viewer = await registerMember(a, { nickname: 'Zuschauer' });
  owner = await registerMember(b, { nickname: 'Erzähler' });
  await a.database.db.execute(
    sql`update users set email_verified_at = now() where id = ${owner.user.id}::uuid`,
  );
}, 120_000);
afterAll(async () => {
  await running?.stop();
});

/** Story ids in the in-memory summary of `app` (every group, not one page). */
async function summaryIds(app: FastifyInstance): Promise<string[]> {
  const groups = await app.storiesDeps.feedSummary.groups();
  return groups.flatMap((group) => group.stories.map((story) => story.id));
}

describe('story feed of two instances (Redis event bus)', () => {
  it("a story posted, deleted or expired through B shows or leaves A's feed at once", async () => {
    // A's summary is built before the story exists, so only the event can bring it in.
    await readFeed(a, viewer);
    const story = await postPhotoStory(b, owner);
    await expect
      .poll(async () => feedStoryIds(await readFeed(a, viewer)), { timeout: 15_000 })
      .toContain(story.id);

    const res = await b.inject({
      method: 'DELETE',
      url: `/api/stories/${story.id}`,
      headers: bearer(owner.access_token),
    });
    expect(res.statusCode).toBe(204);
    await expect.poll(() => summaryIds(a), { timeout: 15_000 }).not.toContain(story.id);
    expect(feedStoryIds(await readFeed(a, viewer))).not.toContain(story.id);

    const old = await postPhotoStory(b, owner);
    await expect.poll(() => summaryIds(a), { timeout: 15_000 }).toContain(old.id);
    // Its 24 hours are over; B's clean-up removes it and A's summary drops it.
    await b.database.db.execute(
      sql`update stories set expires_at = now() - interval '1 second', created_at = now() - interval '25 hours' where id = ${old.id}::uuid`,
    );
    expect(await removeExpiredStories(b.storiesDeps)).toBeGreaterThanOrEqual(1);
    await expect.poll(() => summaryIds(a), { timeout: 15_000 }).not.toContain(old.id);
    expect(feedStoryIds(await readFeed(a, viewer))).not.toContain(old.id);
  }, 120_000);

  it("a view through B marks the story viewed in A's feed, which kept the viewer's marks", async () => {
    const story = await postPhotoStory(b, owner);
    const hasViewed = async () =>
      (await readFeed(a, viewer)).stories.flatMap((group) => group.stories).find((s) => s.id === story.id)
        ?.has_viewed;
    await expect.poll(hasViewed, { timeout: 15_000 }).toBe(false);
    const res = await b.inject({
      method: 'POST',
      url: `/api/stories/${story.id}/view`,
      headers: bearer(viewer.access_token),
    });
    expect(res.statusCode).toBeLessThan(300);
    // The event reaches A through Redis within milliseconds; the kept marks alone would last 5 s.
    await expect.poll(hasViewed, { timeout: 3_000, interval: 50 }).toBe(true);
  }, 60_000);
});
