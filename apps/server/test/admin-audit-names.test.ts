import { randomUUID } from 'node:crypto';
import type { AdminAuditEntry, ForumThreadPage } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { recordAdminAction } from '../src/modules/admin/index.ts';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp } from './helpers/app.ts';
import { establishAccounts } from './helpers/forum.ts';
import { createAd, makeAdmin, reactionsDone, verifiedMember } from './helpers/marketplace.ts';

/**
 * The audit log names who acted and what they acted on (SPEC.md §6 "ADMIN"): the admin's and
 * the target's current names are read with the log, so a rename shows at once, and a target no
 * longer stored reads as a German placeholder; the ids stay in the answer.
 */
const t = await startTestApp();
afterAll(async () => {
  await t?.close();
});

const admin = await verifiedMember(t, { nickname: 'Adam Admin' });
await makeAdmin(t, admin.user.id);
const seller = await verifiedMember(t, { nickname: 'Sina Verkäuferin' });
const reporter = await verifiedMember(t, { nickname: 'Bodo Melder' });
await establishAccounts(t, [seller, reporter]);

function call(
  member: RegisteredMember,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: bearer(member.access_token), payload });
}

/** The audit log entries about one target, newest first. */
async function entriesAbout(targetId: string): Promise<AdminAuditEntry[]> {
  const res = await call(admin, 'GET', `/api/admin/audit-log?target_id=${targetId}`);
  expect(res.statusCode).toBe(200);
  return res.json().entries as AdminAuditEntry[];
}

/** Reports an ad and lets the admin decide on it (`keep` or `remove`). */
async function decideOnAd(adId: string, action: 'keep' | 'remove') {
  const report = await call(reporter, 'POST', `/api/listings/${adId}/report`, { reason: 'fraud' });
  expect(report.statusCode).toBe(201);
  const decision = await call(admin, 'POST', '/api/admin/moderation/decisions', {
    target_type: 'listing',
    target_id: adId,
    action,
    ground: action === 'keep' ? 'no_violation' : 'agb_fraud',
    text: 'Die Angaben wurden mit dem Inserat und den Fotos verglichen.',
  });
  expect(decision.statusCode, decision.body).toBe(201);
}

describe('GET /api/admin/audit-log names', () => {
  it('the acting admin and a member by their shown names, a renamed member by the new one', async () => {
    const rita = await verifiedMember(t, { nickname: 'Rita Rolle' });
    const change = await call(admin, 'PATCH', `/api/admin/members/${rita.user.id}/role`, {
      role: 'ADMIN',
      reason: 'Verstärkt das Moderationsteam',
    });
    expect(change.statusCode).toBe(200);
    const [entry] = await entriesAbout(rita.user.id);
    expect(entry).toMatchObject({
      admin_id: admin.user.id,
      admin_name: 'Adam Admin',
      target_type: 'user',
      target_id: rita.user.id,
      target_name: 'Rita Rolle',
      target_deleted: false,
      target_link: `/admin?member=${rita.user.id}`,
    });

    expect((await call(rita, 'PATCH', '/api/me', { nickname: 'Rita Neumann' })).statusCode).toBe(200);
    expect((await entriesAbout(rita.user.id))[0]?.target_name).toBe('Rita Neumann');
  });

  it("an ad by its current title and link, and a deleted ad as 'Gelöschte Anzeige'", async () => {
    const removed = await createAd(t, seller.access_token, { title: 'Spielkonsole neu originalverpackt' });
    await decideOnAd(removed.id, 'remove');
    expect((await entriesAbout(removed.id))[0]).toMatchObject({
      action: 'listing_removed',
      target_type: 'listing',
      target_name: 'Spielkonsole neu originalverpackt',
      target_deleted: false,
      target_link: `/listing/${removed.id}`,
    });

    const kept = await createAd(t, seller.access_token, { title: 'Kinderwagen' });
    await decideOnAd(kept.id, 'keep');
    const renamed = await call(seller, 'PATCH', `/api/listings/${kept.id}`, {
      title: 'Kinderwagen kaum benutzt',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await entriesAbout(kept.id))[0]).toMatchObject({
      action: 'listing_kept',
      target_name: 'Kinderwagen kaum benutzt',
    });

    expect((await call(seller, 'DELETE', `/api/listings/${kept.id}`)).statusCode).toBe(204);
    expect((await entriesAbout(kept.id))[0]).toMatchObject({
      action: 'listing_kept',
      target_id: kept.id,
      target_name: 'Gelöschte Anzeige',
      target_deleted: true,
      target_link: null,
    });
  });

  it('a verification decision by the name of the member who asked', async () => {
    const [request] = await selectRows(
      t.db.handle.db,
      z.object({ id: z.string() }),
      sql`insert into seller_verifications (user_id, kind, name, legal_form, street, postal_code, city, phone, email, register_number)
          values (${seller.user.id}::uuid, 'business', 'Fahrradhaus Müller', 'GmbH', 'Marktplatz 5', '10115', 'Berlin',
            '030 987654', 'info@fahrradhaus.example', 'HRB 12345 B')
          returning id`,
    );
    const decided = await call(admin, 'POST', `/api/admin/verifications/${request?.id}/decision`, {
      decision: 'approve',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    // The audit row follows the decision's event as a durable reaction.
    await reactionsDone(t);
    const entries = await entriesAbout(seller.user.id);
    expect(entries.find((entry) => entry.action === 'verification_approved')).toMatchObject({
      admin_name: 'Adam Admin',
      target_type: 'user',
      target_name: 'Sina Verkäuferin',
      target_link: `/admin?member=${seller.user.id}`,
    });
  });

  it("forum posts by their thread's title, conversations by their ad, gone stories by a placeholder", async () => {
    const thread = await call(seller, 'POST', '/api/forum/threads', {
      category_id: 'business/gruendung',
      title: 'Erfahrungen mit dem Gewerbeamt',
      body: 'Wie lief die Anmeldung bei euch?',
    });
    expect(thread.statusCode, thread.body).toBe(201);
    const threadId = (thread.json() as { id: string }).id;
    const page = (await call(seller, 'GET', `/api/forum/threads/${threadId}`)).json() as ForumThreadPage;
    const postId = page.posts[0]?.id as string;

    const ad = await createAd(t, seller.access_token, { title: 'Bücherregal aus Eiche' });
    const opened = await call(reporter, 'POST', '/api/chat/conversations', { listing_id: ad.id });
    expect([200, 201]).toContain(opened.statusCode);
    const conversationId = (opened.json() as { id: string }).id;
    const storyId = randomUUID();

    const db = t.app.database.db;
    const base = { adminId: admin.user.id, reason: 'Meldung geprüft', details: 'no_violation' };
    await recordAdminAction(db, {
      ...base,
      action: 'forum_post_kept',
      targetType: 'forum_post',
      targetId: postId,
    });
    await recordAdminAction(db, {
      ...base,
      action: 'conversation_kept',
      targetType: 'conversation',
      targetId: conversationId,
    });
    await recordAdminAction(db, { ...base, action: 'story_removed', targetType: 'story', targetId: storyId });

    expect((await entriesAbout(postId))[0]).toMatchObject({
      target_name: 'Erfahrungen mit dem Gewerbeamt',
      target_deleted: false,
      target_link: `/forum/thread/${threadId}?page=1#post-1`,
    });
    expect((await entriesAbout(conversationId))[0]).toMatchObject({
      target_name: 'Unterhaltung zu „Bücherregal aus Eiche“',
      target_deleted: false,
      target_link: null,
    });
    expect((await entriesAbout(storyId))[0]).toMatchObject({
      target_id: storyId,
      target_name: 'Gelöschte Story',
      target_deleted: true,
      target_link: null,
    });
  });

  it('gives every entry of the log the names of the admin and the target', async () => {
    const res = await call(admin, 'GET', '/api/admin/audit-log');
    const entries = res.json().entries as AdminAuditEntry[];
    expect(entries.length).toBeGreaterThanOrEqual(7);
    for (const entry of entries) {
      expect(entry.target_name, entry.action).not.toBe(entry.target_id);
      expect(entry.admin_name, entry.action).toBe('Adam Admin');
    }
  });
});
