import { expect, test } from './fixtures.ts';
import { DESKTOP, openApp, screenshot } from './helpers/browser.ts';
import type { RunningServer } from './helpers/server.ts';

const PASSWORD = 'Kiesel-Wald-2026';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test.use({ serverEnv: {} });

/** Calls `server`'s API as another device would; answers the status and the JSON body (if any). */
async function api(
  server: RunningServer,
  path: string,
  init: { method?: string; token?: string; body?: unknown; userAgent?: string },
) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.userAgent) headers['user-agent'] = init.userAgent;
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

test.describe('sessions in the browser (docs/decisions/0007)', () => {
  test("lists the devices, logs another one out, and 'Abmelden' ends the browser's session on the server", async ({
    newPage,
    server,
  }) => {
    const email = `sitzung.${Date.now()}@example.org`;
    const registered = await api(server, '/api/auth/register', {
      method: 'POST',
      body: { email, password: PASSWORD },
    });
    expect(registered.status).toBe(202);
    const phone = await api(server, '/api/auth/login', {
      method: 'POST',
      body: { email, password: PASSWORD },
      userAgent: SAFARI_IPHONE,
    });
    expect(phone.status).toBe(200);
    const phoneToken = phone.body?.access_token as string;

    const { page } = await newPage(DESKTOP);
    await openApp(page, '/login');
    const form = page.getByRole('form', { name: 'Anmelden' });
    await form.getByLabel('E-Mail-Adresse').pressSequentially(email);
    await form.getByLabel(/^Passwort$/).pressSequentially(PASSWORD);
    await form.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const browserToken = (await page.evaluate(() => localStorage.getItem('auth.token'))) as string;
    expect((await api(server, '/api/me', { token: browserToken })).status).toBe(200);

    // Settings list this browser ('Dieses Gerät') and the phone; the phone is logged out from here.
    await openApp(page, '/settings');
    const devices = page.getByRole('region', { name: 'Angemeldete Geräte' });
    await expect(devices.getByText('Dieses Gerät')).toBeVisible();
    await expect(devices.getByText('Safari auf iOS')).toBeVisible();
    await devices.scrollIntoViewIfNeeded();
    await screenshot(page, 'sessions-settings-desktop');
    await devices.getByRole('button', { name: 'Safari auf iOS abmelden' }).click();
    await expect(page.getByText('Das Gerät wurde abgemeldet.')).toBeVisible();
    await expect(devices.getByText('Safari auf iOS')).toHaveCount(0);
    expect((await api(server, '/api/me', { token: phoneToken })).status).toBe(401);
    expect((await api(server, '/api/me', { token: browserToken })).status).toBe(200);

    // 'Abmelden' in the account menu ends this session on the server: the old token is refused.
    await page.getByRole('button', { name: 'Konto-Menü' }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('auth.token'))).toBeNull();
    const refused = await api(server, '/api/me', { token: browserToken });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      detail: 'Nicht authentifiziert - Bitte melden Sie sich erneut an',
      code: 'unauthorized',
    });
  });
});
