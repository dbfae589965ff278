import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, openApp, STEP_MS, screenshot, settle } from './helpers/browser.ts';
import { type Member, postBikeAd, registerMember, signedIn } from './helpers/members.ts';

/**
 * WCAG 2.2 AA with axe: every built page (src/app/ROUTES.md) at 390 and 1280 px, logged out
 * and logged in, fails on any serious or critical violation. Keyboard checks: the focus is
 * visible, dialogs keep it inside and close with Escape.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.use({ serverEnv: { SEED_DEMO: '1' } });

let member: Member;
let listingId = '';

/** A member with a confirmed address and one ad. */
test.beforeAll(async ({ server }) => {
  member = await registerMember(server, `a11y.${Date.now()}@example.org`, 'Barrierefrei');
  listingId = await postBikeAd(server, member.token, {
    title: 'Spiegelreflexkamera mit Dachgeschosswohnung-Stativ',
    description: 'Gut erhalten, mit Tasche und zwei Akkus.',
    price: 350,
  });
});

/** The built pages of ROUTES.md a visitor can open. */
function publicPages(): string[] {
  return [
    '/',
    '/category/auto-rad-boot',
    '/category/auto-rad-boot/fahrraeder-zubehoer',
    '/autos',
    '/universal/elektronik',
    '/category-selection',
    `/listing/${listingId}`,
    '/search?q=Fahrrad',
    '/legal/impressum',
    '/legal/datenschutz',
    '/legal/agb',
    '/legal/cookies',
    '/faq',
    '/faq-contact',
    '/hilfe',
    '/login',
    '/register',
    '/verify-email',
    '/password-reset',
    '/reset-password',
    `/user/${member.id}`,
    '/notifications/settings',
  ];
}

/** The built pages only a member opens, plus the public ones (without login and register). */
function memberPages(): string[] {
  return [
    ...publicPages().filter((path) => path !== '/login' && path !== '/register'),
    '/favorites',
    '/listings',
    '/create-listing',
    `/edit-listing/${listingId}`,
    '/settings',
    '/chat',
    '/notifications',
  ];
}

/**
 * The forum's built pages with their real addresses: the overview, the first forum it links to
 * and the first thread found there.
 */
async function forumPages(page: Page): Promise<string[]> {
  const links = async () =>
    page
      .locator('a[href^="/forum/"]')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
  await openApp(page, '/forum');
  await settle(page);
  const overview = await links();
  const forum = overview.find((href) => !href.startsWith('/forum/thread/') && !href.endsWith('/create'));
  let thread = overview.find((href) => href.startsWith('/forum/thread/'));
  if (!thread && forum) {
    await openApp(page, forum);
    await settle(page);
    thread = (await links()).find((href) => href.startsWith('/forum/thread/'));
  }
  return ['/forum', forum, thread].filter((path): path is string => Boolean(path));
}

/** axe's serious and critical WCAG 2.2 AA violations on the page, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join(' | ')}`,
    );
}

for (const [width, viewport] of [
  ['390', MOBILE],
  ['1280', DESKTOP],
] as const) {
  for (const loggedIn of [false, true]) {
    const who = loggedIn ? 'a member' : 'a visitor';
    test.describe(`axe (WCAG 2.2 AA) at ${width} px for ${who}`, () => {
      test('finds no serious or critical violation on any built page', async ({ newPage }) => {
        test.setTimeout(600_000);
        // A member has chosen cookies; a visitor meets the banner on every page.
        const { context, page } = await newPage(
          viewport,
          loggedIn ? { storage: signedIn(member) } : { consent: false },
        );
        const found: string[] = [];
        const pages = [
          ...(loggedIn ? [...memberPages(), '/stories'] : publicPages()),
          ...(await forumPages(page)),
        ];
        for (const path of pages) {
          await openApp(page, path);
          await settle(page);
          // A visitor sees the cookie banner (after 1 s): it is checked with every page.
          if (!loggedIn) {
            await page.getByRole('region', { name: /Cookie/ }).waitFor({ timeout: STEP_MS });
          }
          for (const line of await seriousViolations(page)) found.push(`${path}: ${line}`);
        }
        await screenshot(page, `a11y-last-${width}-${loggedIn ? 'member' : 'visitor'}`);
        await context.close();
        expect(found).toEqual([]);
      });
    });
  }
}

test.describe('keyboard', () => {
  test('shows where the focus is on every control it reaches on the home page', async ({ newPage }) => {
    test.setTimeout(120_000);
    const { context, page } = await newPage(DESKTOP, { consent: false });
    await openApp(page, '/');
    await settle(page);
    const unmarked: string[] = [];
    for (let step = 0; step < 40; step++) {
      await page.keyboard.press('Tab');
      const info = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        const outlined = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
        const shadowed = style.boxShadow !== 'none';
        // Text fields mark the focus on their frame.
        const framed = element.closest('.Mui-focused') !== null;
        const label =
          element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName;
        return { label: `${element.tagName} ${label}`, visible: outlined || shadowed || framed };
      });
      if (info && !info.visible) unmarked.push(info.label);
    }
    await screenshot(page, 'a11y-keyboard-focus-1280');
    await context.close();
    expect(unmarked).toEqual([]);
  });

  test('keeps the focus inside the category picker and closes it with Escape', async ({ newPage }) => {
    test.setTimeout(120_000);
    const { page } = await newPage(MOBILE, { consent: false, storage: signedIn(member) });
    await openApp(page, '/create-listing');
    await settle(page);
    await page.getByRole('button', { name: 'Kategorie wählen' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: STEP_MS });
    for (let step = 0; step < 30; step++) {
      await page.keyboard.press('Tab');
      const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: STEP_MS });
    // The focus goes back to the button that opened it.
    expect(
      await page.evaluate(() => document.activeElement?.textContent?.includes('Kategorie wählen') ?? false),
    ).toBe(true);
  });

  test('keeps the focus inside the full-screen photo view and closes it with Escape', async ({ newPage }) => {
    test.setTimeout(120_000);
    const { page } = await newPage(MOBILE, { consent: false });
    await openApp(page, `/listing/${listingId}`);
    await settle(page);
    const open = page.getByRole('button', { name: 'Bild im Vollbild öffnen' }).last();
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: STEP_MS });
    for (let step = 0; step < 10; step++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: STEP_MS });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toBe(
      'Bild im Vollbild öffnen',
    );
  });
});
