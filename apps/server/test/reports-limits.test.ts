import type { Notification } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowCount, selectRows } from '../src/db/client.ts';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp } from './helpers/app.ts';
import { enqueuedMails } from './helpers/mail-queue.ts';
import { adBody, makeAdmin, postAd, reactionsDone, verifiedMember } from './helpers/marketplace.ts';
import { postPhotoStory } from './helpers/stories.ts';

/**
 * Reports of conversations, stories and members (docs/decisions/0023-one-reports-store.md,
 * 0005 for the limits): at most 20 per member and hour, also under 200 parallel requests, and
 * a repeated report of the same thing replaces the earlier one and is confirmed to the
 * reporter once (one notification, one mail), however many arrive at once.
 */
const t = await startTestApp();
afterAll(async () => {
  await t?.close();
});

const PARALLEL = 200;

function call(actor: RegisteredMember, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(actor.access_token), payload });
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await selectRows(t.db.handle.db, z.object({ n: rowCount }), query);
  return row?.n ?? 0;
}

const statuses = (answers: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const res of answers) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  return counts;
};

/** The reporter's confirmations of received reports ('Meldung eingegangen'), after every reaction ran. */
async function confirmations(member: RegisteredMember): Promise<Notification[]> {
  await reactionsDone(t);
  const res = await call(member, 'GET', '/api/notifications?limit=100');
  expect(res.statusCode).toBe(200);
  return (res.json() as { notifications: Notification[] }).notifications.filter(
    (n) => n.title === 'Meldung eingegangen',
  );
}

/** `n` conversations of `buyer` about ads of as many sellers as the hourly ad limit needs. */
async function conversationsOf(buyer: RegisteredMember, n: number): Promise<string[]> {
  const ids: string[] = [];
  while (ids.length < n) {
    const seller = await verifiedMember(t);
    const batch = Math.min(25, n - ids.length);
    const ads = await Promise.all(
      Array.from({ length: batch }, (_, i) =>
        postAd(t, seller.access_token, adBody({ title: `Fahrrad ${ids.length + i + 1}` })),
      ),
    );
    const started = await Promise.all(
      ads.map((ad) => {
        expect(ad.statusCode, ad.body).toBe(201);
        return call(buyer, 'POST', '/api/chat/conversations', {
          listing_id: (ad.json() as { id: string }).id,
        });
      }),
    );
    for (const res of started) {
      expect(res.statusCode, res.body).toBe(201);
      ids.push((res.json() as { id: string }).id);
    }
  }
  return ids;
}

describe('repeated reports of a story or a member', () => {
  it(`confirm ${PARALLEL} parallel reports of one story once`, async () => {
    const owner = await verifiedMember(t, { nickname: 'Stella Story' });
    const reporter = await verifiedMember(t);
    const story = await postPhotoStory(t.app, owner);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        call(reporter, 'POST', `/api/stories/${story.id}/report`, { reason: 'spam' }),
      ),
    );
    expect(statuses(answers)).toEqual({ 201: 20, 429: 180 });
    expect(
      await count(sql`select count(*)::int as n from reports
        where target_type = 'story' and reporter_id = ${reporter.user.id}::uuid`),
    ).toBe(1);
    expect(await confirmations(reporter)).toHaveLength(1);
  });

  it(`confirm ${PARALLEL} parallel reports of one member once`, async () => {
    const member = await verifiedMember(t, { nickname: 'Max Zweifelhaft' });
    const reporter = await verifiedMember(t);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        call(reporter, 'POST', `/api/users/${member.user.id}/report`, { reason: 'spam' }),
      ),
    );
    expect(statuses(answers)).toEqual({ 201: 20, 429: 180 });
    expect(
      await count(sql`select count(*)::int as n from reports
        where target_type = 'user' and reporter_id = ${reporter.user.id}::uuid`),
    ).toBe(1);
    expect(await confirmations(reporter)).toHaveLength(1);
  });
});

describe('POST /api/chat/conversations/{id}/report', () => {
  it(`stores ${PARALLEL} parallel reports of one conversation once and confirms them once`, async () => {
    const reporter = await verifiedMember(t);
    const [id] = await conversationsOf(reporter, 1);
    await reactionsDone(t);
    const mailsBefore = await enqueuedMails(t.app);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        call(reporter, 'POST', `/api/chat/conversations/${id}/report`, {
          reason: i % 2 ? 'spam' : 'fraud',
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 201: 20, 429: 180 });
    expect(
      await count(sql`select count(*)::int as n from reports
        where target_type = 'conversation' and reporter_id = ${reporter.user.id}::uuid`),
    ).toBe(1);
    expect(await confirmations(reporter)).toHaveLength(1);
    expect((await enqueuedMails(t.app)) - mailsBefore).toBe(1);
  });

  it('confirms a report again after a decision resolved the earlier one', async () => {
    const reporter = await verifiedMember(t);
    const admin = await verifiedMember(t);
    await makeAdmin(t, admin.user.id);
    const [id] = await conversationsOf(reporter, 1);
    const url = `/api/chat/conversations/${id}/report`;
    expect((await call(reporter, 'POST', url, { reason: 'spam' })).statusCode).toBe(201);
    expect((await call(reporter, 'POST', url, { reason: 'fraud' })).statusCode).toBe(201);
    expect(await confirmations(reporter)).toHaveLength(1);
    const [conversation] = await selectRows(
      t.db.handle.db,
      z.object({ seller_id: z.string() }),
      sql`select seller_id from chat_conversations where id = ${id}::uuid`,
    );
    const kept = await call(admin, 'POST', '/api/admin/moderation/decisions', {
      target_type: 'conversation',
      target_id: id,
      member_id: conversation?.seller_id,
      action: 'keep',
      ground: 'no_violation',
      text: 'Kein Betrug erkennbar, normale Preisverhandlung.',
    });
    expect(kept.statusCode, kept.body).toBe(201);
    expect((await call(reporter, 'POST', url, { reason: 'harassment' })).statusCode).toBe(201);
    expect(await confirmations(reporter)).toHaveLength(2);
    expect(
      await count(sql`select count(*)::int as n from reports
        where target_type = 'conversation' and target_id = ${id}::uuid and resolved_at is null`),
    ).toBe(1);
  });

  // Last: the reactions to its 200 ads are not waited for. Posting those ads and opening 200
  // conversations takes a while on a busy 2-core machine, hence the longer timeout.
  it(`holds the hourly limit of 20 under ${PARALLEL} parallel reports of ${PARALLEL} conversations`, {
    timeout: 180_000,
  }, async () => {
    const hasty = await verifiedMember(t);
    const ids = await conversationsOf(hasty, PARALLEL);
    const answers = await Promise.all(
      ids.map((id) => call(hasty, 'POST', `/api/chat/conversations/${id}/report`, { reason: 'spam' })),
    );
    expect(statuses(answers)).toEqual({ 201: 20, 429: 180 });
    const refused = answers.find((res) => res.statusCode === 429);
    expect(refused?.json().code).toBe('rate_limited');
    expect(refused?.json().detail).toMatch(
      /^Du hast in kurzer Zeit sehr viele Unterhaltungen gemeldet\. Bitte versuche es in \d+ Minuten? erneut\.$/,
    );
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*)::int as n from reports
        where target_type = 'conversation' and reporter_id = ${hasty.user.id}::uuid`),
    ).toBe(20);
  });
});
