import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, type PageOptions, test } from './fixtures.ts';
import {
  DESKTOP,
  letterByLetter,
  lineBreaks,
  MOBILE,
  openApp,
  STEP_MS,
  screenshot,
  unexpected,
} from './helpers/browser.ts';
import { type Member, registerMember, signedIn } from './helpers/members.ts';
import type { RunningServer } from './helpers/server.ts';

/**
 * What a new user meets on a phone (390 px) and a desktop (1280 px): photos of any shape in one
 * card shape, long German words broken with a hyphen, snackbars above the bottom navigation,
 * the home page's place field.
 */

/** A word every test ad carries in its description, to find them all by searching. */
const MARKER = 'Zebrastreifenmuster';
const PORTRAIT_TITLE = 'Spiegelreflexkamera hochkant fotografiert';
const LANDSCAPE_TITLE = 'Dachgeschosswohnung quer fotografiert';

test.use({ serverEnv: {} });

/** The file's server, as the fixture started it. */
let server: RunningServer;
/** The member who posted the test ads (registered through the API and the mail). */
let seller: Member;
const ids: Record<string, string> = {};

/** Calls the server's API as the seller; answers the raw response. */
async function api(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
  if (seller?.token) headers.authorization = `Bearer ${seller.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${server.baseUrl}${path}`, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
}

/** Uploads a plain photo of `width` x `height` and answers its URL. */
async function uploadPhoto(width: number, height: number, color: string): Promise<string> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'foto.jpg');
  const res = await api('/api/upload', { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return ((await res.json()) as { url: string }).url;
}

async function postAd(title: string, images: string[]): Promise<string> {
  const res = await api('/api/listings', {
    method: 'POST',
    json: {
      title,
      description: `Gut erhalten. ${MARKER}.`,
      price: 120,
      price_type: 'fixed',
      offer_type: 'offer',
      category: 'fahrraeder-zubehoer',
      postal_code: '60311',
      location: '',
      images,
      attributes: { bike_type: 'Trekkingrad' },
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test.beforeAll(async ({ server: running }) => {
  server = running;
  seller = await registerMember(server, `neu.${Date.now()}@example.org`);
  // Oldest first: the portrait and the landscape ad are the newest two, side by side.
  ids.plain = await postAd('Fahrradkorb aus Weide', [await uploadPhoto(800, 600, '#4a8')]);
  ids.landscape = await postAd(LANDSCAPE_TITLE, [await uploadPhoto(1200, 800, '#48a')]);
  ids.portrait = await postAd(PORTRAIT_TITLE, [await uploadPhoto(600, 1000, '#a84')]);
});

/** Page options: optionally logged in as the seller and in the feed's compact view. */
function as({ member = false, compact = false }: { member?: boolean; compact?: boolean } = {}): PageOptions {
  return {
    storage: {
      ...(compact ? { 'feed.viewMode': 'compact' } : {}),
      ...(member ? signedIn(seller) : {}),
    },
  };
}

/** Heights (CSS px) of the card images in the first row of the page's ad grid, with their titles. */
async function firstRowImageHeights(page: Page): Promise<{ title: string; height: number; top: number }[]> {
  const cards = page.getByRole('article');
  await cards.nth(2).waitFor({ timeout: STEP_MS });
  // Every image has arrived and been laid out with its own shape.
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('article img')).every(
        (image) => (image as HTMLImageElement).complete,
      ),
    undefined,
    { timeout: STEP_MS },
  );
  const all = await cards.evaluateAll((articles) =>
    articles.map((article) => {
      const image = article.querySelector('img') as HTMLImageElement;
      const box = image.getBoundingClientRect();
      return {
        title: image.alt,
        height: Math.round(box.height * 10) / 10,
        top: Math.round(article.getBoundingClientRect().top),
      };
    }),
  );
  const firstTop = all[0]?.top;
  return all.filter((card) => card.top === firstTop);
}

test.describe('photos of any shape (home, category and search grids)', () => {
  for (const [name, viewport] of [
    ['390', MOBILE],
    ['1280', DESKTOP],
  ] as const) {
    test(`give every card image the same height at ${name} px`, async ({ newPage }) => {
      test.setTimeout(120_000);
      const { page } = await newPage(viewport, as());
      for (const path of ['/', '/category/auto-rad-boot', `/search?q=${MARKER}&sort=newest`]) {
        await openApp(page, path);
        const row = await firstRowImageHeights(page);
        const titles = row.map((card) => card.title);
        expect(titles, path).toContain(PORTRAIT_TITLE);
        expect(titles, path).toContain(LANDSCAPE_TITLE);
        const heights = new Set(row.map((card) => card.height));
        expect([...heights], `${path}: ${JSON.stringify(row)}`).toHaveLength(1);
        // 4:3 of the card's width.
        const width = await page
          .getByRole('article')
          .first()
          .locator('img')
          .evaluate((image) => image.getBoundingClientRect().width);
        expect(Math.abs(([...heights][0] ?? 0) - (width * 3) / 4)).toBeLessThan(1.5);
      }
      await openApp(page, '/');
      await firstRowImageHeights(page);
      await screenshot(page, `new-user-cards-${name}`);
    });

    test(`give every card image the same height in the server's first HTML at ${name} px`, async ({
      newPage,
    }) => {
      const { page } = await newPage(viewport, { consent: false, javaScriptEnabled: false });
      await page.goto('/');
      const row = await firstRowImageHeights(page);
      expect(row.map((card) => card.title)).toEqual(
        expect.arrayContaining([PORTRAIT_TITLE, LANDSCAPE_TITLE]),
      );
      expect(new Set(row.map((card) => card.height)).size, JSON.stringify(row)).toBe(1);
      await screenshot(page, `new-user-first-html-${name}`);
    });
  }
});

test.describe('long German words on a phone', () => {
  test('break at a syllable with a hyphen, never letter by letter, on cards, in the first HTML and on the ad page', async ({
    newPage,
  }) => {
    test.setTimeout(120_000);
    const { context, page } = await newPage(MOBILE, as({ compact: true }));
    await openApp(page, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    for (const title of [PORTRAIT_TITLE, LANDSCAPE_TITLE]) {
      const breaks = await lineBreaks(page, 'article h3', title.split(' ')[0] as string);
      expect(breaks.length, title).toBeGreaterThan(0);
      expect(letterByLetter(breaks), title).toEqual([]);
      expect(
        breaks.some(({ before }) => before === '\u00ad'),
        title,
      ).toBe(true);
    }
    await screenshot(page, 'new-user-hyphens-compact-390');

    await openApp(page, `/listing/${ids.portrait}`);
    const heading = await lineBreaks(page, 'h1', 'Spiegel');
    expect(letterByLetter(heading)).toEqual([]);
    await context.close();

    const { page: first } = await newPage(
      { width: 320, height: 700 },
      { consent: false, javaScriptEnabled: false },
    );
    await first.goto('/');
    await expect(first.locator('html')).toHaveAttribute('lang', 'de');
    const served = await lineBreaks(first, 'article h3', 'Spiegel');
    expect(letterByLetter(served)).toEqual([]);
  });
});

test.describe('snackbars on a phone', () => {
  test('sit above the bottom navigation and name the action that was done', async ({ newPage }) => {
    test.setTimeout(120_000);
    const { page } = await newPage(MOBILE, as({ member: true }));
    await openApp(page, '/listings');
    const row = page.getByRole('listitem').filter({ hasText: 'Fahrradkorb aus Weide' });
    await row.getByRole('button', { name: /^Aktionen/ }).click({ timeout: STEP_MS });
    await page.getByRole('menuitem', { name: 'Verlängern' }).click();
    const extended = page.getByText('Die Anzeige wurde verlängert.');
    await extended.waitFor({ timeout: STEP_MS });
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    const navBox = await nav.boundingBox();
    const snackBox = await page.locator('.MuiSnackbar-root').boundingBox();
    expect(navBox && snackBox).toBeTruthy();
    if (navBox && snackBox) expect(snackBox.y + snackBox.height).toBeLessThanOrEqual(navBox.y);
    await screenshot(page, 'new-user-snackbar-390');

    // Right after, an edit is saved: its own message shows, not the one before.
    await openApp(page, `/edit-listing/${ids.plain}`);
    await page.getByLabel(/^Titel/).fill('Fahrradkorb aus Weide, groß');
    await page.getByRole('button', { name: 'Änderungen speichern' }).click();
    await page.getByText('Deine Änderungen sind gespeichert.').waitFor({ timeout: STEP_MS });
    expect(await page.getByText('Die Anzeige wurde verlängert.').count()).toBe(0);
  });
});

test.describe("the home page's place field", () => {
  test("completes 'Koln', hints at an unknown place and offers Frankfurt am Main first", async ({
    newPage,
  }) => {
    test.setTimeout(120_000);
    const { page, errors } = await newPage(MOBILE, as());
    await openApp(page, '/');
    const field = page.getByRole('combobox', { name: 'Deine PLZ oder dein Ort' });
    await field.pressSequentially('Koln');
    await page
      .getByRole('option', { name: /50\d{3} Köln/ })
      .first()
      .waitFor({ timeout: STEP_MS });
    await field.press('Escape');
    await field.press('Enter');
    await expect(field).toHaveValue(/^50\d{3} Köln$/);
    expect(await page.evaluate(() => window.localStorage.getItem('feed.postalCode'))).toMatch(/Köln$/);

    await field.fill('Xyzzyhausen');
    await field.press('Enter');
    await page.getByText('„Xyzzyhausen“ kennen wir nicht.', { exact: false }).waitFor({ timeout: STEP_MS });
    expect(await page.evaluate(() => window.localStorage.getItem('feed.postalCode'))).toMatch(/Köln$/);
    expect(await page.getByText(/Parameter '/).count()).toBe(0);

    await field.fill('Frankfurt');
    await field.press('Enter');
    await page.getByText('Welchen Ort meinst du mit „Frankfurt“?').waitFor({ timeout: STEP_MS });
    const choices = page.getByRole('button', { name: /Frankfurt/ });
    await expect(choices.first()).toHaveText(/^\d{5} Frankfurt am Main$/, { useInnerText: true });
    await screenshot(page, 'new-user-place-choices-390');
    await choices.first().click();
    await expect(field).toHaveValue(/^\d{5} Frankfurt am Main$/);
    await page.getByRole('combobox', { name: 'Umkreis' }).selectOption({ label: 'Umkreis 20 km' });
    // The ads in Frankfurt am Main (60311) are found within 20 km.
    await page.getByRole('heading', { name: PORTRAIT_TITLE }).waitFor({ timeout: STEP_MS });
    expect(unexpected(errors)).toEqual([]);
  });

  test('drops a kept place that no longer exists', async ({ newPage }) => {
    const { page } = await newPage(MOBILE, { storage: { 'feed.postalCode': 'Xyzzyhausen' } });
    await openApp(page, '/');
    await page
      .getByText('Deinen gespeicherten Ort „Xyzzyhausen“ finden wir nicht mehr.', { exact: false })
      .waitFor({ timeout: STEP_MS });
    await page.getByRole('heading', { name: PORTRAIT_TITLE }).waitFor({ timeout: STEP_MS });
  });
});

test.describe('the desktop header at 1280 px', () => {
  for (const member of [false, true]) {
    test(`keeps every control on the screen for ${member ? 'a member' : 'a visitor'}`, async ({
      newPage,
    }) => {
      const { page } = await newPage(DESKTOP, as({ member }));
      await openApp(page, '/');
      const header = page.getByRole('banner').first();
      await header.waitFor({ timeout: STEP_MS });
      const outside = await header.evaluate((element) =>
        Array.from(element.querySelectorAll('a, button, input'))
          .filter((control) => {
            const box = control.getBoundingClientRect();
            return box.width > 0 && (box.right > window.innerWidth || box.left < 0);
          })
          .map((control) => control.getAttribute('aria-label') ?? control.textContent),
      );
      expect(outside).toEqual([]);
    });
  }
});
