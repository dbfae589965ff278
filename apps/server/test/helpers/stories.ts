import type { Story, StoryFeed } from '@marketplace/contract';
import type { FastifyInstance } from 'fastify';
import { bearer, type RegisteredMember } from './accounts.ts';
import { jpeg, multipart } from './marketplace.ts';

/** `POST /api/stories/` of a small photo as `member` on `app`; the stored story. */
export async function postPhotoStory(app: FastifyInstance, member: RegisteredMember): Promise<Story> {
  const body = multipart(await jpeg(), 'story.jpg', 'image/jpeg', 'media');
  const res = await app.inject({
    method: 'POST',
    url: '/api/stories/',
    headers: { ...bearer(member.access_token), ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`story not stored: ${res.statusCode} ${res.body}`);
  return res.json() as Story;
}

/** `GET /api/stories/feed?limit=100` as `member` on `app`. */
export async function readFeed(app: FastifyInstance, member: RegisteredMember): Promise<StoryFeed> {
  const res = await app.inject({ url: '/api/stories/feed?limit=100', headers: bearer(member.access_token) });
  if (res.statusCode !== 200) throw new Error(`feed answered ${res.statusCode} ${res.body}`);
  return res.json() as StoryFeed;
}

/** The ids of every story in a feed answer. */
export function feedStoryIds(feed: StoryFeed): string[] {
  return feed.stories.flatMap((group) => group.stories.map((story) => story.id));
}
