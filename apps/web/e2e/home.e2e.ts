import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, openApp, screenshot } from './helpers/browser.ts';

test.use({ serverEnv: { SEED_DEMO: '1' } });

test.describe('the home page before and after the app has started', () => {
  test('shows the categories and the newest ads as links before any script has run', async ({ newPage }) => {
    const { page } = await newPage(MOBILE, { consent: false, javaScriptEnabled: false });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Neueste Kleinanzeigen' })).toHaveCount(1);
    const strip = page.getByRole('navigation', { name: 'Kategorien' });
    await expect(strip.getByRole('link')).toHaveCount(14);
    const ads = page.getByRole('article');
    await expect(ads).toHaveCount(20);
    await expect(ads.first().getByRole('link')).toHaveAttribute('href', /^\/listing\/[0-9a-f-]{36}$/);
    await expect(ads.first().getByRole('img')).toHaveAttribute('width', '400');
    await screenshot(page, 'home-first-html-mobile');
  });

  for (const [name, viewport] of [
    ['390', MOBILE],
    ['1280', DESKTOP],
  ] as const) {
    test(`replaces them with the app's own cards at ${name} px, the same ads in the same order`, async ({
      newPage,
    }) => {
      const before = await newPage(viewport, { consent: false, javaScriptEnabled: false });
      await before.page.goto('/');
      const served = await before.page
        .getByRole('article')
        .getByRole('img')
        .evaluateAll((images) => images.map((image) => image.getAttribute('alt')));
      await before.context.close();

      const { page, errors } = await newPage(viewport, { consent: false });
      await openApp(page, '/');
      const cards = page.getByRole('article');
      await expect(cards).toHaveCount(20);
      await expect(page.locator('.hp')).toHaveCount(0);
      const titles = await cards.getByRole('heading').allInnerTexts();
      // Titles carry soft hyphens (break points in long words); the images' alt texts do not.
      expect(titles.map((title) => title.replace(/^Suche: /, '').replaceAll('\u00ad', ''))).toEqual(served);
      // The app's cards can be saved: each has its heart.
      await expect(cards.first().getByRole('button')).toHaveCount(1);
      await screenshot(page, `home-app-${name}`);
      expect(errors).toEqual([]);
    });
  }
});
