import { faqTexts, helpTexts } from '../src/features/help/texts.ts';
import { legalTexts } from '../src/features/legal/texts.ts';
import { formatPrice } from '../src/lib/price.ts';
import { FEED_SORT_STORAGE_KEY, VIEW_MODE_STORAGE_KEY } from '../src/lib/storageKeys.ts';
import { expect, test } from './fixtures.ts';
import { appStarted, DESKTOP, MOBILE, STEP_MS, screenshot } from './helpers/browser.ts';
import {
  headingIsServed,
  headingText,
  hydrationTrouble,
  noteServedPage,
  scriptsWithZod,
  servedPage,
  WIDTHS,
  watchConsole,
} from './helpers/hydration.ts';
import { callApi, postBikeAd, signedIn } from './helpers/members.ts';

/**
 * The public pages of SPEC.md §2 as a visitor gets them: rendered on the server by the app's own
 * components, readable without any script, and then hydrated by the app in place, with no
 * mismatch between the two and whatever this device keeps (width, view, sort, session) applied
 * right after (docs/decisions/0030-one-layout-rendered-on-the-server.md).
 */

const OPERATOR = {
  OPERATOR_NAME: 'Hafenmarkt Süd GmbH',
  OPERATOR_ADDRESS: 'Kaiserstraße 12, 76133 Karlsruhe',
  OPERATOR_EMAIL: 'kontakt@hafenmarkt.example',
};

// Demo data: a full home page and categories with ads and photos (docs/demo-data.md).
test.use({ serverEnv: { SEED_DEMO: '1', ...OPERATOR } });

/** A word no demo ad carries: the search for it finds the test's ad. */
const WORD = 'Randonneur';
/** The test's ad, the newest of all, in a subcategory of its own choosing. */
const AD = {
  title: `Reiserad ${WORD} Stahlrahmen 28 Zoll`,
  description: 'Mit Nabendynamo, Gepäckträger und Lowridern; die Kette ist neu.',
  price: 640,
  price_type: 'fixed',
} as const;
/** An ad id no ad has. */
const UNKNOWN_AD = '00000000-0000-4000-8000-000000000000';

let adId = '';
/** A demo thread (its id and title) and the test ad's seller (id and shown name). */
let thread: { id: string; title: string };
let adSeller: { id: string; name: string };
/** The ad's category and subcategory, as the breadcrumb names them. */
let category: { slug: string; name: string };
let subcategory: { slug: string; name: string };

test.beforeAll(async ({ server, member }) => {
  const seller = await member(`rendered.${Date.now()}@example.org`, 'Reiseradlerin');
  adId = await postBikeAd(server, seller.token, AD);
  const ad = await callApi<{
    category: { slug: string; name: string; parent: { slug: string; name: string } | null };
  }>(server, 'GET', `/api/listings/${adId}`);
  if (!ad.category.parent) throw new Error('the bike category is a subcategory');
  const withSeller = await callApi<{ seller: { id: string; name: string } }>(
    server,
    'GET',
    `/api/listings/${adId}`,
  );
  adSeller = withSeller.seller;
  const forums = await callApi<{
    forums: { last_activity: { thread_id: string; thread_title: string } | null }[];
  }>(server, 'GET', '/api/forum/categories');
  const latest = forums.forums.find((forum) => forum.last_activity)?.last_activity;
  if (!latest) throw new Error('the demo forum has threads');
  thread = { id: latest.thread_id, title: latest.thread_title };
  category = ad.category.parent;
  subcategory = { slug: ad.category.slug, name: ad.category.name };
  // The search finds it (the public answers are kept a short while).
  await expect
    .poll(
      async () =>
        (
          await callApi<{ listings: { id: string }[] }>(server, 'GET', `/api/listings?q=${WORD}`)
        ).listings.map((listing) => listing.id),
      { timeout: STEP_MS },
    )
    .toContain(adId);
});

/** A public page, what its `<h1>` says and what else it must show. */
interface PublicPage {
  /** A short name for screenshots and messages. */
  key: string;
  path: string;
  heading: string;
  /** The HTTP status of the page (200 unless said). */
  status?: number;
  /** Whether it lists ads as cards (`article` elements with a link to the ad). */
  cards?: boolean;
  /** Further texts the page shows. */
  texts?: readonly string[];
}

/** The public pages the server renders (SPEC.md §2 "Public routes"). */
function publicPages(): PublicPage[] {
  return [
    { key: 'home', path: '/', heading: 'Neueste Kleinanzeigen', cards: true },
    {
      key: 'listing',
      path: `/listing/${adId}`,
      heading: AD.title,
      texts: [formatPrice(AD.price, AD.price_type), AD.description],
    },
    { key: 'category', path: `/category/${category.slug}`, heading: category.name, cards: true },
    {
      key: 'subcategory',
      path: `/category/${category.slug}/${subcategory.slug}`,
      heading: subcategory.name,
      cards: true,
    },
    { key: 'search', path: `/search?q=${WORD}`, heading: `Suchbegriff: „${WORD}“`, cards: true },
    // Filtered addresses: their list is asked for while rendering, beside the page's own answers.
    {
      key: 'subcategory-filtered',
      path: `/category/${category.slug}/${subcategory.slug}?price_max=${AD.price}&offer_type=offer`,
      heading: subcategory.name,
      cards: true,
    },
    {
      key: 'search-sorted',
      path: `/search?q=${WORD}&sort=price-asc`,
      heading: `Suchbegriff: „${WORD}“`,
      cards: true,
    },
    {
      key: 'impressum',
      path: '/legal/impressum',
      heading: 'Impressum',
      texts: [OPERATOR.OPERATOR_NAME, 'Kaiserstraße 12', 'Angaben gemäß § 5 DDG', legalTexts.imprint.members],
    },
    {
      key: 'datenschutz',
      path: '/legal/datenschutz',
      heading: 'Datenschutzerklärung',
      texts: [
        ...legalTexts.privacy.sections.map((section) => section.heading),
        ...(legalTexts.privacy.sections[1]?.paragraphs ?? []),
      ],
    },
    {
      key: 'agb',
      path: '/legal/agb',
      heading: 'Allgemeine Geschäftsbedingungen',
      texts: [
        ...legalTexts.terms.sections.map((section) => section.heading),
        ...(legalTexts.terms.sections[1]?.paragraphs ?? []),
      ],
    },
    {
      key: 'faq',
      path: '/faq',
      heading: 'Häufige Fragen',
      texts: faqTexts.items.map((item) => item.question),
    },
    { key: 'hilfe', path: '/hilfe', heading: 'Hilfe', texts: helpTexts.topics.map((topic) => topic.heading) },
    {
      key: 'ratgeber',
      path: '/ratgeber',
      heading: 'Ratgeber',
      texts: ['Sicher kaufen und verkaufen', 'Gewährleistung bei Privatverkäufen'],
    },
    {
      key: 'ratgeber-guide',
      path: '/ratgeber/betrug-erkennen',
      heading: 'Betrug erkennen',
      texts: ['Der Dreiecksbetrug'],
    },
    {
      key: 'unknown-guide',
      path: '/ratgeber/gibt-es-nicht',
      heading: 'Ratgeber nicht gefunden',
      status: 404,
    },
    {
      key: 'forum',
      path: '/forum',
      heading: 'Forum',
      texts: ['Business Forum', 'Games Forum', 'Sport Forum'],
    },
    { key: 'forum-list', path: '/forum/business', heading: 'Business Forum' },
    { key: 'thread', path: `/forum/thread/${thread.id}`, heading: thread.title },
    { key: 'profile', path: `/user/${adSeller.id}`, heading: adSeller.name, cards: true, texts: [AD.title] },
    {
      key: 'unknown-ad',
      path: `/listing/${UNKNOWN_AD}`,
      heading: 'Anzeige nicht gefunden',
      status: 404,
    },
  ];
}

test.describe('the public pages before any script has run', () => {
  for (const [name, viewport] of WIDTHS) {
    test(`show their content at ${name} px, rendered by the app's components on the server`, async ({
      newPage,
    }) => {
      const { page } = await newPage(viewport, { consent: false, javaScriptEnabled: false });
      for (const entry of publicPages()) {
        await test.step(entry.path, async () => {
          const res = await page.goto(entry.path);
          expect(res?.status(), entry.path).toBe(entry.status ?? 200);
          await expect(page.locator('#root[data-server-rendered]')).toHaveCount(1);
          expect(await headingText(page), entry.path).toContain(entry.heading);
          await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
          // Both headers are in the page; the width picks the one shown.
          const [shown, hidden] =
            viewport === MOBILE
              ? ['#mobile-search', '#desktop-search']
              : ['#desktop-search', '#mobile-search'];
          await expect(page.locator(shown)).toBeVisible();
          await expect(page.locator(hidden)).toBeHidden();
          for (const text of entry.texts ?? []) {
            await expect(page.getByRole('main').getByText(text, { exact: true }).first(), text).toBeVisible();
          }
          if (entry.cards) {
            const cards = page.getByRole('main').getByRole('article');
            expect(await cards.count(), entry.path).toBeGreaterThan(0);
            await expect(cards.first().getByRole('link').first()).toHaveAttribute(
              'href',
              /^\/listing\/[0-9a-f-]{36}$/,
            );
          }
          if (entry.key !== 'category' && entry.cards) {
            // The newest ad leads home, its subcategory and the search for its word.
            await expect(
              page
                .getByRole('main')
                .getByRole('article')
                .filter({ has: page.locator(`a[href="/listing/${adId}"]`) }),
            ).toHaveCount(1);
          }
          await screenshot(page, `rendered-${entry.key}-${name}`);
        });
      }
    });
  }
});

test.describe('the public pages hydrated by the app', () => {
  for (const [name, viewport] of WIDTHS) {
    test(`take over the server's markup at ${name} px without a hydration warning`, async ({ newPage }) => {
      test.setTimeout(120_000);
      const { page } = await newPage(viewport);
      const messages = watchConsole(page);
      await noteServedPage(page);
      for (const entry of publicPages()) {
        await test.step(entry.path, async () => {
          const from = messages.length;
          const res = await page.goto(entry.path);
          expect(res?.status(), entry.path).toBe(entry.status ?? 200);
          await appStarted(page);
          const served = await servedPage(page);
          expect(served.rendered, entry.path).toBe(true);
          // The server renders with the browser's production build: its style names are bare
          // hashes, the names the app computes, so hydrating inserts none of them again. A
          // development build on the server labels them ('1avu64u-MuiPaper-root').
          expect(served.styleNames.length, entry.path).toBeGreaterThan(0);
          expect(
            served.styleNames.filter((name) => !/^[0-9a-z]+$/.test(name)),
            entry.path,
          ).toEqual([]);
          expect(await headingText(page), entry.path).toContain(entry.heading);
          // Hydrated in place: the heading is the element the server sent, not one drawn anew.
          expect(await headingIsServed(page), entry.path).toBe(true);
          expect(hydrationTrouble(messages.slice(from)), entry.path).toEqual([]);
          expect(await scriptsWithZod(page), entry.path).toEqual([]);
        });
      }
      expect(hydrationTrouble(messages)).toEqual([]);
    });

    test(`work once hydrated at ${name} px: the view toggle on home, the filters and the header search on a search page`, async ({
      newPage,
    }) => {
      const { page } = await newPage(viewport);
      const messages = watchConsole(page);
      await page.goto('/');
      await appStarted(page);
      const grid = page.getByRole('main').locator('ul[data-view-mode]');
      await expect(grid).toHaveAttribute('data-view-mode', 'standard');
      await page.getByRole('button', { name: 'Kompakte Ansicht' }).click();
      await expect(grid).toHaveAttribute('data-view-mode', 'compact');
      await expect(page.getByRole('button', { name: 'Kompakte Ansicht' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(await page.evaluate((key) => localStorage.getItem(key), VIEW_MODE_STORAGE_KEY)).toBe('compact');

      await page.goto(`/search?q=${WORD}`);
      await appStarted(page);
      // The header search of this width (the other one is gone once hydrated).
      const search = page.locator(viewport === MOBILE ? '#mobile-search' : '#desktop-search');
      await expect(search).toHaveValue(WORD);
      // The filters: beside the list from 900 px (drawn once the width is known), in a sheet
      // behind 'Filter' on a phone.
      const applyFilters = page.getByRole('button', { name: 'Anzeigen zeigen' });
      if (viewport === MOBILE) await page.getByRole('button', { name: 'Filter', exact: true }).click();
      await expect(applyFilters).toBeVisible();
      await expect(applyFilters).toHaveCount(1);
      if (viewport === MOBILE) {
        await page.keyboard.press('Escape');
        await expect(applyFilters).toBeHidden();
      }
      // The app moves on in the same document: this mark stays.
      await page.evaluate(() => Reflect.set(window, 'sameDocument', true));
      await search.fill('Stahlrahmen');
      await search.press('Enter');
      await page.waitForURL(
        (url) => url.pathname === '/search' && url.searchParams.get('q') === 'Stahlrahmen',
      );
      await expect(page.getByRole('heading', { level: 1, name: 'Suchbegriff: „Stahlrahmen“' })).toBeVisible();
      await expect(
        page
          .getByRole('main')
          .getByRole('article')
          .filter({ has: page.locator(`a[href="/listing/${adId}"]`) }),
      ).toHaveCount(1);
      expect(await page.evaluate(() => Reflect.get(window, 'sameDocument'))).toBe(true);
      expect(hydrationTrouble(messages)).toEqual([]);
    });
  }
});

test.describe("what this device keeps follows the server's page", () => {
  for (const [name, viewport] of WIDTHS) {
    test(`a stored compact view and price sort at ${name} px: the server's feed first, then the stored one`, async ({
      newPage,
    }) => {
      const { page } = await newPage(viewport, {
        storage: { [VIEW_MODE_STORAGE_KEY]: 'compact', [FEED_SORT_STORAGE_KEY]: 'price-asc' },
      });
      const messages = watchConsole(page);
      await noteServedPage(page);
      await page.goto('/');
      await appStarted(page);
      // The server knows no device's choices: its page has the newest ads in the standard view.
      expect(await servedPage(page)).toMatchObject({
        rendered: true,
        loginLink: true,
        viewMode: 'standard',
        sort: 'newest',
      });
      const main = page.getByRole('main');
      await expect(main.locator('ul[data-view-mode]')).toHaveAttribute('data-view-mode', 'compact');
      await expect(main.getByRole('combobox', { name: 'Sortieren' })).toHaveValue('price-asc');
      await expect(page.getByRole('button', { name: 'Kompakte Ansicht' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      // The cheapest ads first, once the feed in that order has arrived.
      await expect
        .poll(
          async () => {
            const prices = await main.getByRole('article').evaluateAll((cards) =>
              cards.map((card) => {
                // '1.230 €', '12,50 € VB', 'Zu verschenken' (0): the card's first line.
                const text = card.querySelector('p')?.textContent?.replaceAll('.', '') ?? '';
                return Number(text.match(/\d+(,\d+)?/)?.[0].replace(',', '.') ?? 0);
              }),
            );
            return prices.length > 1 && prices.every((price, index) => price >= (prices[index - 1] ?? 0));
          },
          { timeout: STEP_MS },
        )
        .toBe(true);
      expect(await headingIsServed(page)).toBe(true);
      await screenshot(page, `rendered-home-stored-choices-${name}`);
      expect(hydrationTrouble(messages)).toEqual([]);
    });
  }

  test("a member's stored session: the visitor's page first, then the member's header", async ({
    newPage,
    member,
  }) => {
    const who = await member(`rendered.member.${Date.now()}@example.org`, 'Stammkundin');
    for (const viewport of [MOBILE, DESKTOP]) {
      const { page } = await newPage(viewport, { storage: signedIn(who) });
      const messages = watchConsole(page);
      await noteServedPage(page);
      for (const path of ['/', `/listing/${adId}`, '/faq']) {
        await page.goto(path);
        await appStarted(page);
        // The server knows no session: its page is a visitor's, with 'Anmelden' in the header.
        expect(await servedPage(page), path).toMatchObject({ rendered: true, loginLink: true });
        await expect(page.getByRole('button', { name: 'Konto-Menü' })).toBeVisible();
        await expect(page.getByRole('banner').getByRole('link', { name: 'Anmelden' })).toHaveCount(0);
        expect(await headingText(page), path).not.toBe('');
        // Hydrated in one pass: the member's header follows without React drawing the page anew.
        expect(await headingIsServed(page), path).toBe(true);
      }
      expect(hydrationTrouble(messages)).toEqual([]);
    }
  });
});

test.describe("a visitor whose clock is not the server's", () => {
  test('gets the ad page hydrated without a mismatch, its age as the server counted it', async ({
    newPage,
  }) => {
    for (const [name, viewport] of WIDTHS) {
      const { page } = await newPage(viewport);
      const messages = watchConsole(page);
      await noteServedPage(page);
      // Five minutes ahead: the ad's age ('vor … Min') differs from the server's count.
      await page.clock.install({ time: Date.now() + 5 * 60 * 1000 });
      await page.goto(`/listing/${adId}`);
      await appStarted(page);
      expect(await headingText(page), name).toBe(AD.title);
      expect(await headingIsServed(page), name).toBe(true);
      expect(hydrationTrouble(messages), name).toEqual([]);
    }
  });
});
