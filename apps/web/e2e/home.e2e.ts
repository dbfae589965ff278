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
    test(`takes them over at ${name} px: the same cards, the same ads in the same order`, async ({
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
      // The cards the server sent, marked before the app's scripts start (they wait for the load).
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          for (const card of Array.from(document.querySelectorAll('#root article'))) {
            Reflect.set(card, 'served', true);
          }
        });
      });
      await openApp(page, '/');
      const cards = page.getByRole('article');
      await expect(cards).toHaveCount(20);
      // Hydrated in place (docs/decisions/0030-one-layout-rendered-on-the-server.md): the app
      // took the server's cards over instead of drawing new ones.
      expect(
        await cards.evaluateAll((all) => all.filter((card) => Reflect.get(card, 'served') === true).length),
      ).toBe(20);
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
