import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openApp, openPage, screenshot } from './helpers/browser.ts';
import { linkFromOutbox } from './helpers/mail.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/**
 * What a new user meets on a phone (390 px) and a desktop (1280 px): photos of any shape in one
 * card shape, long German words broken with a hyphen, snackbars above the bottom navigation,
 * the home page's place field.
 */

/** Strong enough for the registration's strength check. */
const PASSWORD = 'Kiesel-Wald-2026';
const STEP_MS = 20_000;
/** A word every test ad carries in its description, to find them all by searching. */
const MARKER = 'Zebrastreifenmuster';
const PORTRAIT_TITLE = 'Spiegelreflexkamera hochkant fotografiert';
const LANDSCAPE_TITLE = 'Dachgeschosswohnung quer fotografiert';

let server: RunningServer;
let browser: Browser;
let seller: { token: string; user: unknown };
const ids: Record<string, string> = {};

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

/** A member with a confirmed address, registered through the API and the mail. */
async function registerSeller(): Promise<{ token: string; user: unknown }> {
  const email = `neu.${Date.now()}@example.org`;
  const res = await api('/api/auth/register', { method: 'POST', json: { email, password: PASSWORD } });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  const link = await linkFromOutbox(server.dataDir, email, 'verify-email');
  const token = new URL(link, server.baseUrl).searchParams.get('token');
  expect((await api('/api/auth/verify-email', { method: 'POST', json: { token } })).status).toBeLessThan(300);
  const login = await api('/api/auth/login', { method: 'POST', json: { email, password: PASSWORD } });
  const body = (await login.json()) as { access_token: string; user: unknown };
  return { token: body.access_token, user: body.user };
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

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  seller = await registerSeller();
  // Oldest first: the portrait and the landscape ad are the newest two, side by side.
  ids.plain = await postAd('Fahrradkorb aus Weide', [await uploadPhoto(800, 600, '#4a8')]);
  ids.landscape = await postAd(LANDSCAPE_TITLE, [await uploadPhoto(1200, 800, '#48a')]);
  ids.portrait = await postAd(PORTRAIT_TITLE, [await uploadPhoto(600, 1000, '#a84')]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh page that already chose cookies, optionally logged in as the seller and in compact view. */
async function quietPage(
  viewport: { width: number; height: number },
  options: { member?: boolean; compact?: boolean } = {},
) {
  const opened = await openPage(browser, server.baseUrl, viewport);
  await opened.context.addInitScript(
    ({ session, member, compact }) => {
      const consent = { choice: 'rejected', necessary: true, statistics: false, marketing: false };
      window.localStorage.setItem(
        'cookie-consent',
        JSON.stringify({ ...consent, date: new Date().toISOString() }),
      );
      if (compact) window.localStorage.setItem('feed.viewMode', 'compact');
      if (member) {
        window.localStorage.setItem('auth.token', session.token);
        window.localStorage.setItem('auth.user', JSON.stringify(session.user));
      }
    },
    { session: seller, member: options.member ?? false, compact: options.compact ?? false },
  );
  return opened;
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

describe('photos of any shape (home, category and search grids)', () => {
  for (const [name, viewport] of [
    ['390', MOBILE],
    ['1280', DESKTOP],
  ] as const) {
    it(`give every card image the same height at ${name} px`, { timeout: 120_000 }, async () => {
      const { context, page } = await quietPage(viewport);
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
      await context.close();
    });

    it(`give every card image the same height in the server's first HTML at ${name} px`, {
      timeout: 60_000,
    }, async () => {
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport,
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      await page.goto('/');
      const row = await firstRowImageHeights(page);
      expect(row.map((card) => card.title)).toEqual(
        expect.arrayContaining([PORTRAIT_TITLE, LANDSCAPE_TITLE]),
      );
      expect(new Set(row.map((card) => card.height)).size, JSON.stringify(row)).toBe(1);
      await screenshot(page, `new-user-first-html-${name}`);
      await context.close();
    });
  }
});

/**
 * Where the text of `selector`'s first match breaks into lines: for each line after the first,
 * the character before the break and the one after it.
 */
async function lineBreaks(
  page: Page,
  selector: string,
  hasText: string,
): Promise<{ before: string; after: string; text: string }[]> {
  const element = page.locator(selector, { hasText }).first();
  await element.waitFor({ timeout: STEP_MS });
  return element.evaluate((root) => {
    const chars: { ch: string; top: number | null }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let i = 0; i < node.data.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        // Next to a hyphenation point Chromium reports a letter's box on both lines: the last counts.
        const rect = Array.from(range.getClientRects())
          .filter((box) => box.width > 0)
          .at(-1);
        chars.push({ ch: node.data[i] as string, top: rect ? rect.top : null });
      }
    }
    const breaks: { before: string; after: string; text: string }[] = [];
    const text = chars.map((char) => char.ch).join('');
    const shown = (part: string) => part.replaceAll('\u00ad', '·');
    let lastTop: number | null = null;
    for (let i = 0; i < chars.length; i++) {
      const top = chars[i]?.top;
      if (top === null || top === undefined) continue;
      if (lastTop !== null && top > lastTop + 2) {
        const before = chars[i - 1]?.ch ?? '';
        breaks.push({
          before,
          after: chars[i]?.ch ?? '',
          text: `${shown(text.slice(0, i))}|${shown(text.slice(i))}`,
        });
      }
      lastTop = top;
    }
    return breaks;
  });
}

/** A break is fine after a space, a soft hyphen or a hyphen, never between two letters. */
const letterByLetter = (breaks: { before: string; after: string }[]) =>
  breaks.filter(({ before }) => !/[\s\u00ad-]/.test(before));

describe('long German words on a phone', () => {
  it('break at a syllable with a hyphen, never letter by letter, on cards, in the first HTML and on the ad page', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await quietPage(MOBILE, { compact: true });
    await openApp(page, '/');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('de');
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

    const plain = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 320, height: 700 },
      javaScriptEnabled: false,
    });
    const first = await plain.newPage();
    await first.goto('/');
    await expect(first.evaluate(() => document.documentElement.lang)).resolves.toBe('de');
    const served = await lineBreaks(first, '.hp-title', 'Spiegel');
    expect(letterByLetter(served)).toEqual([]);
    await plain.close();
  });
});

describe('snackbars on a phone', () => {
  it('sit above the bottom navigation and name the action that was done', { timeout: 120_000 }, async () => {
    const { context, page } = await quietPage(MOBILE, { member: true });
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
    await expect(page.getByText('Die Anzeige wurde verlängert.').count()).resolves.toBe(0);
    await context.close();
  });
});

describe("the home page's place field", () => {
  it("completes 'Koln', hints at an unknown place and offers Frankfurt am Main first", {
    timeout: 120_000,
  }, async () => {
    const { context, page, errors } = await quietPage(MOBILE);
    await openApp(page, '/');
    const field = page.getByRole('combobox', { name: 'Deine PLZ oder dein Ort' });
    await field.pressSequentially('Koln');
    await page
      .getByRole('option', { name: /50\d{3} Köln/ })
      .first()
      .waitFor({ timeout: STEP_MS });
    await field.press('Escape');
    await field.press('Enter');
    await expect.poll(() => field.inputValue(), { timeout: STEP_MS }).toMatch(/^50\d{3} Köln$/);
    await expect(page.evaluate(() => window.localStorage.getItem('feed.postalCode'))).resolves.toMatch(
      /Köln$/,
    );

    await field.fill('Xyzzyhausen');
    await field.press('Enter');
    await page.getByText('„Xyzzyhausen“ kennen wir nicht.', { exact: false }).waitFor({ timeout: STEP_MS });
    await expect(page.evaluate(() => window.localStorage.getItem('feed.postalCode'))).resolves.toMatch(
      /Köln$/,
    );
    await expect(page.getByText(/Parameter '/).count()).resolves.toBe(0);

    await field.fill('Frankfurt');
    await field.press('Enter');
    await page.getByText('Welchen Ort meinst du mit „Frankfurt“?').waitFor({ timeout: STEP_MS });
    const choices = page.getByRole('button', { name: /Frankfurt/ });
    await expect(choices.first().innerText()).resolves.toMatch(/^\d{5} Frankfurt am Main$/);
    await screenshot(page, 'new-user-place-choices-390');
    await choices.first().click();
    await expect.poll(() => field.inputValue()).toMatch(/^\d{5} Frankfurt am Main$/);
    await page.getByRole('combobox', { name: 'Umkreis' }).selectOption({ label: 'Umkreis 20 km' });
    // The ads in Frankfurt am Main (60311) are found within 20 km.
    await page.getByRole('heading', { name: PORTRAIT_TITLE }).waitFor({ timeout: STEP_MS });
    expect(errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it('drops a kept place that no longer exists', { timeout: 60_000 }, async () => {
    const { context, page } = await quietPage(MOBILE);
    await context.addInitScript(() => window.localStorage.setItem('feed.postalCode', 'Xyzzyhausen'));
    await openApp(page, '/');
    await page
      .getByText('Deinen gespeicherten Ort „Xyzzyhausen“ finden wir nicht mehr.', { exact: false })
      .waitFor({ timeout: STEP_MS });
    await page.getByRole('heading', { name: PORTRAIT_TITLE }).waitFor({ timeout: STEP_MS });
    await context.close();
  });
});

describe('the desktop header at 1280 px', () => {
  for (const member of [false, true]) {
    it(`keeps every control on the screen for ${member ? 'a member' : 'a visitor'}`, {
      timeout: 60_000,
    }, async () => {
      const { context, page } = await quietPage(DESKTOP, { member });
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
      await context.close();
    });
  }
});
