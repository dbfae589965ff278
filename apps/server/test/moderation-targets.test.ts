import type {
  ForumThreadPage,
  ModerationDecision,
  ModerationQueue,
  ModerationReportGroup,
} from '@marketplace/contract';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { bearer, login, mailsTo, type RegisteredMember, tampered, uniqueIp } from './helpers/accounts.ts';
import { startTestApp } from './helpers/app.ts';
import { createAd, expectNotification, makeAdmin, verifiedMember } from './helpers/marketplace.ts';

/**
 * One queue for every report (docs/decisions/0009-reports-queue.md): forum post and chat
 * conversation reports join the ad reports with their target type; removing a post goes
 * through the forum's own moderation deletion, a reported conversation's member is kept or
 * suspended; statements of reasons and appeals work for every decision that restricts a member,
 * reversing a suspension lifts it; two ADMINs deciding the same target at once take exactly one
 * decision.
 */
const t = await startTestApp();
afterAll(async () => {
  await t?.close();
});

const author = await verifiedMember(t, { nickname: 'Fritz Foren' });
const reporter = await verifiedMember(t, { nickname: 'Rita Melderin' });
const reporter2 = await verifiedMember(t, { nickname: 'Rolf Melder' });
const seller = await verifiedMember(t, { nickname: 'Vera Verkauf' });
const buyer = await verifiedMember(t, { nickname: 'Bernd Belästiger' });
const admin1 = await verifiedMember(t, { nickname: 'Ada Admin' });
const admin2 = await verifiedMember(t, { nickname: 'Bea Admin' });
await makeAdmin(t, admin1.user.id);
await makeAdmin(t, admin2.user.id);

function call(member: RegisteredMember | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: member ? bearer(member.access_token) : {}, payload });
}

async function group(admin: RegisteredMember, targetId: string): Promise<ModerationReportGroup | undefined> {
  const res = await call(admin, 'GET', '/api/admin/moderation/queue');
  expect(res.statusCode).toBe(200);
  return (res.json() as ModerationQueue).reports.find((g) => g.target_id === targetId);
}

/** Mails follow the commit through events: waiting for one takes up to 20 s. */
const NOTIFIED = { timeout: 20_000, interval: 50 };

async function newThreadWithReply(title: string): Promise<{ threadId: string; replyId: string }> {
  const created = await call(author, 'POST', '/api/forum/threads', {
    category_id: 'business/gruendung',
    title,
    body: 'Wie lief die Anmeldung bei euch? Ich freue mich über Erfahrungen.',
  });
  expect(created.statusCode, created.body).toBe(201);
  const threadId = (created.json() as { id: string }).id;
  const reply = await call(author, 'POST', `/api/forum/threads/${threadId}/posts`, {
    body: 'Kauft alle bei meinem Shop, nur heute mit Vorkasse auf mein Privatkonto!',
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return { threadId, replyId: (reply.json() as { id: string }).id };
}

async function threadPage(
  threadId: string,
  viewer: RegisteredMember | null = null,
): Promise<ForumThreadPage> {
  const res = await call(viewer, 'GET', `/api/forum/threads/${threadId}`);
  expect(res.statusCode).toBe(200);
  return res.json() as ForumThreadPage;
}

const REMOVE_TEXT = 'Der Beitrag wirbt für einen Shop und verlangt Vorkasse auf ein Privatkonto.';

const thread = await newThreadWithReply('Gewerbe anmelden: eure Erfahrungen');
const chatAd = await createAd(t, seller.access_token, { title: 'Gartenbank aus Eiche' });
const opened = await call(buyer, 'POST', '/api/chat/conversations', { listing_id: chatAd.id });
const conversationId = (opened.json() as { id: string }).id;

describe('forum post reports in the one queue', () => {
  it('confirm the report to the reporter and show the post in the queue with its target type', async () => {
    const res = await call(reporter, 'POST', `/api/forum/posts/${thread.replyId}/report`, {
      reason: 'Werbung mit Vorkasse',
    });
    expect(res.statusCode).toBe(201);
    await expectNotification(t, reporter, {
      title: 'Meldung eingegangen',
      message: expect.stringContaining('Gewerbe anmelden'),
    });
    const found = await group(admin1, thread.replyId);
    expect(found).toMatchObject({
      target_type: 'forum_post',
      title: 'Gewerbe anmelden: eure Erfahrungen',
      seller_id: author.user.id,
      seller_name: 'Fritz Foren',
      actions: ['keep', 'remove'],
      reports_count: 1,
      reasons: [{ reason: 'Werbung mit Vorkasse', label: 'Werbung mit Vorkasse', count: 1 }],
    });
    expect(found?.excerpt).toContain('Vorkasse auf mein Privatkonto');
    expect(found?.link).toMatch(new RegExp(`^/forum/thread/${thread.threadId}\\?page=1#post-2$`));
  });

  it('refuse an action that does not fit a post (German 422) and change nothing', async () => {
    const res = await call(admin1, 'POST', '/api/admin/moderation/decisions', {
      target_type: 'forum_post',
      target_id: thread.replyId,
      action: 'suspend',
      ground: 'agb_offensive',
      text: REMOVE_TEXT,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain('Diese Maßnahme passt nicht zur Meldung');
    expect(await group(admin1, thread.replyId)).toBeDefined();
  });

  let decision: ModerationDecision;
  it('remove the post through the forum with the reason shown, tell author and reporter', async () => {
    const res = await call(admin1, 'POST', '/api/admin/moderation/decisions', {
      target_type: 'forum_post',
      target_id: thread.replyId,
      action: 'remove',
      ground: 'agb_fraud',
      text: REMOVE_TEXT,
    });
    expect(res.statusCode, res.body).toBe(201);
    decision = res.json() as ModerationDecision;
    expect(decision).toMatchObject({ target_type: 'forum_post', action: 'remove', reports_count: 1 });
    expect(decision.restriction).toContain('Dein Beitrag im Forenthema');
    const seen = await threadPage(thread.threadId);
    expect(JSON.stringify(seen.posts)).not.toContain('Privatkonto');
    // Its author reads the reason where the post was.
    const own = (await threadPage(thread.threadId, author)).posts.find((p) => p.id === thread.replyId);
    expect(own).toMatchObject({ deleted: true, deleted_by_admin: true });
    expect(own?.deleted_reason).toContain('Von der Moderation entfernt: AGB: Betrügerisches');
    expect(await group(admin1, thread.replyId)).toBeUndefined();
    await expectNotification(t, author, {
      title: 'Dein Beitrag wurde entfernt',
      link: `/moderation/decisions/${decision.id}`,
    });
    await expectNotification(t, reporter, {
      title: 'Entscheidung zu deiner Meldung',
      message: expect.stringContaining('Beitrag'),
    });
  });

  it('let the author read the statement and appeal; another ADMIN reverses and the post is back', async () => {
    const statement = await call(author, 'GET', `/api/moderation/decisions/${decision.id}`);
    expect(statement.statusCode).toBe(200);
    expect((statement.json() as ModerationDecision).can.appeal).toBe(true);
    const appealed = await call(author, 'POST', `/api/moderation/decisions/${decision.id}/appeal`, {
      text: 'Das war ein Scherz unter Bekannten und keine echte Werbung.',
    });
    expect(appealed.statusCode, appealed.body).toBe(201);
    const appealId = (appealed.json() as ModerationDecision).appeal?.id;
    const same = await call(admin1, 'POST', `/api/admin/moderation/appeals/${appealId}/decision`, {
      outcome: 'reversed',
      text: 'Nach erneuter Prüfung kein Verstoß gegen die AGB.',
    });
    expect(same.statusCode).toBe(403);
    const other = await call(admin2, 'POST', `/api/admin/moderation/appeals/${appealId}/decision`, {
      outcome: 'reversed',
      text: 'Nach erneuter Prüfung kein Verstoß gegen die AGB.',
    });
    expect(other.statusCode, other.body).toBe(200);
    const page = await threadPage(thread.threadId);
    expect(JSON.stringify(page.posts)).toContain('Privatkonto');
  });
});

describe('conversation reports in the one queue', () => {
  it('group the seller’s report against the other member, confirmed to the reporter', async () => {
    const res = await call(seller, 'POST', `/api/chat/conversations/${conversationId}/report`, {
      reason: 'harassment',
      text: 'Schreibt mir nachts Beleidigungen.',
    });
    expect(res.statusCode).toBe(201);
    await expectNotification(t, seller, {
      title: 'Meldung eingegangen',
      message: expect.stringContaining('Unterhaltung'),
    });
    expect(await group(admin1, conversationId)).toMatchObject({
      target_type: 'conversation',
      title: 'Unterhaltung zu „Gartenbank aus Eiche“',
      seller_id: buyer.user.id,
      seller_name: 'Bernd Belästiger',
      actions: ['keep', 'suspend'],
      reasons: [{ reason: 'harassment', label: 'Belästigung', count: 1 }],
      reports: [expect.objectContaining({ comment: 'Schreibt mir nachts Beleidigungen.' })],
    });
    // The admin figures count it with the queue's open reports (shape unchanged).
    const stats = await call(admin1, 'GET', '/api/admin/stats');
    expect(stats.statusCode).toBe(200);
    expect(stats.json().reports).toEqual({ open: 1, listings: 0, forum_posts: 0 });
  });

  let decision: ModerationDecision;
  it('suspend the reported member: logging in answers 403 with the reason', async () => {
    const res = await call(admin1, 'POST', '/api/admin/moderation/decisions', {
      target_type: 'conversation',
      target_id: conversationId,
      action: 'suspend',
      ground: 'agb_offensive',
      text: 'Wiederholte Beleidigungen in Nachrichten an eine Verkäuferin.',
    });
    expect(res.statusCode, res.body).toBe(201);
    decision = res.json() as ModerationDecision;
    expect(decision).toMatchObject({ target_type: 'conversation', action: 'suspend' });
    expect(decision.appeal_until).not.toBeNull();
    const refused = await login(t.app, buyer.email, 'Kiesel-Wald-2026', uniqueIp());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toContain('Wiederholte Beleidigungen');
    expect(await group(admin1, conversationId)).toBeUndefined();
  });

  it("the suspended member reads the decision and appeals through the mail's link; reversing lifts the suspension", async () => {
    // A suspended member cannot log in while it holds: the statement's mail carries a link whose
    // token opens this decision alone.
    const link = await vi.waitFor(() => {
      const found = mailsTo(t.config.dataDir, buyer.email)
        .map((mail) => /\/moderation\/decisions\/([\w-]+)#zugang=([\w.-]+)/.exec(mail.text))
        .find((match) => match?.[1] === decision.id);
      if (!found) throw new Error(`no mail with a link to decision ${decision.id} yet`);
      return found;
    }, NOTIFIED);
    const token = link[2] as string;
    const withLink = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(token), payload });

    const read = await withLink('GET', `/api/moderation/decisions/${decision.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: decision.id, action: 'suspend', can: { appeal: true } });
    // The token opens nothing else: not the member's other calls, not another decision.
    expect((await withLink('GET', '/api/me')).statusCode).toBe(401);
    expect((await withLink('GET', '/api/notifications')).statusCode).toBe(401);
    const other = await withLink('GET', '/api/moderation/decisions/00000000-0000-4000-8000-000000000000');
    expect(other.statusCode).toBe(401);
    // A forged or altered token opens nothing.
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/moderation/decisions/${decision.id}`,
      headers: bearer(tampered(token)),
    });
    expect(forged.statusCode).toBe(401);

    const appealedRes = await withLink('POST', `/api/moderation/decisions/${decision.id}/appeal`, {
      text: 'Ich wurde zuerst beleidigt und habe nur geantwortet.',
    });
    expect(appealedRes.statusCode, appealedRes.body).toBe(201);
    const appealed = appealedRes.json() as ModerationDecision;
    expect(
      (await withLink('POST', `/api/moderation/decisions/${decision.id}/appeal`, { text: 'Noch einmal.' }))
        .statusCode,
    ).toBe(409);
    const appealId = appealed.appeal?.id;
    const res = await call(admin2, 'POST', `/api/admin/moderation/appeals/${appealId}/decision`, {
      outcome: 'reversed',
      text: 'Der Verlauf zeigt eine gegenseitige Auseinandersetzung; die Sperre wird aufgehoben.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const again = await login(t.app, buyer.email, 'Kiesel-Wald-2026', uniqueIp());
    expect(again.statusCode).toBe(200);
  });
});

describe('two ADMINs deciding the same target at once', () => {
  it('take exactly one decision; the others get a German 409', async () => {
    const ad = await createAd(t, seller.access_token, { title: 'Fahrradanhänger gebraucht' });
    expect(
      (await call(reporter, 'POST', `/api/listings/${ad.id}/report`, { reason: 'fraud' })).statusCode,
    ).toBe(201);
    expect(
      (await call(reporter2, 'POST', `/api/listings/${ad.id}/report`, { reason: 'prohibited' })).statusCode,
    ).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i % 2 === 0 ? admin1 : admin2, 'POST', '/api/admin/moderation/decisions', {
          target_type: 'listing',
          target_id: ad.id,
          action: i % 3 === 0 ? 'keep' : 'remove',
          ground: i % 3 === 0 ? 'no_violation' : 'agb_fraud',
          text: 'Gleichzeitige Prüfung durch zwei Administratorinnen.',
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect(answer.json().detail).toMatch(/gerade eine andere Administratorin|keine offenen Meldungen/);
    const audit = await call(admin1, 'GET', `/api/admin/audit-log?target_id=${ad.id}`);
    const entries = (audit.json() as { entries: { action: string }[] }).entries;
    expect(entries.filter((e) => e.action === 'listing_removed' || e.action === 'listing_kept')).toHaveLength(
      1,
    );
  });
});
