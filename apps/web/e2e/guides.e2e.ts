import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, openApp, screenshot, unexpected } from './helpers/browser.ts';
import { hydrationTrouble } from './helpers/hydration.ts';

/**
 * The guide ("Ratgeber", SPEC.md §2 /ratgeber) as a visitor reads it: the list of guides, one
 * guide with its contents whose links jump to its sections, the neighbouring guides, the way there
 * from the help pages and the footer; rendered on the server, so it reads without scripts, and
 * taken over by the app without a hydration warning
 * (docs/decisions/0036-guides-as-markdown-files.md, 0030-one-layout-rendered-on-the-server.md).
 */

test.use({ serverEnv: { SEED_DEMO: '0' } });

const WIDTHS = [
  ['390', MOBILE],
  ['1280', DESKTOP],
] as const;

/** The eight guides in the list's order. */
const TITLES = [
  'Sicher kaufen und verkaufen',
  'Betrug erkennen',
  'Versand',
  'Eine gute Anzeige schreiben',
  'Den richtigen Preis finden',
  'Die Übergabe',
  'Gewährleistung bei Privatverkäufen',
  'Als Gewerbe verkaufen',
];

/** The page's `<h1>` in its main area. */
const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

/** Console warnings of `page` from now on (errors are collected by the fixture). */
function warnings(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') messages.push(message.text());
  });
  return messages;
}

/**
 * Whether the section heading `name` is on screen and not under the header: its top edge lies
 * below every header bar at the top of the window, in the window's upper half.
 */
async function headingShownAtTop(page: Page, name: string): Promise<boolean> {
  return page.getByRole('heading', { level: 2, name, exact: true }).evaluate((element) => {
    const top = element.getBoundingClientRect().top;
    const covered = Array.from(document.querySelectorAll('header'))
      .map((header) => header.getBoundingClientRect())
      .filter((box) => box.height > 0 && box.top <= 0)
      .reduce((bottom, box) => Math.max(bottom, box.bottom), 0);
    return top >= covered - 1 && top < window.innerHeight / 2;
  });
}

for (const [name, viewport] of WIDTHS) {
  test(`at ${name} px a visitor opens a guide from the list and jumps to a section from its contents`, async ({
    newPage,
  }) => {
    const { page, errors } = await newPage(viewport);
    const warned = warnings(page);
    await openApp(page, '/hilfe');
    await page.getByRole('main').getByRole('link', { name: 'Zum Ratgeber' }).click();
    await page.waitForURL('**/ratgeber');
    await expect(heading(page)).toHaveText('Ratgeber');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText(TITLES);
    await expect(cards.first()).toContainText('Min. Lesezeit');
    await screenshot(page, `guides-list-${name}`);

    await cards.filter({ hasText: 'Die Übergabe' }).getByRole('link').click();
    await page.waitForURL('**/ratgeber/uebergabe');
    await expect(heading(page)).toHaveText('Die Übergabe');
    await expect(page).toHaveTitle('Die Übergabe – Marktplatz');
    const contents = page.getByRole('navigation', { name: 'Inhalt' });
    await expect(contents.getByRole('link')).toHaveCount(7);
    await screenshot(page, `guides-guide-${name}`);

    await contents.getByRole('link', { name: 'Besonderheiten beim Autokauf' }).click();
    await page.waitForURL('**/ratgeber/uebergabe#besonderheiten-beim-autokauf');
    await expect.poll(() => headingShownAtTop(page, 'Besonderheiten beim Autokauf')).toBe(true);
    await expect(page.getByText('Probefahrt nur mit Ausweis und Führerschein')).toBeInViewport();
    await screenshot(page, `guides-section-${name}`);

    // A link in the text leads to another guide inside the app; the neighbours lead on.
    await page
      .getByRole('main')
      .getByRole('link', { name: 'Gewährleistung bei Privatverkäufen' })
      .first()
      .click();
    await page.waitForURL('**/ratgeber/gewaehrleistung-privatverkauf');
    await expect(heading(page)).toHaveText('Gewährleistung bei Privatverkäufen');
    await page
      .getByRole('navigation', { name: 'Weitere Ratgeber' })
      .getByRole('link', { name: 'Als Gewerbe verkaufen' })
      .click();
    await expect(heading(page)).toHaveText('Als Gewerbe verkaufen');
    await expect(page.getByText('Widerrufsrecht von 14 Tagen')).toBeVisible();

    expect(unexpected(errors)).toEqual([]);
    expect(hydrationTrouble(warned)).toEqual([]);
  });

  test(`at ${name} px the guide pages read without scripts, and the app takes them over without a hydration warning`, async ({
    newPage,
  }) => {
    const off = await newPage(viewport, { javaScriptEnabled: false });
    const list = await off.page.goto('/ratgeber');
    expect(list?.status()).toBe(200);
    await expect(off.page.locator('#root[data-server-rendered]')).toHaveCount(1);
    await expect(off.page.getByRole('main').getByRole('article')).toHaveCount(TITLES.length);
    const guide = await off.page.goto('/ratgeber/versand');
    expect(guide?.status()).toBe(200);
    await expect(heading(off.page)).toHaveText('Versand');
    await expect(off.page.getByText('Fotografiere Ware und Verpackung')).toBeAttached();
    // The contents' links are plain fragment links: they jump without any script.
    await off.page
      .getByRole('navigation', { name: 'Inhalt' })
      .getByRole('link', { name: 'Richtig verpacken' })
      .click();
    await expect.poll(() => off.page.url()).toMatch(/#richtig-verpacken$/);
    await expect.poll(() => headingShownAtTop(off.page, 'Richtig verpacken')).toBe(true);
    await screenshot(off.page, `guides-no-script-${name}`);
    const unknown = await off.page.goto('/ratgeber/gibt-es-nicht');
    expect(unknown?.status()).toBe(404);
    await expect(heading(off.page)).toHaveText('Ratgeber nicht gefunden');
    await expect(off.page.getByRole('link', { name: 'Alle Ratgeber' })).toBeVisible();
    await screenshot(off.page, `guides-unknown-${name}`);

    const on = await newPage(viewport);
    const warned = warnings(on.page);
    await on.page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const h1 = document.querySelector('#root main h1');
        if (h1) Reflect.set(h1, 'served', true);
      });
    });
    for (const path of ['/ratgeber', '/ratgeber/versand', '/ratgeber/gibt-es-nicht']) {
      await openApp(on.page, path);
      await expect(heading(on.page)).toBeVisible();
      // Hydrated in place: the heading is the element the server sent.
      expect(await heading(on.page).evaluate((h1) => Reflect.get(h1, 'served') === true), path).toBe(true);
    }
    expect(hydrationTrouble([...on.errors, ...warned])).toEqual([]);
    expect(unexpected(on.errors)).toEqual([]);
  });
}

test('the footer leads to the guide, and the FAQ to its article on fraud', async ({ newPage }) => {
  const { page } = await newPage(DESKTOP);
  await openApp(page, '/faq');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Ratgeber' }).click();
  await page.waitForURL('**/ratgeber');
  await expect(heading(page)).toHaveText('Ratgeber');
  await openApp(page, '/faq');
  await page.getByRole('button', { name: 'Wie schütze ich mich vor Betrug?' }).click();
  await page.getByRole('link', { name: 'Ratgeber: Betrug erkennen' }).click();
  await expect(heading(page)).toHaveText('Betrug erkennen');
});
