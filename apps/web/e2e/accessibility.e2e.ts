import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, openApp, STEP_MS, screenshot, settle } from './helpers/browser.ts';
import { callApi, type Member, postBikeAd, registerMember, signedIn } from './helpers/members.ts';

/**
 * WCAG 2.2 AA with axe: every built page (src/app/ROUTES.md) at 390 and 1280 px, the public ones
 * logged out, the members' ones (and the public ones that show a member more) logged in; fails on
 * any serious or critical violation. Keyboard checks: the focus is
 * visible, dialogs keep it inside and close with Escape.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.use({ serverEnv: { SEED_DEMO: '1' } });

let member: Member;
let listingId = '';

/**
 * A member with a confirmed address and one ad, and a neighbour who follows them and asks about
 * the ad: the member's header shows unread counts on the chat and the bell.
 */
test.beforeAll(async ({ server }) => {
  member = await registerMember(server, `a11y.${Date.now()}@example.org`, 'Barrierefrei');
  listingId = await postBikeAd(server, member.token, {
    title: 'Spiegelreflexkamera mit Dachgeschosswohnung-Stativ',
    description: 'Gut erhalten, mit Tasche und zwei Akkus.',
    price: 350,
  });
  const neighbour = await registerMember(server, `a11y.nachbar.${Date.now()}@example.org`, 'Nachbarin');
  await callApi(server, 'POST', `/api/follow/${member.id}`, undefined, neighbour.token);
  const conversation = await callApi<{ id: string }>(
    server,
    'POST',
    '/api/chat/conversations',
    { listing_id: listingId },
    neighbour.token,
  );
  await callApi(
    server,
    'POST',
    `/api/chat/conversations/${conversation.id}/messages`,
    { client_id: crypto.randomUUID(), content: 'Ist die Kamera noch zu haben?' },
    neighbour.token,
  );
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
    '/ratgeber',
    '/ratgeber/uebergabe',
    '/partner-werden',
    '/karriere',
    '/shop-registration',
    '/entities?type=shops',
    '/events',
    '/lokale-news',
    '/login',
    '/register',
    '/verify-email',
    '/password-reset',
    '/reset-password',
    `/user/${member.id}`,
    '/notifications/settings',
  ];
}

/**
 * The built pages only a member opens, plus the public pages that show a member more than the
 * header (their own ad and profile, the feed with their favourites, a search they can save); the
 * header itself is the same on every page, and the visitors' run checks every public page.
 */
function memberPages(): string[] {
  return [
    '/',
    `/listing/${listingId}`,
    '/search?q=Fahrrad',
    `/user/${member.id}`,
    '/category/auto-rad-boot/fahrraeder-zubehoer',
    '/notifications/settings',
    '/favorites',
    '/listings',
    '/create-listing',
    `/edit-listing/${listingId}`,
    '/settings',
    '/chat',
    '/notifications',
    '/vorlagen',
    '/text-templates',
    '/calendar',
    '/listings-old',
    '/dashboard-old',
    '/analytics',
    '/events/neu',
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

/**
 * The pages where axe found names without their visible text (home: the story rings): its rule
 * for WCAG 2.5.3 ("Label in Name") is experimental, so the run over all pages above leaves it out.
 */
const LABEL_IN_NAME_PAGES = ['/', '/create-listing', '/listings', '/favorites', '/settings'];

for (const [width, viewport] of [
  ['390', MOBILE],
  ['1280', DESKTOP],
] as const) {
  test.describe(`label in name (WCAG 2.5.3) at ${width} px for a member with unread news`, () => {
    test('every control with a name holds the text it shows, the header icons show it as a tooltip', async ({
      newPage,
    }) => {
      test.setTimeout(180_000);
      const { page } = await newPage(viewport, { storage: signedIn(member) });
      const found: string[] = [];
      for (const path of LABEL_IN_NAME_PAGES) {
        await openApp(page, path);
        await settle(page);
        // The counts arrive after the page: the bell names its count once it shows one.
        await page
          .getByRole('button', { name: /^Benachrichtigungen: \d+ ungelesen$/ })
          .waitFor({ timeout: STEP_MS });
        const results = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
        for (const violation of results.violations) {
          for (const node of violation.nodes)
            found.push(`${path}: ${node.target.join(' ')} ${node.html.slice(0, 120)}`);
        }
      }
      const header = page.getByRole('banner');
      const tooltip = (label: string) =>
        page.getByRole('tooltip').filter({ hasText: new RegExp(`^${label}$`) });
      await header.getByRole('button', { name: /^Benachrichtigungen/ }).hover();
      await expect(tooltip('Benachrichtigungen')).toBeVisible();
      if (viewport === DESKTOP) {
        await expect(header.getByRole('link', { name: /^Nachrichten: \d+ ungelesen$/ })).toBeVisible();
        for (const label of ['Forum', 'Feed', 'Stories', 'Nachrichten']) {
          await header.getByRole('link', { name: new RegExp(`^${label}`) }).hover();
          await expect(tooltip(label)).toBeVisible();
        }
      }
      await screenshot(page, `a11y-header-tooltip-${width}`);
      expect(found).toEqual([]);
    });
  });
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
