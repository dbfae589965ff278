import type {
  ModerationDecision,
  ModerationQueue,
  ModerationReportGroup,
  ModerationTransparency,
  Story,
} from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowCount, selectRows } from '../src/db/client.ts';
import { bearer, login, PASSWORD, type RegisteredMember, uniqueIp } from './helpers/accounts.ts';
import { startTestApp } from './helpers/app.ts';
import {
  createAd,
  expectNotification,
  makeAdmin,
  reactionsDone,
  verifiedMember,
} from './helpers/marketplace.ts';
import { feedStoryIds, postPhotoStory, readFeed } from './helpers/stories.ts';

/**
 * Story reports, member reports and counter-reports in conversations join the one queue
 * (docs/decisions/0009-reports-queue.md): who may report, the hourly limit under 200 parallel
 * requests, the queue's groups, removing a story for everyone with its statement of reasons (an
 * appeal cannot bring it back), suspending a reported member, and both sides of a conversation
 * decided on their own.
 */
const t = await startTestApp();
afterAll(async () => {
  await t?.close();
});

const owner = await verifiedMember(t, { nickname: 'Stella Story' });
const reporter = await verifiedMember(t, { nickname: 'Rita Melderin' });
const reporter2 = await verifiedMember(t, { nickname: 'Rolf Melder' });
const member = await verifiedMember(t, { nickname: 'Max Zweifelhaft' });
const seller = await verifiedMember(t, { nickname: 'Vera Verkauf' });
const buyer = await verifiedMember(t, { nickname: 'Bernd Käufer' });
const admin1 = await verifiedMember(t, { nickname: 'Ada Admin' });
const admin2 = await verifiedMember(t, { nickname: 'Bea Admin' });
await makeAdmin(t, admin1.user.id);
await makeAdmin(t, admin2.user.id);

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const PARALLEL = 200;

function call(actor: RegisteredMember | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: actor ? bearer(actor.access_token) : {}, payload });
}

async function queue(): Promise<ModerationQueue> {
  const res = await call(admin1, 'GET', '/api/admin/moderation/queue');
  expect(res.statusCode).toBe(200);
  return res.json() as ModerationQueue;
}

async function groupsOf(targetId: string): Promise<ModerationReportGroup[]> {
  return (await queue()).reports.filter((g) => g.target_id === targetId);
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

describe('POST /api/stories/{id}/report', () => {
  let story: Story;
  it('answers 401 without a login, 403 for my own story, 404 for an unknown story, 422 for a wrong reason', async () => {
    story = await postPhotoStory(t.app, owner);
    const anonymous = await call(null, 'POST', `/api/stories/${story.id}/report`, { reason: 'spam' });
    expect(anonymous.statusCode).toBe(401);
    const own = await call(owner, 'POST', `/api/stories/${story.id}/report`, { reason: 'spam' });
    expect(own.statusCode).toBe(403);
    expect(own.json().detail).toBe('Du kannst deine eigene Story nicht melden.');
    const unknown = await call(reporter, 'POST', `/api/stories/${UNKNOWN}/report`, { reason: 'spam' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Story nicht gefunden');
    const wrong = await call(reporter, 'POST', `/api/stories/${story.id}/report`, { reason: 'langweilig' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail).toContain('Bitte wähle einen Grund für die Meldung.');
    expect(await count(sql`select count(*)::int as n from reports where target_type = 'story'`)).toBe(0);
  });

  it('stores one report per member and story (again replaces it) and confirms it to the reporter', async () => {
    const first = await call(reporter, 'POST', `/api/stories/${story.id}/report`, { reason: 'spam' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ detail: 'Danke! Wir prüfen die Story.' });
    const again = await call(reporter, 'POST', `/api/stories/${story.id}/report`, {
      reason: 'sexual',
      text: '  Nacktbilder in der Story.  ',
    });
    expect(again.statusCode).toBe(201);
    const [group] = await groupsOf(story.id);
    expect(group).toMatchObject({
      target_type: 'story',
      title: 'Foto-Story',
      seller_id: owner.user.id,
      seller_name: 'Stella Story',
      actions: ['keep', 'remove'],
      reports_count: 1,
      reasons: [{ reason: 'sexual', label: 'Sexuelle Inhalte', count: 1 }],
      reports: [expect.objectContaining({ comment: 'Nacktbilder in der Story.' })],
    });
    expect(group?.link).toBe(story.media_url);
    await expectNotification(t, reporter, {
      title: 'Meldung eingegangen',
      message: expect.stringContaining('Story von Stella Story'),
    });
  });

  it(`holds the hourly limit of 20 under ${PARALLEL} parallel requests`, async () => {
    const hasty = await verifiedMember(t);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        call(hasty, 'POST', `/api/stories/${story.id}/report`, { reason: 'spam' }),
      ),
    );
    expect(statuses(answers)).toEqual({ 201: 20, 429: 180 });
    expect(answers.find((a) => a.statusCode === 429)?.json().detail).toMatch(
      /^Du hast in kurzer Zeit sehr viele Storys gemeldet\. Bitte versuche es in \d+ Minuten? erneut\.$/,
    );
    expect(
      await count(sql`select count(*)::int as n from rate_limit_hits
        where bucket = 'story_report' and key = ${hasty.user.id}`),
    ).toBe(20);
    expect(
      await count(
        sql`select count(*)::int as n from reports where target_type = 'story' and reporter_id = ${hasty.user.id}::uuid`,
      ),
    ).toBe(1);
  });

  it('lets reports of an expired story leave the queue', async () => {
    const short = await postPhotoStory(t.app, owner);
    expect(
      (await call(reporter, 'POST', `/api/stories/${short.id}/report`, { reason: 'fraud' })).statusCode,
    ).toBe(201);
    expect(await groupsOf(short.id)).toHaveLength(1);
    await t.db.handle.db.execute(
      sql`update stories set expires_at = now() - interval '1 second' where id = ${short.id}::uuid`,
    );
    expect(await groupsOf(short.id)).toHaveLength(0);
    // Its report still counts for the transparency report.
    const day = new Date().toISOString().slice(0, 10);
    const report = await call(admin1, 'GET', `/api/admin/moderation/transparency?from=${day}&to=${day}`);
    const notices = (report.json() as ModerationTransparency).notices;
    expect(notices.find((n) => n.reason === 'story_fraud')?.count).toBe(1);
  });
});

describe('removing a reported story', () => {
  let story: Story;
  let decision: ModerationDecision;
  it('deletes it for everyone with its file, tells owner and reporters, and the queue forgets it', async () => {
    story = await postPhotoStory(t.app, owner);
    expect(
      (await call(reporter2, 'POST', `/api/stories/${story.id}/report`, { reason: 'violence' })).statusCode,
    ).toBe(201);
    expect(feedStoryIds(await readFeed(t.app, reporter))).toContain(story.id);
    expect((await t.app.inject({ url: story.media_url })).statusCode).toBe(200);

    const res = await call(admin1, 'POST', '/api/admin/moderation/decisions', {
      target_type: 'story',
      target_id: story.id,
      action: 'remove',
      ground: 'agb_offensive',
      text: 'Die Story zeigt Gewalt gegen Tiere.',
    });
    expect(res.statusCode, res.body).toBe(201);
    decision = res.json() as ModerationDecision;
    expect(decision).toMatchObject({ target_type: 'story', action: 'remove', reports_count: 1 });
    expect(decision.restriction).toContain('Die Story kann nicht wiederhergestellt werden');

    expect((await call(reporter, 'GET', `/api/stories/${story.id}`)).statusCode).toBe(404);
    expect(feedStoryIds(await readFeed(t.app, reporter))).not.toContain(story.id);
    // The files go in a reaction the job queue runs after the decision (decision 0022).
    await reactionsDone(t);
    expect((await t.app.inject({ url: story.media_url })).statusCode).toBe(404);
    expect(await groupsOf(story.id)).toHaveLength(0);
    await expectNotification(t, owner, {
      title: 'Deine Story wurde entfernt',
      link: `/moderation/decisions/${decision.id}`,
    });
    await expectNotification(t, reporter2, {
      title: 'Entscheidung zu deiner Meldung',
      message: expect.stringContaining('Story wurde'),
    });
  });

  it('a reversed appeal lifts the decision but cannot bring the story back', async () => {
    const appealed = await call(owner, 'POST', `/api/moderation/decisions/${decision.id}/appeal`, {
      text: 'Das Video zeigt eine Tierrettung, keine Gewalt.',
    });
    expect(appealed.statusCode, appealed.body).toBe(201);
    const appealId = (appealed.json() as ModerationDecision).appeal?.id;
    const res = await call(admin2, 'POST', `/api/admin/moderation/appeals/${appealId}/decision`, {
      outcome: 'reversed',
      text: 'Nach erneuter Prüfung kein Verstoß gegen die AGB.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(owner, 'GET', `/api/stories/${story.id}`)).statusCode).toBe(404);
    await expectNotification(t, owner, {
      title: 'Widerspruch erfolgreich',
      message: expect.stringContaining('nicht wiederhergestellt werden'),
    });
  });
});

describe('POST /api/users/{id}/report', () => {
  it('answers 401 without a login, 403 for myself, 404 for an unknown member', async () => {
    expect(
      (await call(null, 'POST', `/api/users/${member.user.id}/report`, { reason: 'spam' })).statusCode,
    ).toBe(401);
    const self = await call(member, 'POST', `/api/users/${member.user.id}/report`, { reason: 'spam' });
    expect(self.statusCode).toBe(403);
    expect(self.json().detail).toBe('Du kannst dich nicht selbst melden.');
    const unknown = await call(reporter, 'POST', `/api/users/${UNKNOWN}/report`, { reason: 'spam' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Dieses Mitglied gibt es nicht.');
    expect(await count(sql`select count(*)::int as n from reports where target_type = 'user'`)).toBe(0);
  });

  it(`holds the hourly limit of 20 under ${PARALLEL} parallel requests`, async () => {
    const hasty = await verifiedMember(t);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        call(hasty, 'POST', `/api/users/${[seller, buyer, owner][i % 3]?.user.id}/report`, {
          reason: 'spam',
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 201: 20, 429: 180 });
    expect(answers.find((a) => a.statusCode === 429)?.json().detail).toMatch(
      /^Du hast in kurzer Zeit sehr viele Mitglieder gemeldet\./,
    );
    expect(
      await count(
        sql`select count(*)::int as n from reports where target_type = 'user' and reporter_id = ${hasty.user.id}::uuid`,
      ),
    ).toBe(3);
    await t.db.handle.db.execute(
      sql`delete from reports where target_type = 'user' and reporter_id = ${hasty.user.id}::uuid`,
    );
  });

  it('groups the reports of a member in the queue; suspending them refuses their login', async () => {
    expect(
      (
        await call(reporter, 'POST', `/api/users/${member.user.id}/report`, {
          reason: 'fake_profile',
          text: 'Gibt sich als Bankmitarbeiter aus.',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await call(reporter2, 'POST', `/api/users/${member.user.id}/report`, { reason: 'fraud' })).statusCode,
    ).toBe(201);
    await expectNotification(t, reporter2, {
      title: 'Meldung eingegangen',
      message: expect.stringContaining('Max Zweifelhaft'),
    });
    const [group] = await groupsOf(member.user.id);
    expect(group).toMatchObject({
      target_type: 'user',
      title: 'Max Zweifelhaft',
      seller_id: member.user.id,
      link: `/admin?member=${member.user.id}`,
      actions: ['keep', 'suspend'],
      reports_count: 2,
    });
    const stats = await call(admin1, 'GET', '/api/admin/stats');
    expect(stats.json().reports.open).toBeGreaterThanOrEqual(2);

    const removeMember = await call(admin1, 'POST', '/api/admin/moderation/decisions', {
      target_type: 'user',
      target_id: member.user.id,
      action: 'remove',
      ground: 'agb_fraud',
      text: 'Gibt sich als Bankmitarbeiter aus.',
    });
    expect(removeMember.statusCode).toBe(422);

    const res = await call(admin1, 'POST', '/api/admin/moderation/decisions', {
      target_type: 'user',
      target_id: member.user.id,
      action: 'suspend',
      ground: 'agb_fraud',
      text: 'Das Profil gibt sich als Bankmitarbeiter aus und fragt nach Zugangsdaten.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const decision = res.json() as ModerationDecision;
    expect(decision).toMatchObject({ target_type: 'user', action: 'suspend', reports_count: 2 });
    expect(decision.restriction).toContain('nach Meldungen anderer Mitglieder für 30 Tage gesperrt');
    const refused = await login(t.app, member.email, PASSWORD, uniqueIp());
    expect(refused.statusCode).toBe(403);
    expect(await groupsOf(member.user.id)).toHaveLength(0);
    await expectNotification(t, reporter, {
      title: 'Entscheidung zu deiner Meldung',
      message: expect.stringContaining('gesperrt'),
    });
    const day = new Date().toISOString().slice(0, 10);
    const report = await call(admin1, 'GET', `/api/admin/moderation/transparency?from=${day}&to=${day}`);
    const notices = (report.json() as ModerationTransparency).notices;
    expect(notices.find((n) => n.reason === 'user_fake_profile')?.count).toBe(1);
  });
});

describe('counter-reports in a conversation', () => {
  it('show both sides as groups of their own, each decided separately', async () => {
    const ad = await createAd(t, seller.access_token, { title: 'Kinderwagen wie neu' });
    const opened = await call(buyer, 'POST', '/api/chat/conversations', { listing_id: ad.id });
    const conversationId = (opened.json() as { id: string }).id;
    expect(
      (
        await call(seller, 'POST', `/api/chat/conversations/${conversationId}/report`, {
          reason: 'harassment',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await call(buyer, 'POST', `/api/chat/conversations/${conversationId}/report`, { reason: 'fraud' }))
        .statusCode,
    ).toBe(201);
    const groups = await groupsOf(conversationId);
    expect(groups.map((g) => [g.seller_id, g.reasons[0]?.reason]).sort()).toEqual(
      [
        [buyer.user.id, 'harassment'],
        [seller.user.id, 'fraud'],
      ].sort(),
    );

    // Which side is decided must be said when both are reported.
    const unclear = await call(admin1, 'POST', '/api/admin/moderation/decisions', {
      target_type: 'conversation',
      target_id: conversationId,
      action: 'keep',
      ground: 'no_violation',
      text: 'Kein Betrug erkennbar, normale Preisverhandlung.',
    });
    expect(unclear.statusCode).toBe(422);
    expect(unclear.json().detail).toContain('Beide Mitglieder dieser Unterhaltung wurden gemeldet');

    const kept = await call(admin1, 'POST', '/api/admin/moderation/decisions', {
      target_type: 'conversation',
      target_id: conversationId,
      member_id: seller.user.id,
      action: 'keep',
      ground: 'no_violation',
      text: 'Kein Betrug erkennbar, normale Preisverhandlung.',
    });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json()).toMatchObject({ affected_user_id: seller.user.id, action: 'keep' });
    const left = await groupsOf(conversationId);
    expect(left.map((g) => g.seller_id)).toEqual([buyer.user.id]);

    const suspended = await call(admin2, 'POST', '/api/admin/moderation/decisions', {
      target_type: 'conversation',
      target_id: conversationId,
      member_id: buyer.user.id,
      action: 'suspend',
      ground: 'agb_offensive',
      text: 'Wiederholte Beleidigungen in Nachrichten an die Verkäuferin.',
    });
    expect(suspended.statusCode, suspended.body).toBe(201);
    expect(suspended.json()).toMatchObject({ affected_user_id: buyer.user.id, action: 'suspend' });
    expect(await groupsOf(conversationId)).toHaveLength(0);
    expect((await login(t.app, buyer.email, PASSWORD, uniqueIp())).statusCode).toBe(403);
    expect((await login(t.app, seller.email, PASSWORD, uniqueIp())).statusCode).toBe(200);
  });
});
