import type {
  ForumOverview,
  ForumPost,
  ForumThreadList,
  ForumThreadPage,
  ModerationQueue,
} from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowCount, selectRows } from '../src/db/client.ts';
import type { RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { establishAccounts, forumMembers, memberCall } from './helpers/forum.ts';
import { reactionsDone, verifiedMember } from './helpers/marketplace.ts';

/**
 * The forum through the real application: forums and counts, threads and replies, permissions
 * (only the author edits; only ADMIN pins, locks, moves; nobody replies to a locked thread),
 * the hourly limits of new accounts under 200 parallel requests, Markdown sanitizing, paging,
 * search, likes, reports and the notifications of replies, mentions and likes.
 */
describe('Forum', () => {
  let t: TestApp;
  let anna: RegisteredMember;
  let bernd: RegisteredMember;
  let admin: RegisteredMember;

  beforeAll(async () => {
    t = await startTestApp();
    // Established members; the hourly limits of new accounts have a test of their own.
    ({ anna, bernd, admin } = await forumMembers(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = memberCall(() => t);

  /** Makes a member's account older than the new-account window (no hourly limits). */
  const ageAccount = (member: RegisteredMember) => establishAccounts(t, [member]);

  const newThread = async (
    who: RegisteredMember,
    title = 'Erfahrungen mit dem Gewerbeamt',
    body = 'Wie lief die Anmeldung bei euch?',
    category = 'business/gruendung',
  ) => {
    const res = await call(who, 'POST', '/api/forum/threads', { category_id: category, title, body });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };

  it('lists the three forums with their subforums', async () => {
    const res = await call(null, 'GET', '/api/forum/categories');
    expect(res.statusCode).toBe(200);
    const overview = res.json() as ForumOverview;
    expect(overview.forums.map((forum) => [forum.id, forum.name, forum.description])).toEqual([
      ['business', 'Business Forum', 'Networking & Geschäfte'],
      ['games', 'Games Forum', 'Gaming Community'],
      ['sports', 'Sport Forum', 'Sport & Fitness'],
    ]);
    expect(overview.forums[0]?.subforums.map((sub) => sub.name)).toEqual([
      'Gründung',
      'Marketing',
      'Recht & Steuern',
    ]);
    expect(overview.forums[1]?.subforums.map((sub) => sub.slug)).toEqual(['pc', 'konsole', 'mobile']);
    expect(overview.forums[2]?.subforums.map((sub) => sub.name)).toEqual(['Fußball', 'Fitness', 'Laufen']);
  });

  it('needs a login and a verified e-mail to post, and validates in German', async () => {
    const visitor = await call(null, 'POST', '/api/forum/threads', {
      category_id: 'games/pc',
      title: 'Hallo Welt',
      body: 'Text',
    });
    expect(visitor.statusCode).toBe(401);
    const unverified = await verifiedMember(t, { nickname: 'Uwe' });
    await t.db.handle.db.execute(
      sql`update users set email_verified_at = null where id = ${unverified.user.id}::uuid`,
    );
    const refused = await call(unverified, 'POST', '/api/forum/threads', {
      category_id: 'games/pc',
      title: 'Hallo Welt',
      body: 'Text',
    });
    expect(refused.statusCode).toBe(403);
    const short = await call(anna, 'POST', '/api/forum/threads', {
      category_id: 'games/pc',
      title: 'Hi',
      body: 'x',
    });
    expect(short.statusCode).toBe(422);
    expect(short.body).toContain('Der Titel muss mindestens 5 Zeichen lang sein.');
    const unknown = await call(anna, 'POST', '/api/forum/threads', {
      category_id: 'games/flipper',
      title: 'Hallo Welt',
      body: 'Ein Text',
    });
    expect(unknown.statusCode).toBe(422);
  });

  it('creates a thread, counts it in its forum, replies, and counts views once per member and day', async () => {
    const id = await newThread(anna, 'Welche Rechtsform für den Start?', 'GmbH oder **Einzelunternehmen**?');
    const reply = await call(bernd, 'POST', `/api/forum/threads/${id}/posts`, {
      body: 'Einzelunternehmen reicht für den Anfang.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect((reply.json() as ForumPost).number).toBe(2);

    const first = (await call(bernd, 'GET', `/api/forum/threads/${id}`)).json() as ForumThreadPage;
    expect(first.posts.map((post) => post.number)).toEqual([1, 2]);
    expect(first.posts[0]?.html).toContain('<strong>Einzelunternehmen</strong>');
    expect(first.posts[0]?.author).toMatchObject({
      name: 'Anna',
      email_verified: true,
      rating: null,
      review_count: 0,
    });
    expect(first.posts[1]?.author.post_count).toBeGreaterThanOrEqual(1);
    expect(first.thread.reply_count).toBe(1);
    expect(first.thread.view_count).toBe(1);
    const again = (await call(bernd, 'GET', `/api/forum/threads/${id}`)).json() as ForumThreadPage;
    expect(again.thread.view_count).toBe(1);
    const other = (await call(anna, 'GET', `/api/forum/threads/${id}`)).json() as ForumThreadPage;
    expect(other.thread.view_count).toBe(2);

    const overview = (await call(null, 'GET', '/api/forum/categories')).json() as ForumOverview;
    const business = overview.forums.find((forum) => forum.id === 'business');
    const gruendung = business?.subforums.find((sub) => sub.id === 'business/gruendung');
    expect(gruendung?.thread_count).toBeGreaterThanOrEqual(1);
    expect(business?.last_activity?.thread_id).toBe(id);
  });

  it('only the author edits a post; the edit is marked', async () => {
    const id = await newThread(anna);
    const page = (await call(anna, 'GET', `/api/forum/threads/${id}`)).json() as ForumThreadPage;
    const postId = page.posts[0]?.id as string;
    const foreign = await call(bernd, 'PATCH', `/api/forum/posts/${postId}`, { body: 'Übernommen' });
    expect(foreign.statusCode).toBe(403);
    const byAdmin = await call(admin, 'PATCH', `/api/forum/posts/${postId}`, { body: 'Übernommen' });
    expect(byAdmin.statusCode).toBe(403);
    const own = await call(anna, 'PATCH', `/api/forum/posts/${postId}`, {
      body: 'Ergänzt: es ging schnell.',
    });
    expect(own.statusCode).toBe(200);
    expect((own.json() as ForumPost).edited_at).not.toBeNull();
    expect((own.json() as ForumPost).html).toContain('Ergänzt');
  });

  it('only ADMIN pins, locks and moves; nobody replies to a locked thread', async () => {
    const id = await newThread(anna, 'Gesperrtes Thema zum Test');
    for (const change of [{ pinned: true }, { locked: true }, { category_id: 'games/pc' }]) {
      expect((await call(anna, 'PATCH', `/api/forum/threads/${id}`, change)).statusCode).toBe(403);
      expect((await call(bernd, 'PATCH', `/api/forum/threads/${id}`, change)).statusCode).toBe(403);
      expect((await call(null, 'PATCH', `/api/forum/threads/${id}`, change)).statusCode).toBe(401);
    }
    const pinned = await call(admin, 'PATCH', `/api/forum/threads/${id}`, {
      pinned: true,
      locked: true,
      category_id: 'business/recht-steuern',
      reason: 'Passt besser zu Recht & Steuern.',
    });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pinned.json()).toMatchObject({
      pinned: true,
      locked: true,
      category_id: 'business/recht-steuern',
    });

    for (const who of [anna, bernd, admin]) {
      const reply = await call(who, 'POST', `/api/forum/threads/${id}/posts`, { body: 'Noch eine Frage' });
      expect(reply.statusCode).toBe(403);
      expect(reply.json().detail).toBe('Dieses Thema ist geschlossen. Antworten sind nicht mehr möglich.');
    }
    const page = (await call(anna, 'GET', `/api/forum/threads/${id}`)).json() as ForumThreadPage;
    expect(page.can_reply).toBe(false);
    expect(page.thread.moderation_note).toBe('Passt besser zu Recht & Steuern.');
    const list = (
      await call(null, 'GET', '/api/forum/threads?category=business/recht-steuern')
    ).json() as ForumThreadList;
    expect(list.threads[0]?.id).toBe(id);
  });

  it('an admin deletes a post with a reason the author sees; a member deletes only own posts', async () => {
    const id = await newThread(anna);
    const reply = (
      await call(bernd, 'POST', `/api/forum/threads/${id}/posts`, { body: 'Werbung für meinen Shop' })
    ).json() as ForumPost;
    const notOwn = await call(anna, 'DELETE', `/api/forum/posts/${reply.id}`);
    expect(notOwn.statusCode, notOwn.body).toBe(403);
    expect((await call(admin, 'DELETE', `/api/forum/posts/${reply.id}`)).statusCode).toBe(422);
    const removed = await call(admin, 'DELETE', `/api/forum/posts/${reply.id}`, {
      reason: 'Werbung ist hier nicht erlaubt.',
    });
    expect(removed.statusCode).toBe(204);
    const seenByAuthor = (await call(bernd, 'GET', `/api/forum/threads/${id}`)).json() as ForumThreadPage;
    expect(seenByAuthor.posts[1]).toMatchObject({
      deleted: true,
      body: '',
      deleted_reason: 'Werbung ist hier nicht erlaubt.',
    });
    const seenByOthers = (await call(anna, 'GET', `/api/forum/threads/${id}`)).json() as ForumThreadPage;
    expect(seenByOthers.posts[1]).toMatchObject({ deleted: true, deleted_reason: null });
    expect(seenByOthers.thread.reply_count).toBe(0);

    const own = (
      await call(bernd, 'POST', `/api/forum/threads/${id}/posts`, { body: 'Entschuldigung!' })
    ).json() as ForumPost;
    expect((await call(bernd, 'DELETE', `/api/forum/posts/${own.id}`)).statusCode).toBe(204);
  });

  it('renders Markdown inert: a list of XSS payloads leaves no script, handler or javascript: URL', async () => {
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[klick](javascript:alert(1))',
      '[klick](JaVaScRiPt:alert(1))',
      '[klick](javascript&#58;alert(1))',
      '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '![bild](javascript:alert(1))',
      '<a href="javascript:alert(1)">a</a>',
      '<svg onload=alert(1)>',
      '<iframe src="https://example.com"></iframe>',
      '<div style="background:url(javascript:alert(1))">x</div>',
      '"><script>alert(1)</script>',
      '<details open ontoggle=alert(1)>',
      '[a](vbscript:msgbox(1))',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '`<script>alert(1)</script>`',
      'https://example.com/?q=<script>',
    ];
    for (const payload of payloads) {
      const res = await call(anna, 'POST', '/api/forum/preview', { body: payload });
      expect(res.statusCode).toBe(200);
      const html = (res.json() as { html: string }).html;
      expect(html, payload).not.toMatch(/<script|<iframe|<svg|<img|<style|<math|<details/i);
      expect(html, payload).not.toMatch(/<[a-z][^>]*\son\w+\s*=/i);
      expect(html, payload).not.toMatch(/<a[^>]*href="\s*(javascript|vbscript|data):/i);
    }
    const link = (
      await call(anna, 'POST', '/api/forum/preview', { body: 'Siehe [Seite](https://example.com)' })
    ).json() as {
      html: string;
    };
    expect(link.html).toContain('href="https://example.com"');
    expect(link.html).toContain('rel="nofollow ugc noopener noreferrer"');
  });

  it('pages threads (pinned first) and posts', async () => {
    const author = await verifiedMember(t, { nickname: 'Vielschreiber' });
    await ageAccount(author);
    const ids: string[] = [];
    for (let i = 0; i < 23; i++)
      ids.push(await newThread(author, `Laufschuh-Frage Nummer ${i + 1}`, 'Welche Schuhe?', 'sports/laufen'));
    await call(admin, 'PATCH', `/api/forum/threads/${ids[0]}`, { pinned: true });
    const first = (
      await call(null, 'GET', '/api/forum/threads?category=sports/laufen')
    ).json() as ForumThreadList;
    expect(first.total).toBe(23);
    expect(first.threads).toHaveLength(20);
    expect(first.threads[0]?.id).toBe(ids[0]);
    expect(first.threads[1]?.id).toBe(ids[22]);
    const second = (
      await call(null, 'GET', '/api/forum/threads?category=sports/laufen&page=2')
    ).json() as ForumThreadList;
    expect(second.threads).toHaveLength(3);
    const seen = new Set([...first.threads, ...second.threads].map((thread) => thread.id));
    expect(seen.size).toBe(23);
    const newest = (
      await call(null, 'GET', '/api/forum/threads?category=sports&sort=newest')
    ).json() as ForumThreadList;
    expect(newest.threads[0]?.id).toBe(ids[22]);

    const thread = ids[1] as string;
    for (let i = 0; i < 24; i++) {
      const res = await call(author, 'POST', `/api/forum/threads/${thread}/posts`, {
        body: `Antwort ${i + 2}`,
      });
      expect(res.statusCode).toBe(201);
    }
    const page1 = (await call(null, 'GET', `/api/forum/threads/${thread}`)).json() as ForumThreadPage;
    const page2 = (await call(null, 'GET', `/api/forum/threads/${thread}?page=2`)).json() as ForumThreadPage;
    expect(page1.total).toBe(25);
    expect(page1.posts.map((post) => post.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(page2.posts.map((post) => post.number)).toEqual([21, 22, 23, 24, 25]);
    expect(page2.posts[4]?.body).toBe('Antwort 25');
    expect((await call(null, 'GET', `/api/forum/threads/${thread}?page=0`)).statusCode).toBe(422);
  });

  it('new accounts open at most 3 threads and write at most 10 replies per hour, also under 200 parallel requests', async () => {
    const newbie = await verifiedMember(t, { nickname: 'Neuling' });
    const threads = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(newbie, 'POST', '/api/forum/threads', {
          category_id: 'games/konsole',
          title: `Neues Thema ${i}`,
          body: 'Frage zur Konsole',
        }),
      ),
    );
    expect(threads.filter((res) => res.statusCode === 201)).toHaveLength(3);
    const refused = threads.filter((res) => res.statusCode === 429);
    expect(refused).toHaveLength(197);
    expect(refused[0]?.json().detail).toMatch(
      /^Neue Mitglieder können höchstens 3 Themen pro Stunde eröffnen\. Bitte versuche es in \d+ Minuten? erneut\.$/,
    );
    const [stored] = await selectRows(
      t.db.handle.db,
      z.object({ n: rowCount }),
      sql`select count(*) as n from forum_threads where author_id = ${newbie.user.id}::uuid`,
    );
    expect(stored?.n).toBe(3);

    const target = await newThread(anna, 'Thema für viele Antworten');
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(newbie, 'POST', `/api/forum/threads/${target}/posts`, { body: `Antwort ${i}` }),
      ),
    );
    expect(replies.filter((res) => res.statusCode === 201)).toHaveLength(10);
    expect(replies.filter((res) => res.statusCode === 429)).toHaveLength(190);
    const page = (await call(null, 'GET', `/api/forum/threads/${target}`)).json() as ForumThreadPage;
    expect(page.thread.reply_count).toBe(10);
    expect(page.posts.map((post) => post.number)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));

    // Older accounts have no hourly limit.
    await ageAccount(newbie);
    const later = await call(newbie, 'POST', `/api/forum/threads/${target}/posts`, {
      body: 'Jetzt geht es wieder',
    });
    expect(later.statusCode).toBe(201);
  });

  it('likes once per member and post, not one own post', async () => {
    const id = await newThread(
      anna,
      'Bestes Pokémon-Spiel aller Zeiten?',
      'Ich sage Gold und Silber.',
      'games/konsole',
    );
    const postId = ((await call(null, 'GET', `/api/forum/threads/${id}`)).json() as ForumThreadPage).posts[0]
      ?.id as string;
    expect((await call(anna, 'POST', `/api/forum/posts/${postId}/like`)).statusCode).toBe(422);
    const likes = await Promise.all(
      Array.from({ length: 20 }, () => call(bernd, 'POST', `/api/forum/posts/${postId}/like`)),
    );
    expect(likes.every((res) => res.statusCode === 200)).toBe(true);
    const page = (await call(bernd, 'GET', `/api/forum/threads/${id}`)).json() as ForumThreadPage;
    expect(page.posts[0]).toMatchObject({ like_count: 1, liked: true });
    expect(page.thread.like_count).toBe(1);
    const undone = await call(bernd, 'DELETE', `/api/forum/posts/${postId}/like`);
    expect(undone.json()).toEqual({ liked: false, like_count: 0 });
    const liked = (
      await call(null, 'GET', '/api/forum/threads?category=games&sort=liked')
    ).json() as ForumThreadList;
    expect(liked.threads.length).toBeGreaterThan(0);
  });

  it("'@Name' mentions by the name shown everywhere; a name two share falls back to the nickname, else nobody", async () => {
    // Shown names: a nickname, else the first name ('Sophie' without a nickname is shown as Sophie).
    const sophie = await verifiedMember(t, { first_name: 'Sophie' });
    const nickOnly = await verifiedMember(t, { nickname: 'Radler_Max', first_name: 'Maximilian' });
    const jonas = await verifiedMember(t, { first_name: 'Jonas' });
    const otherJonas = await verifiedMember(t, { first_name: 'Jonas' });
    const leaNick = await verifiedMember(t, { nickname: 'Lea' });
    const leaFirst = await verifiedMember(t, { first_name: 'Lea' });
    const id = await newThread(anna, 'Radtour am Sonntag', 'Wer fährt mit?', 'sports/fitness');
    const res = await call(bernd, 'POST', `/api/forum/threads/${id}/posts`, {
      body: 'Ich frage @sophie, @Radler_Max, @Maximilian, @Jonas und @Lea.',
    });
    expect(res.statusCode, res.body).toBe(201);
    await reactionsDone(t);

    const mentions = async (who: RegisteredMember) =>
      (
        (await call(who, 'GET', '/api/notifications')).json() as {
          notifications: { type: string; link: string }[];
        }
      ).notifications.filter((n) => n.type === 'forum_mention' && n.link.includes(id)).length;
    // Sophie by her first name, the shown one; Radler_Max by his nickname, not by the first name
    // nobody sees; 'Jonas' is two members without a nickname: nobody; 'Lea' is shown for two,
    // and one has it as nickname: that one.
    expect(await mentions(sophie)).toBe(1);
    expect(await mentions(nickOnly)).toBe(1);
    expect(await mentions(jonas)).toBe(0);
    expect(await mentions(otherJonas)).toBe(0);
    expect(await mentions(leaNick)).toBe(1);
    expect(await mentions(leaFirst)).toBe(0);

    // A member never mentions themselves: when a second Sophie writes '@Sophie', the first is meant.
    const secondSophie = await verifiedMember(t, { first_name: 'Sophie' });
    const res2 = await call(secondSophie, 'POST', `/api/forum/threads/${id}/posts`, {
      body: 'Danke @Sophie, bis Sonntag!',
    });
    expect(res2.statusCode, res2.body).toBe(201);
    await reactionsDone(t);
    expect(await mentions(sophie)).toBe(2);
    expect(await mentions(secondSophie)).toBe(0);
  });

  it('notifies replies, mentions and likes, and not those who muted the thread', async () => {
    const carla = await verifiedMember(t, { nickname: 'Carla' });
    const id = await newThread(
      anna,
      'Fußballschuhe für Kunstrasen',
      'Welche Stollen nehmt ihr?',
      'sports/fussball',
    );
    const reply = (
      await call(bernd, 'POST', `/api/forum/threads/${id}/posts`, {
        body: '> Welche Stollen nehmt ihr?\n\nMultinocken! @Carla kennt sich da aus.',
      })
    ).json() as ForumPost;
    await call(carla, 'POST', `/api/forum/posts/${reply.id}/like`);
    await reactionsDone(t);

    const notifications = async (who: RegisteredMember) =>
      (
        (await call(who, 'GET', '/api/notifications')).json() as {
          notifications: { type: string; message: string; link: string }[];
        }
      ).notifications;
    const forAnna = await notifications(anna);
    expect(forAnna.find((n) => n.type === 'forum_reply')).toMatchObject({
      message: expect.stringContaining('Bernd hat im Thema „Fußballschuhe für Kunstrasen“ geantwortet'),
      link: `/forum/thread/${id}?page=1#post-2`,
    });
    const forCarla = await notifications(carla);
    expect(forCarla.find((n) => n.type === 'forum_mention')?.message).toContain('Bernd hat dich im Thema');
    const forBernd = await notifications(bernd);
    expect(forBernd.find((n) => n.type === 'forum_like')?.message).toContain('Carla gefällt dein Beitrag');

    const muted = await call(anna, 'PUT', `/api/forum/threads/${id}/subscription`, { level: 'mute' });
    expect(muted.json()).toEqual({ level: 'mute' });
    await call(bernd, 'POST', `/api/forum/threads/${id}/posts`, {
      body: 'Noch ein Tipp: Ersatzschnürsenkel.',
    });
    await reactionsDone(t);
    const after = await notifications(anna);
    expect(after.filter((n) => n.type === 'forum_reply' && n.link.includes(id))).toHaveLength(1);
  });

  it('reports a post once per member for the admin queue', async () => {
    const id = await newThread(anna, 'Meldbares Thema', 'Ein fragwürdiger Text');
    const postId = ((await call(null, 'GET', `/api/forum/threads/${id}`)).json() as ForumThreadPage).posts[0]
      ?.id as string;
    expect(
      (await call(null, 'POST', `/api/forum/posts/${postId}/report`, { reason: 'Spam' })).statusCode,
    ).toBe(401);
    const first = await call(bernd, 'POST', `/api/forum/posts/${postId}/report`, { reason: 'Das ist Spam.' });
    expect(first.statusCode).toBe(201);
    const second = await call(bernd, 'POST', `/api/forum/posts/${postId}/report`, {
      reason: 'Das ist Spam.',
    });
    expect(second.statusCode).toBe(409);
    // The one reports queue of the admin area holds it (docs/decisions/0009-reports-queue.md).
    expect((await call(bernd, 'GET', '/api/admin/moderation/queue')).statusCode).toBe(403);
    const queue = (await call(admin, 'GET', '/api/admin/moderation/queue')).json() as ModerationQueue;
    const group = queue.reports.find((entry) => entry.target_id === postId);
    expect(group).toMatchObject({ target_type: 'forum_post', title: 'Meldbares Thema', reports_count: 1 });
    expect(group?.reports.map((report) => report.reason)).toEqual(['Das ist Spam.']);
    expect((await call(admin, 'GET', '/api/forum/reports')).statusCode).toBe(404);
  });

  it('searches titles and texts with German stems', async () => {
    const id = await newThread(
      anna,
      'Steuererklärung für Kleinunternehmer',
      'Die Umsatzsteuer bleibt bei uns außen vor.',
      'business/recht-steuern',
    );
    await call(bernd, 'POST', `/api/forum/threads/${id}/posts`, {
      body: 'Denk an die Fristen der Finanzämter.',
    });
    const byTitle = (
      await call(null, 'GET', `/api/forum/search?q=${encodeURIComponent('Kleinunternehmers')}`)
    ).json();
    expect(byTitle.hits.map((hit: { thread_id: string }) => hit.thread_id)).toContain(id);
    const byText = (await call(null, 'GET', `/api/forum/search?q=${encodeURIComponent('Frist')}`)).json();
    expect(byText.hits[0]).toMatchObject({ thread_id: id, post_number: 2, author_name: 'Bernd' });
    const none = (await call(null, 'GET', '/api/forum/search?q=Quantenfahrrad')).json();
    expect(none.total).toBe(0);
    expect((await call(null, 'GET', '/api/forum/search?q=a')).statusCode).toBe(422);
  });
});
