import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openApp, openPage, screenshot } from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

const DENIAL =
  'Zugriff verweigert: Sie haben keine Berechtigung, auf das Admin-Dashboard zuzugreifen. Nur Administratoren können diese Seite aufrufen.';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Registers a member through the API and returns what the app keeps after login. */
async function registerMember(email: string) {
  const res = await fetch(`${server.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Kiesel-Wald-2026', nickname: 'Testerin' }),
  });
  expect(res.status).toBe(202);
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Kiesel-Wald-2026' }),
  });
  expect(login.status).toBe(200);
  return (await login.json()) as { access_token: string; user: unknown };
}

describe('desktop shell at 1280 px', () => {
  it('shows the header, top links, search and footer without console errors', async () => {
    const { context, page, errors } = await openPage(browser, server.baseUrl, DESKTOP);
    await openApp(page, '/');
    const topBar = page.getByTestId('top-link-bar');
    for (const text of ['Entitäten', 'Events', 'Lokale News', 'Partner werden', 'Karriere', 'Hilfe']) {
      await expect(topBar.getByRole('link', { name: text }).isVisible()).resolves.toBe(true);
    }
    await expect(page.getByPlaceholder('Was suchst du?').first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Anmelden' }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Impressum' }).first().isVisible()).resolves.toBe(true);
    await screenshot(page, 'desktop-home');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('submits the search only with a non-empty trimmed term', async () => {
    const { context, page } = await openPage(browser, server.baseUrl, DESKTOP);
    await openApp(page, '/legal/agb');
    const search = page.getByPlaceholder('Was suchst du?').first();
    await search.fill('   ');
    await search.press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/legal/agb');
    await search.fill('  Fahrrad  ');
    await search.press('Enter');
    await page.waitForURL('**/search?q=Fahrrad');
    expect(new URL(page.url()).searchParams.get('q')).toBe('Fahrrad');
    await context.close();
  });

  it('hides the top link bar when scrolling down past 50 px and shows it again on scrolling up', async () => {
    const { context, page } = await openPage(browser, server.baseUrl, DESKTOP);
    await openApp(page, '/legal/datenschutz');
    const topBar = page.getByTestId('top-link-bar');
    await expect(topBar.isVisible()).resolves.toBe(true);
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(() => window.scrollY > 100);
    await expect.poll(async () => (await topBar.boundingBox())?.height ?? 0, { timeout: 10_000 }).toBe(0);
    await page.mouse.wheel(0, -200);
    await expect
      .poll(async () => (await topBar.boundingBox())?.height ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(0);
    await context.close();
  });

  it('opens the side menu with the logged-out items and popular shortcuts', async () => {
    const { context, page } = await openPage(browser, server.baseUrl, DESKTOP);
    await openApp(page, '/');
    await page.getByRole('button', { name: 'Menü öffnen' }).first().click();
    const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
    for (const text of ['Startseite', 'Kategorien', 'Favoriten', 'Chat', 'Anmelden', 'Registrieren']) {
      await expect(menu.getByRole('link', { name: text, exact: true }).isVisible()).resolves.toBe(true);
    }
    await expect(menu.getByRole('link', { name: 'Abmelden' }).count()).resolves.toBe(0);
    await expect(page.getByTestId('side-menu-name').textContent()).resolves.toBeTruthy();
    await screenshot(page, 'desktop-side-menu');
    await context.close();
  });

  it('shows the cookie banner after about a second and remembers the choice with its date', async () => {
    const { context, page } = await openPage(browser, server.baseUrl, DESKTOP);
    await openApp(page, '/');
    const banner = page
      .getByRole('region', { name: 'Cookie-Einstellungen' })
      .or(page.getByLabel('Cookie-Einstellungen'));
    await expect(banner.first().isVisible()).resolves.toBe(false);
    await banner.first().waitFor({ state: 'visible', timeout: 15_000 });
    for (const text of ['Akzeptieren', 'Ablehnen', 'Anpassen']) {
      await expect(page.getByRole('button', { name: text }).isVisible()).resolves.toBe(true);
    }
    await screenshot(page, 'desktop-cookie-banner');
    await page.getByRole('button', { name: 'Anpassen' }).click();
    await page.getByLabel('Statistik').check();
    await screenshot(page, 'desktop-cookie-settings');
    await page.getByRole('button', { name: 'Auswahl speichern' }).click();
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('cookie-consent'))) ?? 'null');
    expect(stored).toMatchObject({ choice: 'custom', necessary: true, statistics: true, marketing: false });
    expect(Number.isNaN(Date.parse(stored.date))).toBe(false);
    await page.reload();
    await page.waitForTimeout(1500);
    await expect(banner.first().isVisible()).resolves.toBe(false);
    await context.close();
  });

  it('sends a logged-out visitor from a login-required page to /login and keeps the target', async () => {
    const { context, page } = await openPage(browser, server.baseUrl, DESKTOP);
    await openApp(page, '/favorites');
    await page.waitForURL(/\/login/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('next')).toBe('/favorites');
    await context.close();
  });

  it('follows the redirects of the route table', async () => {
    const { context, page } = await openPage(browser, server.baseUrl, DESKTOP);
    const cases: [string, string][] = [
      ['/impressum', '/legal/impressum'],
      ['/datenschutz', '/legal/datenschutz'],
      ['/agb', '/legal/agb'],
      ['/cookies', '/legal/cookies'],
      ['/kategorien/elektronik', '/category/elektronik'],
      ['/kategorien/moebel/wohnzimmer', '/category/moebel/wohnzimmer'],
      ['/kategorien', '/'],
      ['/category/autos', '/category/auto-rad-boot'],
      ['/shops', '/entities?type=shops'],
      ['/dienstleister', '/entities?type=providers'],
      ['/user', '/entities?type=users'],
      ['/gibt-es-nicht/irgendwo', '/'],
    ];
    for (const [from, to] of cases) {
      await openApp(page, from);
      await page.waitForFunction((target) => location.pathname + location.search === target, to, {
        timeout: 20_000,
      });
    }
    await openApp(page, '/merkliste');
    await page.waitForURL(/\/login\?next=%2Ffavorites/);
    await context.close();
  });

  it('shows the exact denial text on /admin to a member who is not an administrator', async () => {
    const session = await registerMember('mitglied@example.de');
    const { context, page } = await openPage(browser, server.baseUrl, DESKTOP);
    await openApp(page, '/');
    await page.evaluate(
      ({ token, user }) => {
        localStorage.setItem('auth.token', token);
        localStorage.setItem('auth.user', JSON.stringify(user));
      },
      { token: session.access_token, user: session.user },
    );
    for (const path of ['/admin', '/admin/verifications']) {
      await openApp(page, path);
      await page.getByText(DENIAL).waitFor({ timeout: 20_000 });
    }
    await page.getByRole('button', { name: 'Konto-Menü' }).click();
    for (const text of ['Dashboard', 'Meine Anzeigen', 'Favoriten', 'Einstellungen', 'Abmelden']) {
      await expect(page.getByRole('menuitem', { name: text }).isVisible()).resolves.toBe(true);
    }
    await screenshot(page, 'desktop-account-menu');
    await context.close();
  });

  it("shows 'Ein Fehler ist aufgetreten' with 'Erneut versuchen' when a page fails to load", async () => {
    const { context, page } = await openPage(browser, server.baseUrl, DESKTOP);
    await openApp(page, '/');
    await page.route(/\/assets\/LegalPage[^/]*\.js$/, (route) => route.abort());
    await page.getByRole('link', { name: 'Impressum' }).first().click();
    await page.getByText('Ein Fehler ist aufgetreten').waitFor({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Erneut versuchen' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'desktop-error-fallback');
    await page.unroute(/\/assets\/LegalPage[^/]*\.js$/);
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await page.getByRole('heading', { name: 'Impressum' }).waitFor({ timeout: 20_000 });
    await context.close();
  });
});

describe('mobile shell at 390 px', () => {
  it('shows quick links, the search box and the bottom navigation with five tabs', async () => {
    const { context, page, errors } = await openPage(browser, server.baseUrl, MOBILE);
    await openApp(page, '/');
    await expect(page.getByTestId('top-link-bar').isVisible()).resolves.toBe(false);
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    const tabs = nav.getByRole('link');
    await expect(tabs.count()).resolves.toBe(5);
    expect(await tabs.allInnerTexts()).toEqual(['Start', 'Favoriten', 'Erstellen', 'Chat', 'Dashboard']);
    const quickLinks = page.getByRole('navigation', { name: 'Schnellzugriff' });
    for (const text of ['Entitäten', 'Events', 'Lokale News', 'Partner werden', 'Karriere', 'Hilfe']) {
      await expect(quickLinks.getByRole('link', { name: text }).count()).resolves.toBe(1);
    }
    await expect(page.getByPlaceholder('Was suchst du?').first().isVisible()).resolves.toBe(true);
    await screenshot(page, 'mobile-home');
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(/\/login\?next=%2Fdashboard/);
    await screenshot(page, 'mobile-login-redirect');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the side menu on a phone', async () => {
    const { context, page } = await openPage(browser, server.baseUrl, MOBILE);
    await openApp(page, '/');
    await page.getByRole('button', { name: 'Menü öffnen' }).first().click();
    await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
    await screenshot(page, 'mobile-side-menu');
    await context.close();
  });
});
