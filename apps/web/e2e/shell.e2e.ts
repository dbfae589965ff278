import type { Page } from '@playwright/test';
import { COOKIE_BANNER_DELAY_MS } from '../src/lib/constants.ts';
import { expect, test } from './fixtures.ts';
import { appStarted, DESKTOP, MOBILE, openApp, screenshot } from './helpers/browser.ts';
import type { RunningServer } from './helpers/server.ts';

const DENIAL =
  'Zugriff verweigert: Sie haben keine Berechtigung, auf das Admin-Dashboard zuzugreifen. Nur Administratoren können diese Seite aufrufen.';

test.use({ serverEnv: {} });

/** Registers a member through the API (unconfirmed) and returns what the app keeps after login. */
async function registerMember(server: RunningServer, email: string) {
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

/**
 * Resolves once a timer of `ms` that the page queues now has fired and the page has since run a
 * task and drawn two frames: the app's own timers of at most `ms`, queued before, have fired and
 * what they changed has been rendered.
 */
async function afterPageTimer(page: Page, ms: number): Promise<void> {
  await page.evaluate(
    (delay) =>
      new Promise<void>((resolve) => {
        window.setTimeout(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
          channel.port2.postMessage(null);
        }, delay);
      }),
    ms,
  );
}

test.describe('desktop shell at 1280 px', () => {
  test('shows the header, top links, search and footer without console errors', async ({ newPage }) => {
    const { page, errors } = await newPage(DESKTOP, { consent: false });
    await openApp(page, '/');
    const topBar = page.getByTestId('top-link-bar');
    for (const text of ['Entitäten', 'Events', 'Lokale News', 'Partner werden', 'Karriere', 'Hilfe']) {
      await expect(topBar.getByRole('link', { name: text })).toBeVisible();
    }
    await expect(page.getByPlaceholder('Was suchst du?').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Anmelden' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Impressum' }).first()).toBeVisible();
    await screenshot(page, 'desktop-home');
    expect(errors).toEqual([]);
  });

  test('submits the search only with a non-empty trimmed term', async ({ newPage }) => {
    const { page } = await newPage(DESKTOP, { consent: false });
    await openApp(page, '/legal/agb');
    const start = page.url();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url() !== start) visited.push(frame.url());
    });
    const search = page.getByPlaceholder('Was suchst du?').first();
    await search.fill('   ');
    await search.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/legal/agb');
    await search.fill('  Fahrrad  ');
    await search.press('Enter');
    await page.waitForURL('**/search?q=Fahrrad');
    expect(new URL(page.url()).searchParams.get('q')).toBe('Fahrrad');
    // The blank term, submitted first, went nowhere: the first new address is the search's.
    expect(visited[0]).toBe(new URL('/search?q=Fahrrad', start).href);
  });

  test('hides the top link bar when scrolling down past 50 px and shows it again on scrolling up', async ({
    newPage,
  }) => {
    const { page } = await newPage(DESKTOP, { consent: false });
    await openApp(page, '/legal/datenschutz');
    const topBar = page.getByTestId('top-link-bar');
    await expect(topBar).toBeVisible();
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(() => window.scrollY > 100);
    await expect.poll(async () => (await topBar.boundingBox())?.height ?? 0, { timeout: 10_000 }).toBe(0);
    await page.mouse.wheel(0, -200);
    await expect
      .poll(async () => (await topBar.boundingBox())?.height ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(0);
  });

  test('opens the side menu with the logged-out items and popular shortcuts', async ({ newPage }) => {
    const { page } = await newPage(DESKTOP, { consent: false });
    await openApp(page, '/');
    await page.getByRole('button', { name: 'Menü öffnen' }).first().click();
    const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
    for (const text of ['Startseite', 'Kategorien', 'Favoriten', 'Chat', 'Anmelden', 'Registrieren']) {
      await expect(menu.getByRole('link', { name: text, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Abmelden' })).toHaveCount(0);
    await expect(page.getByTestId('side-menu-name')).toHaveText(/\S/);
    await screenshot(page, 'desktop-side-menu');
  });

  test('shows the cookie banner after about a second and remembers the choice with its date', async ({
    newPage,
  }) => {
    const { page } = await newPage(DESKTOP, { consent: false });
    await openApp(page, '/');
    const banner = page
      .getByRole('region', { name: 'Cookie-Einstellungen' })
      .or(page.getByLabel('Cookie-Einstellungen'));
    expect(await banner.first().isVisible()).toBe(false);
    await expect(banner.first()).toBeVisible({ timeout: 15_000 });
    for (const text of ['Akzeptieren', 'Ablehnen', 'Anpassen']) {
      await expect(page.getByRole('button', { name: text })).toBeVisible();
    }
    await screenshot(page, 'desktop-cookie-banner');
    await page.getByRole('button', { name: 'Anpassen' }).click();
    await page.getByLabel('Statistik').check();
    await screenshot(page, 'desktop-cookie-settings');
    await page.getByRole('button', { name: 'Auswahl speichern' }).click();
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('cookie-consent'))) ?? 'null');
    expect(stored).toMatchObject({ choice: 'custom', necessary: true, statistics: true, marketing: false });
    expect(Number.isNaN(Date.parse(stored.date))).toBe(false);

    // After a reload the banner's delay runs out without it: once a timer queued after the app's
    // own has fired, a banner on its way would be shown or at least be loading its code.
    const bannerCode: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/CookieBannerView')) bannerCode.push(request.url());
    });
    await page.reload();
    await appStarted(page);
    await afterPageTimer(page, COOKIE_BANNER_DELAY_MS);
    await expect(banner.first()).toBeHidden();
    expect(bannerCode).toEqual([]);
  });

  test('sends a logged-out visitor from a login-required page to /login and keeps the target', async ({
    newPage,
  }) => {
    const { page } = await newPage(DESKTOP, { consent: false });
    await openApp(page, '/favorites');
    await page.waitForURL(/\/login/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('next')).toBe('/favorites');
  });

  test('follows the redirects of the route table', async ({ newPage }) => {
    const { page } = await newPage(DESKTOP, { consent: false });
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
      await expect(page, from).toHaveURL((url) => url.pathname + url.search === to);
    }
    await openApp(page, '/merkliste');
    await page.waitForURL(/\/login\?next=%2Ffavorites/);
  });

  test('shows the exact denial text on /admin to a member who is not an administrator', async ({
    newPage,
    server,
  }) => {
    const session = await registerMember(server, 'mitglied@example.de');
    const { page } = await newPage(DESKTOP, { consent: false });
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
      await expect(page.getByText(DENIAL)).toBeVisible();
    }
    await page.getByRole('button', { name: 'Konto-Menü' }).click();
    for (const text of ['Dashboard', 'Meine Anzeigen', 'Favoriten', 'Einstellungen', 'Abmelden']) {
      await expect(page.getByRole('menuitem', { name: text })).toBeVisible();
    }
    await screenshot(page, 'desktop-account-menu');
  });

  test("shows 'Ein Fehler ist aufgetreten' with 'Erneut versuchen' when a page fails to load", async ({
    newPage,
  }) => {
    const { page } = await newPage(DESKTOP, { consent: false });
    await openApp(page, '/');
    await page.route(/\/assets\/LegalPage[^/]*\.js$/, (route) => route.abort());
    await page.getByRole('link', { name: 'Impressum' }).first().click();
    await expect(page.getByText('Ein Fehler ist aufgetreten')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
    await screenshot(page, 'desktop-error-fallback');
    await page.unroute(/\/assets\/LegalPage[^/]*\.js$/);
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(page.getByRole('heading', { name: 'Impressum' })).toBeVisible();
  });
});

test.describe('mobile shell at 390 px', () => {
  test('shows quick links, the search box and the bottom navigation with five tabs', async ({ newPage }) => {
    const { page, errors } = await newPage(MOBILE, { consent: false });
    await openApp(page, '/');
    await expect(page.getByTestId('top-link-bar')).toBeHidden();
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    const tabs = nav.getByRole('link');
    await expect(tabs).toHaveCount(5);
    expect(await tabs.allInnerTexts()).toEqual(['Start', 'Favoriten', 'Erstellen', 'Chat', 'Dashboard']);
    const quickLinks = page.getByRole('navigation', { name: 'Schnellzugriff' });
    for (const text of ['Entitäten', 'Events', 'Lokale News', 'Partner werden', 'Karriere', 'Hilfe']) {
      await expect(quickLinks.getByRole('link', { name: text })).toHaveCount(1);
    }
    await expect(page.getByPlaceholder('Was suchst du?').first()).toBeVisible();
    await screenshot(page, 'mobile-home');
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(/\/login\?next=%2Fdashboard/);
    await screenshot(page, 'mobile-login-redirect');
    expect(errors).toEqual([]);
  });

  test("keeps the bottom navigation's tabs in place while the page's HTML is still arriving", async ({
    newPage,
  }) => {
    // The page as the server sends it, before any script: a browser paints it while it parses,
    // so the first tabs must stand where they stand once all five have arrived.
    const { page } = await newPage(MOBILE, { javaScriptEnabled: false });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    const boxes = () =>
      nav.getByRole('link').evaluateAll((links) =>
        links.map((link) => {
          const box = link.getBoundingClientRect();
          return [Math.round(box.left), Math.round(box.width)];
        }),
      );
    const whole = await boxes();
    expect(whole).toHaveLength(5);
    expect(whole[0]?.[0]).toBe(0);
    const [lastLeft = 0, lastWidth = 0] = whole[4] ?? [];
    expect(lastLeft + lastWidth).toBeLessThanOrEqual(MOBILE.width);
    // The same bar with only its first two tabs parsed.
    await nav.getByRole('link').evaluateAll((links) => {
      for (const link of links.slice(2)) link.remove();
    });
    expect(await boxes()).toEqual(whole.slice(0, 2));
  });

  test('opens the side menu on a phone', async ({ newPage }) => {
    const { page } = await newPage(MOBILE, { consent: false });
    await openApp(page, '/');
    await page.getByRole('button', { name: 'Menü öffnen' }).first().click();
    await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
    await screenshot(page, 'mobile-side-menu');
  });
});
