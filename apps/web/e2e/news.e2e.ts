import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, openApp, STEP_MS, screenshot, unexpected } from './helpers/browser.ts';
import { PASSWORD, signedIn } from './helpers/members.ts';

/**
 * /lokale-news as readers and editors use it: a reader chooses a place and sees that place's
 * articles (the list arrives rendered by the server, with its RSS feed in the head); an editor an
 * ADMIN made 'Redakteur:in' writes an article on /lokale-news/schreiben, lands on its page, and
 * finds it in the list.
 */

const ADMIN_EMAIL = 'news-admin@example.org';
test.use({ serverEnv: { ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORD } });

/** An article as the API takes it. */
const article = (title: string, postalCode: string, category: string) => ({
  title,
  teaser: `${title}: was die Menschen vor Ort dazu sagen und wie es weitergeht.`,
  body: `Die Entscheidung fiel am Montagabend. ${title} – mehr dazu lesen Sie hier in unserem ausführlichen Bericht aus der Region.`,
  category,
  postal_code: postalCode,
});

for (const [device, viewport] of [
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const) {
  test(`${device}: a reader sees the articles of a chosen place; an editor writes one that then appears`, async ({
    newPage,
    member,
    api,
  }) => {
    const admin = await api<{ access_token: string }>('POST', '/api/auth/login', {
      email: ADMIN_EMAIL,
      password: PASSWORD,
    });
    const cologne = `Rheinufer wird autofrei (${device})`;
    const munich = `Neue Trambahn nach Schwabing (${device})`;
    await api('POST', '/api/news', article(cologne, '50667', 'verkehr'), admin.access_token);
    await api('POST', '/api/news', article(munich, '80331', 'politik'), admin.access_token);

    // A reader: the whole country first, then only what is near the chosen place.
    const reader = await newPage(viewport);
    await openApp(reader.page, '/lokale-news');
    await expect(reader.page.getByRole('heading', { level: 1, name: 'Lokale News' })).toBeVisible();
    await expect(reader.page.getByRole('heading', { name: cologne })).toBeVisible();
    await expect(reader.page.getByRole('heading', { name: munich })).toBeVisible();
    await expect(reader.page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      'href',
      /\/lokale-news\/rss\.xml$/,
    );
    const place = reader.page
      .getByRole('combobox', { name: 'PLZ oder Ort' })
      .or(reader.page.getByRole('textbox', { name: 'PLZ oder Ort' }));
    await place.first().fill('80331');
    await reader.page.getByRole('button', { name: 'Anzeigen' }).click();
    await reader.page.waitForURL(/plz=80331/, { timeout: STEP_MS });
    await expect(reader.page.getByText(/Artikel im Umkreis von 25 km um München/)).toBeVisible();
    await expect(reader.page.getByRole('heading', { name: munich })).toBeVisible();
    await expect(reader.page.getByRole('heading', { name: cologne })).toHaveCount(0);
    await screenshot(reader.page, `news-list-${device}`);
    await reader.page.getByRole('heading', { name: munich }).click();
    await expect(reader.page.getByRole('heading', { level: 1, name: munich })).toBeVisible();
    await expect(reader.page.getByText(/^Von .* Min\. Lesezeit$/)).toBeVisible();
    expect(unexpected(reader.errors)).toEqual([]);

    // A reader whose home feed keeps Köln on this device: the list opens with Köln's articles.
    const local = await newPage(viewport);
    await local.page.addInitScript(() => window.localStorage.setItem('feed.postalCode', '50667'));
    await openApp(local.page, '/lokale-news');
    await local.page.waitForURL(/plz=50667/, { timeout: STEP_MS });
    await expect(local.page.getByRole('heading', { name: cologne })).toBeVisible();
    await expect(local.page.getByRole('heading', { name: munich })).toHaveCount(0);
    expect(unexpected(local.errors)).toEqual([]);

    // An editor writes an article; it is published and listed.
    const editor = await member(`redaktion.${device}@example.org`, `Redakteurin ${device}`);
    await api('PUT', `/api/admin/members/${editor.id}/news-editor`, { editor: true }, admin.access_token);
    const writer = await newPage(viewport, { storage: signedIn(editor) });
    await openApp(writer.page, '/lokale-news/schreiben');
    await expect(writer.page.getByRole('heading', { level: 1, name: 'Lokale News schreiben' })).toBeVisible({
      timeout: STEP_MS,
    });
    const title = `Sommerfest im Stadtgarten (${device})`;
    await writer.page.getByRole('textbox', { name: /^Titel/ }).fill(title);
    await writer.page
      .getByRole('textbox', { name: /^Vorspann/ })
      .fill('Der Bürgerverein lädt am Samstag zum Sommerfest mit Musik und Kuchen ein.');
    await writer.page
      .getByRole('textbox', { name: /^Text/ })
      .fill(
        'Ab 14 Uhr spielen drei Bands auf der Wiese. **Eintritt frei**, für Kinder gibt es eine Hüpfburg.',
      );
    await writer.page.getByRole('combobox', { name: /^Rubrik/ }).click();
    await writer.page.getByRole('option', { name: 'Vereine' }).click();
    await writer.page.getByRole('textbox', { name: /^Postleitzahl des Ortes/ }).fill('50667');
    await writer.page.getByRole('button', { name: 'Veröffentlichen' }).click();
    await expect(writer.page.getByRole('heading', { level: 1, name: title })).toBeVisible({
      timeout: STEP_MS,
    });
    await expect(writer.page.getByText(`Von Redakteurin ${device}`)).toBeVisible();
    await expect(writer.page.locator('strong', { hasText: 'Eintritt frei' })).toBeVisible();
    await screenshot(writer.page, `news-article-${device}`);

    await openApp(writer.page, '/lokale-news?plz=50667');
    await expect(writer.page.getByRole('heading', { name: title })).toBeVisible();
    await expect(writer.page.getByRole('heading', { name: cologne })).toBeVisible();
    expect(unexpected(writer.errors)).toEqual([]);
  });
}
