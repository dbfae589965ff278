import zlib from 'node:zlib';
import { storyFeedSchema } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeExpiredStories } from '../src/modules/stories/index.ts';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { verifiedMember } from './helpers/marketplace.ts';
import { feedStoryIds, postPhotoStory, readFeed } from './helpers/stories.ts';

/**
 * The feed answers from the live groups kept in memory (docs/decisions/0013-story-feed-summary.md);
 * a story posted, deleted or expired shows or leaves at once.
 */
let t: TestApp;
let viewer: RegisteredMember;
let owner: RegisteredMember;

beforeAll(async () => {
  t = await startTestApp();
  viewer = await verifiedMember(t, { nickname: 'Betrachterin' });
  owner = await verifiedMember(t, { nickname: 'Erzählerin' });
});
afterAll(async () => t?.close());

/** The story ids the in-memory summary holds (not only what one page shows). */
async function summaryIds(): Promise<string[]> {
  const groups = await t.app.storiesDeps.feedSummary.groups();
  return groups.flatMap((group) => group.stories.map((story) => story.id));
}

describe('feed summary', () => {
  it('shows a new story at once and answers exactly the contract shape', async () => {
    const before = await readFeed(t.app, viewer);
    const story = await postPhotoStory(t.app, owner);
    const after = await readFeed(t.app, viewer);
    expect(feedStoryIds(after)).toContain(story.id);
    expect(after.total).toBe(
      before.total + (before.stories.some((g) => g.user_id === owner.user.id) ? 0 : 1),
    );
    expect(await summaryIds()).toContain(story.id);
    // The JSON put together from serialised parts is what the schema makes of it, key for key.
    expect(JSON.stringify(storyFeedSchema.parse(after))).toBe(JSON.stringify(after));
    const group = after.stories.find((g) => g.user_id === owner.user.id);
    expect(group).toMatchObject({ user_name: 'Erzählerin', has_unviewed_stories: true });
    // Another member's `can` (docs/decisions/0006 point 5), not the owner's of the POST answer.
    const memberCan = { delete: false, insights: false, report: true, reply: true, react: true };
    expect(group?.stories.at(-1)).toEqual({ ...story, has_viewed: false, can: memberCan });
    // The owner sees their own story as seen, with the owner's `can`, as the POST answered it.
    const own = (await readFeed(t.app, owner)).stories.find((g) => g.user_id === owner.user.id);
    expect(own?.has_unviewed_stories).toBe(false);
    expect(own?.stories.at(-1)).toEqual(story);
  });

  it("marks a story viewed in the viewer's next feed at once, though the marks are kept for seconds", async () => {
    const story = await postPhotoStory(t.app, owner);
    const hasViewed = async () =>
      (await readFeed(t.app, viewer)).stories.flatMap((group) => group.stories).find((s) => s.id === story.id)
        ?.has_viewed;
    expect(await hasViewed()).toBe(false);
    // 50 parallel reads share the kept marks and agree.
    const reads = await Promise.all(Array.from({ length: 50 }, () => hasViewed()));
    expect(reads).toEqual(Array(50).fill(false));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/stories/${story.id}/view`,
      headers: bearer(viewer.access_token),
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(await hasViewed()).toBe(true);
  });

  it('drops a deleted story at once, from the answer and from the summary', async () => {
    const story = await postPhotoStory(t.app, owner);
    expect(feedStoryIds(await readFeed(t.app, viewer))).toContain(story.id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/stories/${story.id}`,
      headers: bearer(owner.access_token),
    });
    expect(res.statusCode).toBe(204);
    expect(await summaryIds()).not.toContain(story.id);
    expect(feedStoryIds(await readFeed(t.app, viewer))).not.toContain(story.id);
  });

  it('hides a story past its 24 hours by time, before the clean-up ran, and the clean-up drops it', async () => {
    const story = await postPhotoStory(t.app, owner);
    const deps = t.app.storiesDeps;
    // Seen in the feed first: the viewer's order computed now must not outlive the expiry.
    expect(feedStoryIds(await readFeed(t.app, viewer))).toContain(story.id);
    const later = new Date(Date.parse(story.expires_at) + 1000);
    deps.now = () => later;
    try {
      expect(feedStoryIds(await readFeed(t.app, viewer))).not.toContain(story.id);
    } finally {
      deps.now = undefined;
    }
    await t.db.handle.db.execute(
      sql`update stories set expires_at = now() - interval '1 second' where id = ${story.id}::uuid`,
    );
    expect(await removeExpiredStories(deps)).toBeGreaterThanOrEqual(1);
    expect(await summaryIds()).not.toContain(story.id);
    expect(feedStoryIds(await readFeed(t.app, viewer))).not.toContain(story.id);
  });

  it('shows the new name of a story owner', async () => {
    const member = await verifiedMember(t, { nickname: 'Altname' });
    await postPhotoStory(t.app, member);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(member.access_token),
      payload: { nickname: 'Neuname' },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const group = (await readFeed(t.app, viewer)).stories.find((g) => g.user_id === member.user.id);
    expect(group?.user_name).toBe('Neuname');
    expect(group?.stories.every((story) => story.user_name === 'Neuname')).toBe(true);
  });

  it('holds every story of 20 members posting at once, and 200 parallel reads agree', async () => {
    const members = await Promise.all(
      Array.from({ length: 20 }, (_, i) => verifiedMember(t, { nickname: `Parallel ${i}` })),
    );
    const posted = await Promise.all(members.map((member) => postPhotoStory(t.app, member)));
    const reads = await Promise.all(Array.from({ length: 200 }, () => readFeed(t.app, viewer)));
    const totals = new Set(reads.map((feed) => feed.total));
    expect(totals.size).toBe(1);
    const ids = feedStoryIds(reads[0] as (typeof reads)[number]);
    for (const story of posted) expect(ids).toContain(story.id);
  }, 120_000);

  it('answers compressed where the client accepts it, the same JSON, and still shows a view at once', async () => {
    for (let i = 0; i < 3; i++) await postPhotoStory(t.app, owner);
    const story = await postPhotoStory(t.app, owner);
    const ask = (acceptEncoding?: string, query = '') =>
      t.app.inject({
        url: `/api/stories/feed${query}`,
        headers: {
          ...bearer(viewer.access_token),
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });
    const plain = await ask();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gzip = await ask('gzip;q=1, br;q=0.5');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // Another page of the same viewer is its own answer (one group: too small to compress).
    const second = await ask('br', '?limit=1&offset=1');
    expect(second.headers['content-encoding']).toBeUndefined();
    const secondFeed = storyFeedSchema.parse(second.json());
    expect(secondFeed.stories).toHaveLength(1);
    expect(secondFeed.stories[0]?.user_id).toBe(storyFeedSchema.parse(plain.json()).stories[1]?.user_id);
    // A kept answer never hides the viewer's own view, in any encoding.
    const viewed = (body: string) =>
      storyFeedSchema
        .parse(JSON.parse(body))
        .stories.flatMap((group) => group.stories)
        .find((s) => s.id === story.id)?.has_viewed;
    expect(viewed(zlib.brotliDecompressSync(br.rawPayload).toString())).toBe(false);
    const view = await t.app.inject({
      method: 'POST',
      url: `/api/stories/${story.id}/view`,
      headers: bearer(viewer.access_token),
    });
    expect(view.statusCode).toBeLessThan(300);
    expect(viewed(zlib.brotliDecompressSync((await ask('br')).rawPayload).toString())).toBe(true);
    expect(viewed(zlib.gunzipSync((await ask('gzip')).rawPayload).toString())).toBe(true);
    expect(viewed((await ask()).body)).toBe(true);
    // A story posted meanwhile shows in the next kept answer too.
    const fresh = await postPhotoStory(t.app, owner);
    const after = JSON.parse(zlib.brotliDecompressSync((await ask('br')).rawPayload).toString());
    expect(feedStoryIds(storyFeedSchema.parse(after))).toContain(fresh.id);
  });
});
