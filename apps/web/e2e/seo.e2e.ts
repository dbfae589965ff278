import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot } from './helpers/browser.ts';
import { STEP_MS } from './helpers/members.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
/** A demo ad with a photo, and its category page. */
let ad: { id: string; title: string; category: string };

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '1' });
  browser = await launchBrowser();
  const res = await fetch(`${server.baseUrl}/api/listings?sort=newest&limit=50`);
  const body = (await res.json()) as {
    listings: {
      id: string;
      title: string;
      offer_type: string;
      images: string[];
      category: { slug: string; parent: { slug: string } | null };
    }[];
  };
  const found = body.listings.find((l) => l.images.length > 0 && l.offer_type === 'offer');
  if (!found) throw new Error('no demo ad with a photo');
  const { category } = found;
  ad = {
    id: found.id,
    title: found.title,
    category: category.parent
      ? `/category/${category.parent.slug}/${category.slug}`
      : `/category/${category.slug}`,
  };
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page with scripts off, as a search engine's first look or a phone before the app arrives. */
async function plainPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport, javaScriptEnabled: false });
  return context.newPage();
}

describe('ad, category and search pages before any script has run', () => {
  for (const [name, viewport] of [
    ['390', MOBILE],
    ['1280', DESKTOP],
  ] as const) {
    it(`shows the ad's title, price, photo, description and seller at ${name} px`, async () => {
      const page = await plainPage(viewport);
      const res = await page.goto(`/listing/${ad.id}`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(ad.title);
      await expect(page.locator('.lp-price').count()).resolves.toBe(1);
      const photo = page.locator('.lp-gallery img');
      await photo.waitFor({ timeout: STEP_MS });
      await expect
        .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: STEP_MS })
        .toBeGreaterThan(0);
      await expect(page.getByRole('heading', { level: 2, name: 'Beschreibung' }).count()).resolves.toBe(1);
      await expect(page.getByRole('heading', { level: 2, name: 'Anbieter' }).count()).resolves.toBe(1);
      await screenshot(page, `seo-listing-first-html-${name}`);

      await page.goto(ad.category);
      await expect(page.getByRole('article').count()).resolves.toBeGreaterThan(0);
      await expect(page.getByRole('navigation', { name: 'Brotkrumen' }).count()).resolves.toBe(1);
      await screenshot(page, `seo-category-first-html-${name}`);

      const word = ad.title.split(/\s+/)[0] ?? ad.title;
      await page.goto(`/search?q=${encodeURIComponent(word)}`);
      await expect(page.getByRole('article').count()).resolves.toBeGreaterThan(0);
      await screenshot(page, `seo-search-first-html-${name}`);
      await page.context().close();
    });
  }
});

describe('the app takes over the drawn pages', () => {
  for (const [name, viewport] of [
    ['390', MOBILE],
    ['1280', DESKTOP],
  ] as const) {
    it(`shows the same ad, category and search at ${name} px once it has started, the heading where it was`, async () => {
      const word = ad.title.split(/\s+/)[0] ?? ad.title;
      const pages = [
        { key: 'listing', path: `/listing/${ad.id}`, cards: false },
        { key: 'category', path: ad.category, cards: true },
        { key: 'search', path: `/search?q=${encodeURIComponent(word)}`, cards: true },
      ];
      const plain = await plainPage(viewport);
      const drawn = new Map<string, { x: number; y: number } | null>();
      const drawnPhotos = new Map<string, { x: number; y: number; width: number; height: number } | null>();
      for (const { key, path, cards } of pages) {
        await plain.goto(path);
        drawn.set(key, await plain.getByRole('heading', { level: 1 }).boundingBox());
        if (cards) drawnPhotos.set(key, await plain.locator('article img').first().boundingBox());
      }
      await plain.context().close();

      const { context, page, errors } = await openPage(browser, server.baseUrl, viewport);
      // The app takes the lists the page was drawn from instead of asking again.
      const asked: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/listings' || url.pathname === '/api/categories/all') asked.push(url.href);
      });
      for (const { key, path, cards } of pages) {
        await page.goto(path);
        await page.locator('.first-paint').waitFor({ state: 'detached', timeout: STEP_MS });
        const heading = page.locator('#root h1').first();
        await heading.waitFor({ timeout: STEP_MS });
        // Long words carry soft hyphens (break points) in the app.
        if (key === 'listing') expect((await heading.innerText()).replaceAll('\u00ad', '')).toBe(ad.title);
        if (cards) await page.locator('#root article').first().waitFor({ timeout: STEP_MS });
        await expect(page.locator('#first-content').count()).resolves.toBe(0);
        // The app's heading takes the place of the drawn one: no jump.
        const before = drawn.get(key);
        const after = await heading.boundingBox();
        expect(Math.abs((after?.y ?? 0) - (before?.y ?? -1000)), key).toBeLessThan(24);
        expect(Math.abs((after?.x ?? 0) - (before?.x ?? -1000)), key).toBeLessThan(24);
        if (cards) {
          // The cards' photos to the pixel: a photo the app paints larger or elsewhere than the
          // drawn one would be the page's largest paint again, seconds later.
          const photo = await page.locator('#root article img').first().boundingBox();
          const drawnPhoto = drawnPhotos.get(key);
          for (const side of ['x', 'y', 'width', 'height'] as const)
            expect(
              Math.abs((photo?.[side] ?? 0) - (drawnPhoto?.[side] ?? -1000)),
              `${key} ${side}`,
            ).toBeLessThan(1);
        }
        await screenshot(page, `seo-${key}-app-${name}`);
      }
      expect(asked).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
