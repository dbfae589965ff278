import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openApp, openPage, screenshot } from './helpers/browser.ts';
import { linkFromOutbox } from './helpers/mail.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/**
 * WCAG 2.2 AA with axe: every built page (src/app/ROUTES.md) at 390 and 1280 px, logged out
 * and logged in, fails on any serious or critical violation. Keyboard checks: the focus is
 * visible, dialogs keep it inside and close with Escape.
 */

/** Strong enough for the registration's strength check. */
const PASSWORD = 'Kiesel-Wald-2026';
const STEP_MS = 20_000;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let server: RunningServer;
let browser: Browser;
let member: { token: string; user: unknown; id: string };
let listingId = '';

/** Registers and verifies a member through the API and the mail; posts one ad. */
async function registerMember(): Promise<{ token: string; user: unknown; id: string }> {
  const email = `a11y.${Date.now()}@example.org`;
  const res = await fetch(`${server.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, nickname: 'Barrierefrei' }),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  const link = await linkFromOutbox(server.dataDir, email, 'verify-email');
  const token = new URL(link, server.baseUrl).searchParams.get('token');
  const verified = await fetch(`${server.baseUrl}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(verified.status).toBeLessThan(300);
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await login.json()) as { access_token: string; user: { id: string } };
  return { token: body.access_token, user: body.user, id: body.user.id };
}

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '1' });
  browser = await launchBrowser();
  member = await registerMember();
  const ad = await fetch(`${server.baseUrl}/api/listings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
    body: JSON.stringify({
      title: 'Spiegelreflexkamera mit Dachgeschosswohnung-Stativ',
      description: 'Gut erhalten, mit Tasche und zwei Akkus.',
      price: 350,
      price_type: 'negotiable',
      offer_type: 'offer',
      category: 'fahrraeder-zubehoer',
      postal_code: '80331',
      location: '',
      images: [],
      attributes: { bike_type: 'Trekkingrad' },
    }),
  });
  expect(ad.status, await ad.clone().text()).toBe(201);
  listingId = ((await ad.json()) as { id: string }).id;
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
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

/** Waits until the page's lazy part and its data have arrived. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: STEP_MS }).catch(() => {});
  await page.getByText('Seite wird geladen...').waitFor({ state: 'detached', timeout: STEP_MS });
  await page
    .locator('[role="status"][aria-label="Lädt..."]')
    .first()
    .waitFor({ state: 'detached', timeout: STEP_MS });
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
    describe(`axe (WCAG 2.2 AA) at ${width} px for ${who}`, () => {
      it('finds no serious or critical violation on any built page', { timeout: 600_000 }, async () => {
        const { context, page } = await openPage(browser, server.baseUrl, viewport);
        await context.addInitScript(
          ({ session, withSession }) => {
            if (withSession) {
              window.localStorage.setItem('auth.token', session.token);
              window.localStorage.setItem('auth.user', JSON.stringify(session.user));
              const consent = { choice: 'rejected', necessary: true, statistics: false, marketing: false };
              window.localStorage.setItem(
                'cookie-consent',
                JSON.stringify({ ...consent, date: new Date().toISOString() }),
              );
            }
          },
          { session: member, withSession: loggedIn },
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

describe('keyboard', () => {
  it('shows where the focus is on every control it reaches on the home page', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await openPage(browser, server.baseUrl, DESKTOP);
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

  it('keeps the focus inside the category picker and closes it with Escape', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await openPage(browser, server.baseUrl, MOBILE);
    await context.addInitScript(
      ({ session }) => {
        window.localStorage.setItem('auth.token', session.token);
        window.localStorage.setItem('auth.user', JSON.stringify(session.user));
      },
      { session: member },
    );
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
    await expect(
      page.evaluate(() => document.activeElement?.textContent?.includes('Kategorie wählen') ?? false),
    ).resolves.toBe(true);
    await context.close();
  });

  it('keeps the focus inside the full-screen photo view and closes it with Escape', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await openPage(browser, server.baseUrl, MOBILE);
    await openApp(page, `/listing/${listingId}`);
    await settle(page);
    const open = page.getByRole('button', { name: 'Bild im Vollbild öffnen' }).last();
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: STEP_MS });
    for (let step = 0; step < 10; step++) {
      await page.keyboard.press('Tab');
      await expect(dialog.evaluate((element) => element.contains(document.activeElement))).resolves.toBe(
        true,
      );
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: STEP_MS });
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).resolves.toBe(
      'Bild im Vollbild öffnen',
    );
    await context.close();
  });
});
