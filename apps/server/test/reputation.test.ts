import { randomUUID } from 'node:crypto';
import type { ForumThreadPage, MemberReputation, PublicProfile } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createAd, verifiedMember } from './helpers/marketplace.ts';

/**
 * One reputation across the marketplace and the forum (contract `memberReputationSchema`):
 * `GET /api/users/{id}/reputation`, the profile and the forum's author cards show the same
 * figures, and they change right after a chat rating, an answer, a like or a deleted post.
 */
describe('Reputation', () => {
  let t: TestApp;
  let seller: RegisteredMember;
  let buyer: RegisteredMember;
  let asker: RegisteredMember;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await verifiedMember(t, { nickname: 'Sabine' });
    buyer = await verifiedMember(t, { nickname: 'Bodo' });
    asker = await verifiedMember(t, { nickname: 'Alma' });
    // Established members (no hourly forum limits of new accounts).
    await t.db.handle.db.execute(
      sql`update users set created_at = now() - interval '30 days' where id in (${seller.user.id}::uuid, ${buyer.user.id}::uuid, ${asker.user.id}::uuid)`,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (
    who: RegisteredMember | null,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      ...(who ? { headers: bearer(who.access_token) } : {}),
      ...(payload !== undefined ? { payload } : {}),
    });

  const reputationOf = async (member: RegisteredMember): Promise<MemberReputation> => {
    const res = await call(null, 'GET', `/api/users/${member.user.id}/reputation`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MemberReputation;
  };

  const say = async (who: RegisteredMember, conversationId: string, content: string) => {
    const res = await call(who, 'POST', `/api/chat/conversations/${conversationId}/messages`, {
      client_id: randomUUID(),
      content,
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  const openAbout = async (who: RegisteredMember, listingId: string): Promise<string> => {
    const res = await call(who, 'POST', '/api/chat/conversations', { listing_id: listingId });
    expect([200, 201]).toContain(res.statusCode);
    return (res.json() as { id: string }).id;
  };

  it('starts empty: no ratings, no likes, no answer rate, member since and the e-mail check', async () => {
    const reputation = await reputationOf(seller);
    expect(reputation).toMatchObject({
      user_id: seller.user.id,
      rating: null,
      review_count: 0,
      forum_likes: 0,
      forum_posts: 0,
      verified: false,
      badge: null,
      email_verified: true,
      answer_rate: null,
    });
    expect(new Date(reputation.member_since).getTime()).toBeLessThan(Date.now() - 29 * 24 * 3600 * 1000);
  });

  it('follows chat ratings and the answer rate right after each change', async () => {
    const ad = await createAd(t, seller.access_token);
    const first = await openAbout(buyer, ad.id);
    await say(buyer, first, 'Ist das Rad noch da?');
    expect((await reputationOf(seller)).answer_rate).toBe(0);
    await say(seller, first, 'Ja, noch da.');
    expect((await reputationOf(seller)).answer_rate).toBe(100);
    await say(buyer, first, 'Ich komme morgen.');
    await say(seller, first, 'Gern, bis morgen.');
    const rated = await call(buyer, 'POST', `/api/chat/conversations/${first}/rating`, { stars: 4 });
    expect(rated.statusCode, rated.body).toBe(201);
    expect(await reputationOf(seller)).toMatchObject({ rating: 4, review_count: 1, answer_rate: 100 });

    // A second member writes and gets no answer: one of two conversations answered.
    const second = await openAbout(asker, ad.id);
    await say(asker, second, 'Geht auch Versand?');
    expect((await reputationOf(seller)).answer_rate).toBe(50);
    // The buyer started the conversation: it does not count for the buyer's own answer rate.
    expect((await reputationOf(buyer)).answer_rate).toBeNull();
  });

  it('follows likes received and posts written in the forum right after each change', async () => {
    const thread = await call(seller, 'POST', '/api/forum/threads', {
      category_id: 'sports/laufen',
      title: 'Welche Laufschuhe für den ersten Marathon?',
      body: 'Ich trainiere seit einem Jahr und suche Schuhe für lange Läufe.',
    });
    expect(thread.statusCode, thread.body).toBe(201);
    const threadId = (thread.json() as { id: string }).id;
    const reply = await call(seller, 'POST', `/api/forum/threads/${threadId}/posts`, {
      body: 'Nachtrag: Größe 42.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const replyId = (reply.json() as { id: string }).id;
    expect(await reputationOf(seller)).toMatchObject({ forum_posts: 2, forum_likes: 0 });

    const page = (await call(null, 'GET', `/api/forum/threads/${threadId}`)).json() as ForumThreadPage;
    const opening = page.posts[0]?.id as string;
    expect((await call(buyer, 'POST', `/api/forum/posts/${opening}/like`)).statusCode).toBe(200);
    expect((await reputationOf(seller)).forum_likes).toBe(1);
    expect((await call(asker, 'POST', `/api/forum/posts/${replyId}/like`)).statusCode).toBe(200);
    expect((await reputationOf(seller)).forum_likes).toBe(2);
    // A second like of the same member changes nothing; taking it back does.
    expect((await call(asker, 'POST', `/api/forum/posts/${replyId}/like`)).statusCode).toBe(200);
    expect((await reputationOf(seller)).forum_likes).toBe(2);
    expect((await call(buyer, 'DELETE', `/api/forum/posts/${opening}/like`)).statusCode).toBe(200);
    expect((await reputationOf(seller)).forum_likes).toBe(1);
    // A deleted post takes its likes and itself out of the figures.
    expect((await call(seller, 'DELETE', `/api/forum/posts/${replyId}`)).statusCode).toBe(204);
    expect(await reputationOf(seller)).toMatchObject({ forum_posts: 1, forum_likes: 0 });
  });

  it('is the same on the profile and on the forum’s author card', async () => {
    const reputation = await reputationOf(seller);
    expect(reputation).toMatchObject({ rating: 4, review_count: 1, forum_posts: 1, answer_rate: 50 });
    const profile = (await call(null, 'GET', `/api/users/${seller.user.id}`)).json() as PublicProfile;
    expect(profile.reputation).toEqual(reputation);
    expect(profile).toMatchObject({ rating: 4, review_count: 1 });

    const list = (await call(null, 'GET', '/api/forum/threads?category=sports/laufen')).json() as {
      threads: { id: string; author: { id: string } }[];
    };
    const threadId = list.threads.find((entry) => entry.author.id === seller.user.id)?.id as string;
    const page = (await call(null, 'GET', `/api/forum/threads/${threadId}`)).json() as ForumThreadPage;
    const author = page.posts[0]?.author;
    expect(author?.reputation).toEqual(reputation);
    expect(author).toMatchObject({ rating: 4, review_count: 1, post_count: 1, likes_received: 0 });
  });

  it('answers 404 for members that do not exist', async () => {
    for (const id of [randomUUID(), 'kein-mitglied']) {
      const res = await call(null, 'GET', `/api/users/${id}/reputation`);
      expect(res.statusCode).toBe(404);
    }
  });
});
