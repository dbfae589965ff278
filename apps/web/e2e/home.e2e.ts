import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openApp, openPage, screenshot } from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '1' });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the home page before and after the app has started', () => {
  it('shows the categories and the newest ads as links before any script has run', async () => {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: MOBILE,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Neueste Kleinanzeigen' }).count(),
    ).resolves.toBe(1);
    const strip = page.getByRole('navigation', { name: 'Kategorien' });
    await expect(strip.getByRole('link').count()).resolves.toBe(14);
    const ads = page.getByRole('article');
    await expect(ads.count()).resolves.toBe(20);
    const href = await ads.first().getByRole('link').getAttribute('href');
    expect(href).toMatch(/^\/listing\/[0-9a-f-]{36}$/);
    await expect(ads.first().getByRole('img').getAttribute('width')).resolves.toBe('400');
    await screenshot(page, 'home-first-html-mobile');
    await context.close();
  });

  for (const [name, viewport] of [
    ['390', MOBILE],
    ['1280', DESKTOP],
  ] as const) {
    it(`replaces them with the app's own cards at ${name} px, the same ads in the same order`, async () => {
      const plain = await browser.newContext({ baseURL: server.baseUrl, viewport, javaScriptEnabled: false });
      const before = await plain.newPage();
      await before.goto('/');
      const served = await before
        .getByRole('article')
        .getByRole('img')
        .evaluateAll((images) => images.map((image) => image.getAttribute('alt')));
      await plain.close();

      const { context, page, errors } = await openPage(browser, server.baseUrl, viewport);
      await openApp(page, '/');
      const cards = page.getByRole('article');
      await cards.nth(19).waitFor();
      await expect(cards.count()).resolves.toBe(20);
      await expect(page.locator('.hp').count()).resolves.toBe(0);
      const titles = await cards.getByRole('heading').allInnerTexts();
      // Titles carry soft hyphens (break points in long words); the images' alt texts do not.
      expect(titles.map((title) => title.replace(/^Suche: /, '').replaceAll('\u00ad', ''))).toEqual(served);
      // The app's cards can be saved: each has its heart.
      await expect(cards.first().getByRole('button').count()).resolves.toBe(1);
      await screenshot(page, `home-app-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
