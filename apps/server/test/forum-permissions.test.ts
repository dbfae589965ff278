import type {
  ForumPost,
  ForumPostPermissions,
  ForumThreadPage,
  ForumThreadPermissions,
} from '@marketplace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegisteredMember, registerMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { establishAccounts, forumMembers, memberCall } from './helpers/forum.ts';

/**
 * Every thread page says what the reader may do with the thread and with each post (`can`,
 * `modules/forum/policies.ts`, docs/decisions/0006-module-doors.md point 5), and each write is
 * accepted exactly when `can` said so: the web shows a button because the server said it may.
 */
const NO_POST: ForumPostPermissions = {
  reply: false,
  edit: false,
  delete: false,
  moderate: false,
  like: false,
  report: false,
};
const NO_THREAD: ForumThreadPermissions = { reply: false, watch: false, moderate: false, delete: false };
const OWN_POST = { ...NO_POST, reply: true, edit: true, delete: true };
const OTHERS_POST = { ...NO_POST, reply: true, like: true, report: true };
const ADMIN_ON_OTHERS_POST = { ...OTHERS_POST, delete: true, moderate: true };
const AUTHORS_THREAD = { ...NO_THREAD, reply: true, watch: true, delete: true };
const OTHERS_THREAD = { ...NO_THREAD, reply: true, watch: true };
const ADMINS_VIEW_OF_THREAD = { reply: true, watch: true, moderate: true, delete: true };

describe('what a reader may do in the forum (can)', () => {
  let t: TestApp;
  let anna: RegisteredMember;
  let bernd: RegisteredMember;
  let admin: RegisteredMember;
  let unverified: RegisteredMember;

  beforeAll(async () => {
    t = await startTestApp();
    ({ anna, bernd, admin } = await forumMembers(t));
    unverified = await registerMember(t.app, { nickname: 'Uwe' });
    // Established: the hourly limits of new accounts have a test of their own.
    await establishAccounts(t, [unverified]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = memberCall(() => t);

  const pageAs = async (who: RegisteredMember | null, id: string) => {
    const res = await call(who, 'GET', `/api/forum/threads/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ForumThreadPage;
  };

  /** A thread by Anna with a reply by Bernd; @returns the thread's id. */
  const conversation = async (title = 'Wer hat Erfahrung mit Leasing?') => {
    const opened = await call(anna, 'POST', '/api/forum/threads', {
      category_id: 'business/gruendung',
      title,
      body: 'Lohnt sich Leasing für ein Firmenauto?',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = (opened.json() as { id: string }).id;
    const reply = await call(bernd, 'POST', `/api/forum/threads/${id}/posts`, { body: 'Meist ja.' });
    expect(reply.statusCode, reply.body).toBe(201);
    return id;
  };

  it('gives a visitor without a token nothing, also from the cached public answer', async () => {
    const id = await conversation();
    const first = await pageAs(null, id);
    expect(first.thread.can).toEqual(NO_THREAD);
    expect(first.posts.map((post) => post.can)).toEqual([NO_POST, NO_POST]);
    expect([first.can_reply, first.can_moderate]).toEqual([false, false]);
    // A member's answer in between must not end up in the visitors' cache, nor the reverse.
    expect((await pageAs(anna, id)).posts[0]?.can).toEqual(OWN_POST);
    const again = await pageAs(null, id);
    expect(again.thread.can).toEqual(NO_THREAD);
    expect(again.posts.map((post) => post.can)).toEqual([NO_POST, NO_POST]);
  });

  it('gives the author, another member, an ADMIN and a member without a verified e-mail their own can', async () => {
    const id = await conversation();
    const forAnna = await pageAs(anna, id);
    expect(forAnna.thread.can).toEqual(AUTHORS_THREAD);
    expect(forAnna.posts.map((post) => post.can)).toEqual([OWN_POST, OTHERS_POST]);

    const forBernd = await pageAs(bernd, id);
    expect(forBernd.thread.can).toEqual(OTHERS_THREAD);
    expect(forBernd.posts.map((post) => post.can)).toEqual([OTHERS_POST, OWN_POST]);

    const forAdmin = await pageAs(admin, id);
    expect(forAdmin.thread.can).toEqual(ADMINS_VIEW_OF_THREAD);
    expect(forAdmin.posts.map((post) => post.can)).toEqual([ADMIN_ON_OTHERS_POST, ADMIN_ON_OTHERS_POST]);
    expect([forAdmin.can_reply, forAdmin.can_moderate]).toEqual([true, true]);

    // Writing, liking, replying and reporting (which reaches a human) need a verified e-mail.
    const forUwe = await pageAs(unverified, id);
    expect(forUwe.thread.can).toEqual({ ...NO_THREAD, watch: true });
    expect(forUwe.posts.map((post) => post.can)).toEqual([NO_POST, NO_POST]);

    // The older fields say the same.
    for (const post of [...forAnna.posts, ...forAdmin.posts])
      expect([post.can_edit, post.can_delete]).toEqual([post.can.edit, post.can.delete]);
    // A new post answers with the writer's own can.
    const reply = await call(bernd, 'POST', `/api/forum/threads/${id}/posts`, { body: 'Noch etwas.' });
    expect((reply.json() as ForumPost).can).toEqual(OWN_POST);
  });

  it('takes no replies or members edits in a locked thread, and offers nothing on a deleted post', async () => {
    const id = await conversation();
    const locked = await call(admin, 'PATCH', `/api/forum/threads/${id}`, { locked: true });
    expect(locked.statusCode, locked.body).toBe(200);
    const forAnna = await pageAs(anna, id);
    expect(forAnna.thread.can).toEqual({ ...AUTHORS_THREAD, reply: false });
    expect(forAnna.posts.map((post) => post.can)).toEqual([
      { ...OWN_POST, reply: false, edit: false },
      { ...OTHERS_POST, reply: false },
    ]);
    expect(forAnna.can_reply).toBe(false);

    const post = forAnna.posts[1] as ForumPost;
    const removed = await call(admin, 'DELETE', `/api/forum/posts/${post.id}`, {
      reason: 'Doppelt gepostet.',
    });
    expect(removed.statusCode, removed.body).toBe(204);
    for (const who of [anna, bernd, admin]) expect((await pageAs(who, id)).posts[1]?.can).toEqual(NO_POST);
  });

  it('accepts each write exactly when can said so', async () => {
    for (const who of [anna, bernd, admin, unverified]) {
      const id = await conversation(`Leasing oder Kauf, gefragt für ${who.user.id.slice(0, 8)}`);
      const page = await pageAs(who, id);
      const accepted = (res: { statusCode: number }) => res.statusCode < 300;
      for (const post of page.posts) {
        const like = await call(who, 'POST', `/api/forum/posts/${post.id}/like`);
        expect(accepted(like), `like: ${like.body}`).toBe(post.can.like);
        const report = await call(who, 'POST', `/api/forum/posts/${post.id}/report`, {
          reason: 'Prüfen bitte',
        });
        expect(accepted(report), `report: ${report.body}`).toBe(post.can.report);
        const edit = await call(who, 'PATCH', `/api/forum/posts/${post.id}`, { body: 'Neu gefasst.' });
        expect(accepted(edit), `edit: ${edit.body}`).toBe(post.can.edit);
        const reply = await call(who, 'POST', `/api/forum/threads/${id}/posts`, {
          body: 'Dazu eine Antwort.',
          reply_to: post.id,
        });
        expect(accepted(reply), `reply: ${reply.body}`).toBe(post.can.reply);
      }
      const watch = await call(who, 'PUT', `/api/forum/threads/${id}/subscription`, { level: 'watch' });
      expect(accepted(watch), `watch: ${watch.body}`).toBe(page.thread.can.watch);
      const pin = await call(who, 'PATCH', `/api/forum/threads/${id}`, { pinned: true });
      expect(accepted(pin), `pin: ${pin.body}`).toBe(page.thread.can.moderate);
      // Deleting: a moderator's deletion needs its reason; the reply first, then the thread.
      const [opening, reply] = page.posts as [ForumPost, ForumPost];
      const deleteReply = await call(who, 'DELETE', `/api/forum/posts/${reply.id}`, {
        ...(reply.can.moderate ? { reason: 'Nicht zum Thema.' } : {}),
      });
      expect(accepted(deleteReply), `delete: ${deleteReply.body}`).toBe(reply.can.delete);
      const deleteThread = await call(who, 'DELETE', `/api/forum/threads/${id}`, {
        ...(opening.can.moderate ? { reason: 'Nicht zum Thema.' } : {}),
      });
      expect(accepted(deleteThread), `delete thread: ${deleteThread.body}`).toBe(page.thread.can.delete);
    }
  });
});
