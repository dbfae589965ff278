import type { Story, StoryInsights, StoryList } from '@marketplace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storyPermissions } from '../src/modules/stories/index.ts';
import type { RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { permissionCallers, requestAs } from './helpers/permissions.ts';
import { postPhotoStory, readFeed } from './helpers/stories.ts';

/**
 * Every story the server answers says what the caller may do with it (`can`,
 * docs/decisions/0006-module-doors.md point 5; SPEC.md §6: delete and insights of own stories
 * only), and the writes check the same policy: the web shows 'Story löschen' because the server
 * said so.
 */
let t: TestApp;
let owner: RegisteredMember;
let member: RegisteredMember;
let admin: RegisteredMember;
let story: Story;

const NOTHING = { delete: false, insights: false, report: false, reply: false, react: false };
const OWNER = { delete: true, insights: true, report: false, reply: false, react: false };
const OTHER = { delete: false, insights: false, report: true, reply: true, react: true };

beforeAll(async () => {
  t = await startTestApp();
  ({ owner, member, admin } = await permissionCallers(t));
  story = await postPhotoStory(t.app, owner);
});
afterAll(async () => t?.close());

const call = (
  who: RegisteredMember | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => requestAs(t.app, who, method, url, payload);

/** The story as `who` reads it in each answer that carries it: one story, the member's list, the feed. */
async function storyAs(who: RegisteredMember, id = story.id): Promise<Story[]> {
  const one = await call(who, 'GET', `/api/stories/${id}`);
  expect(one.statusCode).toBe(200);
  const list = (await call(who, 'GET', `/api/stories/user/${owner.user.id}`)).json() as StoryList;
  const feed = await readFeed(t.app, who);
  const inFeed = feed.stories.flatMap((group) => group.stories).filter((entry) => entry.id === id);
  return [one.json() as Story, ...list.stories.filter((entry) => entry.id === id), ...inFeed];
}

const insightsOf = (who: RegisteredMember, id = story.id) => call(who, 'GET', `/api/stories/${id}/insights`);

describe('what a viewer may do with a story (can)', () => {
  it('answers a visitor without a token nothing about stories, and the policy gives a visitor nothing', async () => {
    for (const url of [
      `/api/stories/${story.id}`,
      '/api/stories/feed',
      `/api/stories/user/${owner.user.id}`,
    ]) {
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
    }
    expect((await call(null, 'DELETE', `/api/stories/${story.id}`)).statusCode).toBe(401);
    expect((await call(null, 'GET', `/api/stories/${story.id}/insights`)).statusCode).toBe(401);
    expect(storyPermissions(null, { userId: owner.user.id })).toEqual(NOTHING);
  });

  it('lets the owner delete and see the insights, but not report, reply to or react to the own story', async () => {
    expect(story.can).toEqual(OWNER);
    const answers = await storyAs(owner);
    expect(answers).toHaveLength(3);
    for (const answer of answers) expect(answer.can).toEqual(OWNER);
    expect((await insightsOf(owner)).statusCode).toBe(200);
    const report = await call(owner, 'POST', `/api/stories/${story.id}/report`, { reason: 'spam' });
    expect(report.statusCode).toBe(403);
    const reply = await call(owner, 'POST', `/api/stories/${story.id}/reply`, { text: 'Ich selbst' });
    expect(reply.statusCode).toBe(422);
    // A heart on one's own story is answered but stores nothing (`can.react` false).
    expect(
      (await call(owner, 'POST', `/api/stories/${story.id}/reaction`, { reaction_type: 'heart' })).statusCode,
    ).toBe(200);
    expect(((await insightsOf(owner)).json() as StoryInsights).reactions_count).toBe(0);
  });

  it('lets another member report, reply and react, but neither delete nor see the insights', async () => {
    const answers = await storyAs(member);
    expect(answers).toHaveLength(3);
    for (const answer of answers) expect(answer.can).toEqual(OTHER);
    // The feed's finished answers are per viewer: the owner's own `can` did not leak to others.
    for (const answer of await storyAs(member)) expect(answer.can).toEqual(OTHER);
    expect((await insightsOf(member)).statusCode).toBe(403);
    expect((await call(member, 'DELETE', `/api/stories/${story.id}`)).statusCode).toBe(403);
    expect(
      (await call(member, 'POST', `/api/stories/${story.id}/reaction`, { reaction_type: 'heart' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(member, 'POST', `/api/stories/${story.id}/reply`, { text: 'Schön!' })).statusCode,
    ).toBe(200);
    expect(
      (await call(member, 'POST', `/api/stories/${story.id}/report`, { reason: 'spam' })).statusCode,
    ).toBe(201);
    const insights = (await insightsOf(owner)).json() as StoryInsights;
    expect([insights.reactions_count, insights.replies_count]).toEqual([1, 1]);
  });

  it('treats an ADMIN as a member on other members’ stories (removal goes through moderation) and as the owner on their own', async () => {
    for (const answer of await storyAs(admin)) expect(answer.can).toEqual(OTHER);
    expect((await insightsOf(admin)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/api/stories/${story.id}`)).statusCode).toBe(403);
    expect((await call(owner, 'GET', `/api/stories/${story.id}`)).statusCode).toBe(200);

    const own = await postPhotoStory(t.app, admin);
    expect(own.can).toEqual(OWNER);
    const [read] = await storyAs(admin, own.id);
    expect(read?.can).toEqual(OWNER);
    expect((await insightsOf(admin, own.id)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/api/stories/${own.id}`)).statusCode).toBe(204);
  });

  it('lets the owner delete the story, as `can.delete` said', async () => {
    expect((await call(owner, 'DELETE', `/api/stories/${story.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/api/stories/${story.id}`)).statusCode).toBe(404);
  });
});
