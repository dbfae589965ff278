import { formatPrice } from '../src/lib/price.ts';
import { expect, test } from './fixtures.ts';
import { appStarted, DESKTOP, MOBILE, STEP_MS, screenshot } from './helpers/browser.ts';

test.use({ serverEnv: { SEED_DEMO: '1' } });

/** A demo ad with a photo, its price as the page reads it, its seller's name and its category page. */
let ad: { id: string; title: string; price: string; seller: string; category: string };

test.beforeAll(async ({ server }) => {
  const res = await fetch(`${server.baseUrl}/api/listings?sort=newest&limit=50`);
  const body = (await res.json()) as {
    listings: {
      id: string;
      title: string;
      price: number;
      price_type: 'fixed' | 'negotiable' | 'free';
      offer_type: string;
      images: string[];
      seller: { name: string };
      category: { slug: string; parent: { slug: string } | null };
    }[];
  };
  const found = body.listings.find((l) => l.images.length > 0 && l.offer_type === 'offer');
  if (!found) throw new Error('no demo ad with a photo');
  const { category } = found;
  ad = {
    id: found.id,
    title: found.title,
    price: formatPrice(found.price, found.price_type),
    seller: found.seller.name,
    category: category.parent
      ? `/category/${category.parent.slug}/${category.slug}`
      : `/category/${category.slug}`,
  };
});

/** Options of a page with scripts off, as a search engine's first look or a phone before the app arrives. */
const SCRIPTS_OFF = { consent: false, javaScriptEnabled: false } as const;

test.describe('ad, category and search pages before any script has run', () => {
  for (const [name, viewport] of [
    ['390', MOBILE],
    ['1280', DESKTOP],
  ] as const) {
    test(`shows the ad's title, price, photo, description and seller at ${name} px`, async ({ newPage }) => {
      const { page } = await newPage(viewport, SCRIPTS_OFF);
      const res = await page.goto(`/listing/${ad.id}`);
      expect(res?.status()).toBe(200);
      // The app's page, rendered by the server (docs/decisions/0030-one-layout-rendered-on-the-server.md).
      await expect(page.locator('#root[data-server-rendered]')).toHaveCount(1);
      // Long words carry soft hyphens (break points).
      const heading = await page.getByRole('heading', { level: 1 }).innerText();
      expect(heading.replaceAll('\u00ad', '')).toBe(ad.title);
      await expect(page.getByRole('main').getByText(ad.price, { exact: true })).toBeVisible();
      const photo = page.getByRole('img', { name: `${ad.title} – Bild 1` });
      await photo.waitFor({ timeout: STEP_MS });
      await expect
        .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: STEP_MS })
        .toBeGreaterThan(0);
      await expect(page.getByRole('heading', { level: 2, name: 'Beschreibung' })).toHaveCount(1);
      // The seller's card: 'Anbieter' and the name, a link to the profile.
      await expect(page.getByRole('main').getByText('Anbieter', { exact: true })).toBeVisible();
      await expect(
        page.getByRole('main').getByRole('link', { name: ad.seller, exact: true }),
      ).toHaveAttribute('href', /^\/user\//);
      await screenshot(page, `seo-listing-first-html-${name}`);

      await page.goto(ad.category);
      await expect(page.getByRole('article').first()).toBeAttached();
      await expect(page.getByRole('navigation', { name: 'Brotkrümelnavigation' })).toHaveCount(1);
      await screenshot(page, `seo-category-first-html-${name}`);

      const word = ad.title.split(/\s+/)[0] ?? ad.title;
      await page.goto(`/search?q=${encodeURIComponent(word)}`);
      await expect(page.getByRole('article').first()).toBeAttached();
      await screenshot(page, `seo-search-first-html-${name}`);
    });
  }
});

test.describe('the app takes over the rendered pages', () => {
  for (const [name, viewport] of [
    ['390', MOBILE],
    ['1280', DESKTOP],
  ] as const) {
    test(`hydrates the ad, category and search at ${name} px: the heading does not move when scripts arrive, nor the photos`, async ({
      newPage,
    }) => {
      const word = ad.title.split(/\s+/)[0] ?? ad.title;
      const pages = [
        { key: 'listing', path: `/listing/${ad.id}`, cards: false },
        { key: 'category', path: ad.category, cards: true },
        { key: 'search', path: `/search?q=${encodeURIComponent(word)}`, cards: true },
      ];
      // Where the page the server sent puts its heading and first photo before any script runs.
      const { context: plainContext, page: plain } = await newPage(viewport, SCRIPTS_OFF);
      const served = new Map<string, { x: number; y: number } | null>();
      const servedPhotos = new Map<string, { x: number; y: number; width: number; height: number } | null>();
      for (const { key, path, cards } of pages) {
        await plain.goto(path);
        served.set(key, await plain.getByRole('heading', { level: 1 }).boundingBox());
        if (cards) servedPhotos.set(key, await plain.locator('article img').first().boundingBox());
      }
      await plainContext.close();

      const { page, errors } = await newPage(viewport, { consent: false });
      // The app takes the answers the page was rendered from instead of asking again.
      const asked: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/listings' || url.pathname === '/api/categories/all') asked.push(url.href);
      });
      for (const { key, path, cards } of pages) {
        await page.goto(path);
        await appStarted(page);
        const heading = page.locator('#root h1').first();
        await heading.waitFor({ timeout: STEP_MS });
        // Long words carry soft hyphens (break points) in the app.
        if (key === 'listing') expect((await heading.innerText()).replaceAll('\u00ad', '')).toBe(ad.title);
        if (cards) await page.locator('#root article').first().waitFor({ timeout: STEP_MS });
        // Hydrated, not drawn anew: the heading stays where the server's page had it, no jump.
        const before = served.get(key);
        const after = await heading.boundingBox();
        expect(Math.abs((after?.y ?? 0) - (before?.y ?? -1000)), key).toBeLessThan(1);
        expect(Math.abs((after?.x ?? 0) - (before?.x ?? -1000)), key).toBeLessThan(1);
        if (cards) {
          // The cards' photos to the pixel: a photo the app paints larger or elsewhere than the
          // server's page did would be the page's largest paint again, seconds later.
          const photo = await page.locator('#root article img').first().boundingBox();
          const servedPhoto = servedPhotos.get(key);
          for (const side of ['x', 'y', 'width', 'height'] as const)
            expect(
              Math.abs((photo?.[side] ?? 0) - (servedPhoto?.[side] ?? -1000)),
              `${key} ${side}`,
            ).toBeLessThan(1);
        }
        await screenshot(page, `seo-${key}-app-${name}`);
      }
      expect(asked).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
