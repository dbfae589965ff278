import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, openApp, screenshot, unexpected } from './helpers/browser.ts';
import { linkFromOutbox } from './helpers/mail.ts';

const PASSWORD = 'Kiesel-Wald-2026';
const NEW_PASSWORD = 'NochSicherer456';
const WRONG_LOGIN = 'E-Mail-Adresse oder Passwort ist falsch.';

test.use({ serverEnv: {} });
// Each test goes on with the account the ones before made and changed.
test.describe.configure({ mode: 'serial' });

/** Types `email` and `password` into the login form and sends it. */
async function logIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Anmelden' });
  await form.getByLabel('E-Mail-Adresse').fill('');
  await form.getByLabel('E-Mail-Adresse').pressSequentially(email);
  await form.getByLabel(/^Passwort$/).fill('');
  await form.getByLabel(/^Passwort$/).pressSequentially(password);
  await form.getByRole('button', { name: 'Anmelden' }).click();
}

test.describe('accounts in the browser', () => {
  const email = `anna.${Date.now()}@example.org`;

  test('registers, confirms the e-mail, logs out, resets the password and logs in with the new one', async ({
    newPage,
    server,
  }) => {
    const { page, errors } = await newPage(DESKTOP);

    // Register as a person would.
    await openApp(page, '/register');
    const form = page.getByRole('form', { name: 'Registrieren' });
    await form.getByLabel(/^E-Mail-Adresse/).pressSequentially(email);
    await form.getByLabel(/^Passwort\W*$/).pressSequentially(PASSWORD);
    await form.getByLabel(/^Passwort wiederholen/).pressSequentially('Sicher124');
    await form.getByRole('button', { name: 'Konto erstellen' }).click();
    await expect(form.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible();
    await form.getByLabel(/^Passwort wiederholen/).fill('');
    await form.getByLabel(/^Passwort wiederholen/).pressSequentially(PASSWORD);
    await form.getByLabel('Spitzname (optional)').pressSequentially('Anna');
    await form.getByRole('button', { name: 'Konto erstellen' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('button', { name: 'Konto-Menü' })).toBeVisible();

    // The verification link from the outbox confirms the address.
    const verifyPath = await linkFromOutbox(server.dataDir, email, 'verify-email');
    await openApp(page, verifyPath);
    await expect(page.getByText('Deine E-Mail-Adresse ist bestätigt.')).toBeVisible();
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('auth.user'))) ?? 'null');
    expect(stored.email_verified).toBe(true);
    await screenshot(page, 'accounts-verified-desktop');

    // Logout goes to /login.
    await page.getByRole('button', { name: 'Konto-Menü' }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    // Request a reset and open the link from the outbox.
    const requestedAt = Date.now() - 1000;
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await page.waitForURL((url) => url.pathname === '/password-reset');
    // The address changes before the page's code arrives: type into the reset form only.
    const resetForm = page.getByRole('form', { name: 'Passwort vergessen' });
    await resetForm.getByLabel('E-Mail-Adresse').pressSequentially(email);
    await resetForm.getByRole('button', { name: 'Link anfordern' }).click();
    await expect(
      page.getByText(
        'Wenn ein Konto mit dieser E-Mail-Adresse existiert, haben wir dir einen Link geschickt.',
      ),
    ).toBeVisible();
    await screenshot(page, 'accounts-reset-requested-desktop');
    const resetPath = await linkFromOutbox(server.dataDir, email, 'reset-password', requestedAt);
    await openApp(page, resetPath);
    await page.getByLabel(/^Neues Passwort$/).pressSequentially(NEW_PASSWORD);
    await page.getByLabel('Neues Passwort wiederholen').pressSequentially(NEW_PASSWORD);
    await screenshot(page, 'accounts-reset-password-desktop');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(
      page.getByText('Dein Passwort wurde geändert. Du kannst dich jetzt mit dem neuen Passwort anmelden.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    // The old password no longer works and shows the server's German detail; the new one does.
    await logIn(page, email, PASSWORD);
    expect(await page.getByRole('alert').filter({ hasText: WRONG_LOGIN }).textContent()).toBe(WRONG_LOGIN);
    await screenshot(page, 'accounts-login-error-desktop');
    await logIn(page, email, NEW_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('button', { name: 'Konto-Menü' })).toBeVisible();

    expect(unexpected(errors)).toEqual([]);
  });

  test('returns to the page in next after login and shows the settings', async ({ newPage }) => {
    const { page, errors } = await newPage(DESKTOP);
    await openApp(page, '/settings');
    await page.waitForURL((url) => url.pathname === '/login');
    await expect(page.getByRole('form', { name: 'Anmelden' })).toBeVisible();
    await screenshot(page, 'accounts-login-desktop');
    await logIn(page, email, NEW_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
    expect(await page.getByLabel('Spitzname (optional)').inputValue()).toBe('Anna');
    await screenshot(page, 'accounts-settings-desktop');
    expect(unexpected(errors)).toEqual([]);
  });

  test('shows login, registration, settings and profile at 1280 and 390 px', async ({ newPage }) => {
    const desktop = await newPage(DESKTOP);
    await openApp(desktop.page, '/register');
    await expect(desktop.page.getByRole('form', { name: 'Registrieren' })).toBeVisible();
    await screenshot(desktop.page, 'accounts-register-desktop');
    await desktop.context.close();

    const { page, errors } = await newPage(MOBILE);
    await openApp(page, '/register');
    await expect(page.getByRole('form', { name: 'Registrieren' })).toBeVisible();
    await screenshot(page, 'accounts-register-mobile');
    await openApp(page, '/password-reset');
    await expect(page.getByRole('form', { name: 'Passwort vergessen' })).toBeVisible();
    await screenshot(page, 'accounts-password-reset-mobile');
    await openApp(page, '/login');
    await expect(page.getByRole('form', { name: 'Anmelden' })).toBeVisible();
    await screenshot(page, 'accounts-login-mobile');
    await logIn(page, email, NEW_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await openApp(page, '/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
    await screenshot(page, 'accounts-settings-mobile');
    const userId = JSON.parse((await page.evaluate(() => localStorage.getItem('auth.user'))) ?? '{}').id;
    await openApp(page, `/user/${userId}`);
    await expect(page.getByText(/^Mitglied seit /)).toBeVisible();
    await screenshot(page, 'accounts-profile-mobile');
    expect(unexpected(errors)).toEqual([]);
  });

  test('lets another member follow and unfollow; an unknown profile reads German', async ({
    newPage,
    server,
  }) => {
    const { page, errors } = await newPage(DESKTOP);
    const anna = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: NEW_PASSWORD }),
    }).then((res) => res.json() as Promise<{ user: { id: string } }>);

    await openApp(page, `/user/${anna.user.id}`);
    await page.getByRole('button', { name: 'Folgen' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/user/${anna.user.id}`);
    await page.getByRole('link', { name: 'Jetzt registrieren' }).click();
    const form = page.getByRole('form', { name: 'Registrieren' });
    await form.getByLabel(/^E-Mail-Adresse/).pressSequentially(`bernd.${Date.now()}@example.org`);
    await form.getByLabel(/^Passwort\W*$/).pressSequentially(PASSWORD);
    await form.getByLabel(/^Passwort wiederholen/).pressSequentially(PASSWORD);
    await form.getByLabel('Spitzname (optional)').pressSequentially('Bernd');
    await form.getByRole('button', { name: 'Konto erstellen' }).click();
    await page.waitForURL((url) => url.pathname === `/user/${anna.user.id}`);

    await page.getByRole('button', { name: 'Folgen' }).click();
    await expect(page.getByRole('button', { name: 'Entfolgen' })).toBeVisible();
    await expect(page.getByTestId('profile-stats')).toContainText('1Follower');
    await screenshot(page, 'accounts-profile-desktop');
    await page.getByRole('button', { name: 'Entfolgen' }).click();
    await expect(page.getByRole('button', { name: 'Folgen' })).toBeVisible();

    await openApp(page, '/user/00000000-0000-0000-0000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Nutzer nicht gefunden' })).toBeVisible();
    expect(unexpected(errors)).toEqual([]);
  });
});
