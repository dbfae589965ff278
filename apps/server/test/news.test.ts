import type { NewsArticle, NewsList, NewsWriter } from '@marketplace/contract';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer } from './helpers/accounts.ts';
import { startTestApp } from './helpers/app.ts';
import { countRows, makeAdmin, uploadPhoto, verifiedMember } from './helpers/marketplace.ts';

/**
 * Local news (/lokale-news): only ADMINs and editors write, editors only their own articles;
 * bodies render inert whatever Markdown they hold; the place, radius and category filters; the
 * RSS feed; German 422s that change nothing; the editor switch recorded in the audit log.
 */
const t = await startTestApp({ PUBLIC_READ_LIMIT: '0' });
afterAll(async () => {
  await t?.close();
});

const admin = await verifiedMember(t, { nickname: 'Ada Admin' });
await makeAdmin(t, admin.user.id);
const editor = await verifiedMember(t, { nickname: 'Eda Editor' });
const other = await verifiedMember(t, { nickname: 'Otto Editor' });
const member = await verifiedMember(t, { nickname: 'Mia Mitglied' });

const setEditor = (id: string, editor: boolean, token = admin.access_token) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/members/${id}/news-editor`,
    headers: bearer(token),
    payload: { editor },
  });

/** A complete article, placed at `postal_code`. */
const article = (overrides: object = {}) => ({
  title: 'Neue Radwege am Rheinufer',
  teaser: 'Die Stadt baut bis zum Sommer zwei Kilometer neue Radwege entlang des Rheins.',
  body: 'Der Stadtrat hat am Dienstag beschlossen, die Radwege am Rheinufer auszubauen. Die Arbeiten beginnen im März.',
  category: 'verkehr',
  postal_code: '50667',
  ...overrides,
});
const write = (token: string | null, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/news',
    headers: token ? bearer(token) : {},
    payload,
  });
const list = async (query = '') => {
  const res = await t.app.inject({ url: `/api/news${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as NewsList;
};

describe('who writes local news', () => {
  it("an ADMIN makes a member an editor ('Redakteur:in'); the audit log records it once", async () => {
    expect((await setEditor(editor.user.id, true, member.access_token)).statusCode).toBe(403);
    const res = await setEditor(editor.user.id, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ editor: true });
    expect((await setEditor(editor.user.id, true)).statusCode).toBe(200);
    expect((await setEditor(other.user.id, true)).statusCode).toBe(200);
    const read = await t.app.inject({
      url: `/api/admin/members/${editor.user.id}/news-editor`,
      headers: bearer(admin.access_token),
    });
    expect(read.json()).toEqual({ editor: true });
    const log = await t.app.inject({
      url: '/api/admin/audit-log?action=news_editor_granted',
      headers: bearer(admin.access_token),
    });
    const entries = (log.json() as { entries: { target_id?: string; target?: { id: string } }[] }).entries;
    expect(entries.length).toBe(2);
  });

  it('a plain member gets 403 and a visitor 401; nothing is stored', async () => {
    const before = await countRows(t, 'news_articles');
    const refused = await write(member.access_token, article());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      'Nur Redakteur:innen und Administratoren können lokale News schreiben.',
    );
    expect((await write(null, article())).statusCode).toBe(401);
    expect(await countRows(t, 'news_articles')).toBe(before);
    const mine = await t.app.inject({ url: '/api/news/mine', headers: bearer(member.access_token) });
    expect((mine.json() as NewsWriter).can_write).toBe(false);
  });

  it("an editor writes, edits and deletes their own article, but not another editor's; an ADMIN all", async () => {
    const created = await write(editor.access_token, article({ title: 'Eigener Artikel der Redakteurin' }));
    expect(created.statusCode).toBe(201);
    const own = created.json() as NewsArticle;
    expect(own.place).toBe('Köln');
    expect(own.slug).toBe('eigener-artikel-der-redakteurin');
    expect(own.can).toEqual({ edit: true, delete: true });
    expect(own.author.name).toBe('Eda Editor');

    const patch = (token: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/news/${own.id}`, headers: bearer(token), payload });
    const foreign = await patch(other.access_token, { title: 'Übernommen von Otto' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().detail).toBe('Du kannst nur deine eigenen Artikel bearbeiten.');
    expect((await patch(member.access_token, { title: 'Übernommen von Mia' })).statusCode).toBe(403);
    const removedByOther = await t.app.inject({
      method: 'DELETE',
      url: `/api/news/${own.id}`,
      headers: bearer(other.access_token),
    });
    expect(removedByOther.statusCode).toBe(403);
    const seen = await t.app.inject({ url: `/api/news/${own.slug}-${own.id}` });
    expect((seen.json() as NewsArticle).title).toBe('Eigener Artikel der Redakteurin');
    expect((seen.json() as NewsArticle).can).toEqual({ edit: false, delete: false });

    const edited = await patch(editor.access_token, { title: 'Geänderter Titel der Redakteurin' });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as NewsArticle).slug).toBe('geaenderter-titel-der-redakteurin');
    const byAdmin = await patch(admin.access_token, { category: 'kultur' });
    expect((byAdmin.json() as NewsArticle).category).toBe('kultur');

    const mine = await t.app.inject({ url: '/api/news/mine', headers: bearer(editor.access_token) });
    expect((mine.json() as NewsWriter).articles.map((a) => a.id)).toEqual([own.id]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/news/${own.id}`,
      headers: bearer(editor.access_token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/news/${own.id}` })).statusCode).toBe(404);
  });

  it('an editor whose switch an ADMIN turns off writes no more', async () => {
    const late = await verifiedMember(t, { nickname: 'Lea Later' });
    await setEditor(late.user.id, true);
    const created = (await write(late.access_token, article())).json() as NewsArticle;
    await setEditor(late.user.id, false);
    expect((await write(late.access_token, article())).statusCode).toBe(403);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/news/${created.id}`,
      headers: bearer(late.access_token),
      payload: { title: 'Noch ein Versuch' },
    });
    expect(patched.statusCode).toBe(403);
  });

  it('an article takes an uploaded photo, nothing else', async () => {
    const photo = await uploadPhoto(t, editor.access_token);
    const res = await write(editor.access_token, article({ image: photo }));
    expect(res.statusCode).toBe(201);
    expect((res.json() as NewsArticle).image).toBe(photo);
    const foreign = await write(editor.access_token, article({ image: 'https://example.com/x.jpg' }));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().detail).toContain('Bitte lade das Bild über den Upload hoch.');
  });
});

describe('bad input', () => {
  it('gets a German 422 naming the field and stores nothing', async () => {
    const before = await countRows(t, 'news_articles');
    const cases: [object, string][] = [
      [{ title: '' }, 'Bitte gib einen Titel ein.'],
      [{ title: 'Abc' }, 'Der Titel muss mindestens 5 Zeichen lang sein.'],
      [{ teaser: 'kurz' }, 'Der Vorspann muss mindestens 20 Zeichen lang sein.'],
      [{ body: 'zu kurz' }, 'Der Text muss mindestens 50 Zeichen lang sein.'],
      [{ category: 'klatsch' }, 'Bitte wähle eine Rubrik.'],
      [{ postal_code: '5066' }, 'Bitte gib eine gültige Postleitzahl mit 5 Ziffern ein.'],
      [{ postal_code: '00000' }, 'Diese Postleitzahl kennen wir nicht.'],
    ];
    for (const [overrides, message] of cases) {
      const res = await write(editor.access_token, article(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(res.json().detail).toContain(message);
    }
    expect(await countRows(t, 'news_articles')).toBe(before);
    const unknownPlace = await t.app.inject({ url: '/api/news?plz=Nirgendwodorf' });
    expect(unknownPlace.statusCode).toBe(422);
    expect(unknownPlace.json().detail).toContain('Diesen Ort oder diese Postleitzahl kennen wir nicht.');
  });

  it('a change with bad input changes nothing', async () => {
    const created = (
      await write(editor.access_token, article({ title: 'Bleibt wie er ist' }))
    ).json() as NewsArticle;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/news/${created.id}`,
      headers: bearer(editor.access_token),
      payload: { title: 'Neu', postal_code: '00000' },
    });
    expect(res.statusCode).toBe(422);
    const after = (await t.app.inject({ url: `/api/news/${created.id}` })).json() as NewsArticle;
    expect(after.title).toBe('Bleibt wie er ist');
  });
});

describe('Markdown', () => {
  it('renders inert: no script, no event handler, no javascript: link', async () => {
    const body = [
      '# Überschrift',
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[Klick mich](javascript:alert(3)) und [gut](https://example.com)',
      '<a href="javascript:alert(4)" onclick="alert(5)">roh</a>',
      '**fett** und *kursiv*, genug Text für die Mindestlänge.',
    ].join('\n\n');
    const res = await write(editor.access_token, article({ body }));
    expect(res.statusCode).toBe(201);
    const { html } = res.json() as NewsArticle;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    // What was raw HTML stays text (escaped); no element carries an event handler.
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/<a[^>]*javascript:/i);
    expect(html).toContain('<strong>fett</strong>');
    expect(html).toContain('href="https://example.com"');
  });
});

describe('the list and the feed', () => {
  it('filters by place and radius, and by category, newest first, paged', async () => {
    await write(
      admin.access_token,
      article({ title: 'Stadtfest in München', postal_code: '80331', category: 'kultur' }),
    );
    await write(
      admin.access_token,
      article({ title: 'Derby in Leverkusen', postal_code: '51373', category: 'sport' }),
    );
    await write(
      admin.access_token,
      article({ title: 'Hafenfest in Hamburg', postal_code: '20095', category: 'kultur' }),
    );

    const munich = await list('?plz=80331&radius=10');
    expect(munich.articles.map((a) => a.title)).toEqual(['Stadtfest in München']);
    expect(munich.place).toEqual({ postal_code: '80331', place: 'München' });

    const cologne = await list('?plz=K%C3%B6ln&radius=25');
    expect(cologne.articles.map((a) => a.title)).toContain('Derby in Leverkusen');
    expect(cologne.articles.map((a) => a.title)).not.toContain('Stadtfest in München');
    const near = await list('?plz=50667&radius=5');
    expect(near.articles.map((a) => a.title)).not.toContain('Derby in Leverkusen');

    const culture = await list('?category=kultur');
    expect(culture.articles.map((a) => a.title)).toEqual(['Hafenfest in Hamburg', 'Stadtfest in München']);

    const all = await list();
    expect(all.place).toBeNull();
    expect(all.articles[0]?.title).toBe('Hafenfest in Hamburg');
    const page = await list('?limit=2&offset=1');
    expect(page.articles.map((a) => a.id)).toEqual(all.articles.slice(1, 3).map((a) => a.id));
    expect(page.total).toBe(all.total);
  });

  it('an article page names related articles: same category or nearby', async () => {
    const hamburg = (await list('?plz=20095&radius=5')).articles[0];
    const res = await t.app.inject({ url: `/api/news/${hamburg?.id}` });
    const related = (res.json() as NewsArticle).related.map((a) => a.title);
    expect(related).toContain('Stadtfest in München');
    expect(related).not.toContain('Hafenfest in Hamburg');
  });

  it('the RSS 2.0 feed of a place parses back with its articles', async () => {
    const res = await t.app.inject({ url: '/lokale-news/rss.xml?plz=80331&radius=25' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    const feed = new XMLParser({ ignoreAttributes: false }).parse(res.body);
    expect(feed.rss['@_version']).toBe('2.0');
    expect(feed.rss.channel.title).toContain('München');
    const items = [feed.rss.channel.item].flat();
    expect(items.map((item: { title: string }) => item.title)).toEqual(['Stadtfest in München']);
    expect(items[0].link).toMatch(/\/lokale-news\/stadtfest-in-muenchen-[0-9a-f-]{36}$/);
    expect(items[0].category).toBe('Kultur');
    const everywhere = new XMLParser().parse((await t.app.inject({ url: '/lokale-news/rss.xml' })).body);
    expect([everywhere.rss.channel.item].flat().length).toBeGreaterThan(3);
  });

  it('200 parallel readers of the list and the feed all get answers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.app.inject({ url: i % 2 ? '/api/news?plz=80331' : '/lokale-news/rss.xml?plz=50667' }),
      ),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
  });
});
