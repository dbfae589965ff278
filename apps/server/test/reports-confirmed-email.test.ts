import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowCount, selectRows } from '../src/db/client.ts';
import { bearer, type RegisteredMember, registerMember } from './helpers/accounts.ts';
import { startTestApp } from './helpers/app.ts';
import { createAd, verifiedMember } from './helpers/marketplace.ts';
import { postPhotoStory } from './helpers/stories.ts';

/**
 * A report reaches a human (the moderation queue, DSA Art. 16), so only members with a confirmed
 * e-mail address may file one: every report route answers a member without one 403
 * `email_not_verified` with its German detail and stores nothing, while a confirmed member's
 * report of the same thing is taken.
 */
const t = await startTestApp();
afterAll(async () => {
  await t?.close();
});

function call(actor: RegisteredMember, url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, headers: bearer(actor.access_token), payload });
}

async function reportsBy(member: RegisteredMember): Promise<number> {
  const [row] = await selectRows(
    t.db.handle.db,
    z.object({ n: rowCount }),
    sql`select count(*)::int as n from reports where reporter_id = ${member.user.id}::uuid`,
  );
  return row?.n ?? 0;
}

const seller = await verifiedMember(t, { nickname: 'Vera Verkauf' });
const confirmed = await verifiedMember(t, { nickname: 'Rita Melderin' });
const unconfirmed = await registerMember(t.app, { nickname: 'Uwe Unbestätigt' });

const ad = await createAd(t, seller.access_token);
const story = await postPhotoStory(t.app, seller);
const thread = await call(seller, '/api/forum/threads', {
  category_id: 'business/gruendung',
  title: 'Wer hat Erfahrung mit Leasing?',
  body: 'Lohnt sich Leasing für ein Firmenauto?',
});
expect(thread.statusCode, thread.body).toBe(201);
const post = await call(seller, `/api/forum/threads/${(thread.json() as { id: string }).id}/posts`, {
  body: 'Meist ja, wenn man viel fährt.',
});
expect(post.statusCode, post.body).toBe(201);

/** The conversation `member` starts about the ad. */
async function conversationOf(member: RegisteredMember): Promise<string> {
  const res = await call(member, '/api/chat/conversations', { listing_id: ad.id });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

/** Each report route with its path for `member` and a valid body. */
const routes: [string, (member: RegisteredMember) => Promise<[string, object]>][] = [
  ['an ad', async () => [`/api/listings/${ad.id}/report`, { reason: 'fraud' }]],
  ['a member', async () => [`/api/users/${seller.user.id}/report`, { reason: 'spam' }]],
  [
    'a conversation',
    async (member) => [`/api/chat/conversations/${await conversationOf(member)}/report`, { reason: 'spam' }],
  ],
  ['a story', async () => [`/api/stories/${story.id}/report`, { reason: 'spam' }]],
  [
    'a forum post',
    async () => [`/api/forum/posts/${(post.json() as { id: string }).id}/report`, { reason: 'Werbung' }],
  ],
];

describe('reports need a confirmed e-mail address', () => {
  it.each(routes)('reporting %s answers an unconfirmed member 403 and stores nothing', async (_, route) => {
    const [url, body] = await route(unconfirmed);
    const res = await call(unconfirmed, url, body);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({
      detail: 'Bitte bestätige zuerst deine E-Mail-Adresse.',
      code: 'email_not_verified',
    });
    expect(await reportsBy(unconfirmed)).toBe(0);

    const [confirmedUrl, confirmedBody] = await route(confirmed);
    const taken = await call(confirmed, confirmedUrl, confirmedBody);
    expect(taken.statusCode, taken.body).toBe(201);
  });
});
