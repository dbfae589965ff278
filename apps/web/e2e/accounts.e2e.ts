import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openApp, openPage, screenshot } from './helpers/browser.ts';
import { linkFromOutbox } from './helpers/mail.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

const PASSWORD = 'Kiesel-Wald-2026';
const NEW_PASSWORD = 'NochSicherer456';
const WRONG_LOGIN = 'E-Mail-Adresse oder Passwort ist falsch.';

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

/** A fresh page whose visitor already chose cookies, so the banner covers nothing in screenshots. */
async function openQuietPage(viewport: { width: number; height: number }) {
  const opened = await openPage(browser, server.baseUrl, viewport);
  await opened.context.addInitScript(() => {
    const consent = { choice: 'rejected', necessary: true, statistics: false, marketing: false };
    window.localStorage.setItem(
      'cookie-consent',
      JSON.stringify({ ...consent, date: new Date().toISOString() }),
    );
  });
  return opened;
}

/** Console errors other than the browser's own line for an answered 4xx request. */
function unexpected(errors: string[]): string[] {
  return errors.filter((error) => !error.startsWith('Failed to load resource'));
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Anmelden' });
  await form.getByLabel('E-Mail-Adresse').fill('');
  await form.getByLabel('E-Mail-Adresse').pressSequentially(email);
  await form.getByLabel(/^Passwort$/).fill('');
  await form.getByLabel(/^Passwort$/).pressSequentially(password);
  await form.getByRole('button', { name: 'Anmelden' }).click();
}

describe('accounts in the browser', () => {
  const email = `anna.${Date.now()}@example.org`;

  it('registers, confirms the e-mail, logs out, resets the password and logs in with the new one', async () => {
    const { context, page, errors } = await openQuietPage(DESKTOP);

    // Register as a person would.
    await openApp(page, '/register');
    const form = page.getByRole('form', { name: 'Registrieren' });
    await form.getByLabel(/^E-Mail-Adresse/).pressSequentially(email);
    await form.getByLabel(/^Passwort\W*$/).pressSequentially(PASSWORD);
    await form.getByLabel(/^Passwort wiederholen/).pressSequentially('Sicher124');
    await form.getByRole('button', { name: 'Konto erstellen' }).click();
    await form.getByText('Die Passwörter stimmen nicht überein.').waitFor();
    await form.getByLabel(/^Passwort wiederholen/).fill('');
    await form.getByLabel(/^Passwort wiederholen/).pressSequentially(PASSWORD);
    await form.getByLabel('Spitzname (optional)').pressSequentially('Anna');
    await form.getByRole('button', { name: 'Konto erstellen' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Konto-Menü' }).waitFor();

    // The verification link from the outbox confirms the address.
    const verifyPath = await linkFromOutbox(server.dataDir, email, 'verify-email');
    await openApp(page, verifyPath);
    await page.getByText('Deine E-Mail-Adresse ist bestätigt.').waitFor();
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
    await page
      .getByText('Wenn ein Konto mit dieser E-Mail-Adresse existiert, haben wir dir einen Link geschickt.')
      .waitFor();
    await screenshot(page, 'accounts-reset-requested-desktop');
    const resetPath = await linkFromOutbox(server.dataDir, email, 'reset-password', requestedAt);
    await openApp(page, resetPath);
    await page.getByLabel(/^Neues Passwort$/).pressSequentially(NEW_PASSWORD);
    await page.getByLabel('Neues Passwort wiederholen').pressSequentially(NEW_PASSWORD);
    await screenshot(page, 'accounts-reset-password-desktop');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page
      .getByText('Dein Passwort wurde geändert. Du kannst dich jetzt mit dem neuen Passwort anmelden.')
      .waitFor();
    await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    // The old password no longer works and shows the server's German detail; the new one does.
    await logIn(page, email, PASSWORD);
    await expect(page.getByRole('alert').filter({ hasText: WRONG_LOGIN }).textContent()).resolves.toBe(
      WRONG_LOGIN,
    );
    await screenshot(page, 'accounts-login-error-desktop');
    await logIn(page, email, NEW_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Konto-Menü' }).waitFor();

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('returns to the page in next after login and shows the settings', async () => {
    const { context, page, errors } = await openQuietPage(DESKTOP);
    await openApp(page, '/settings');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('form', { name: 'Anmelden' }).waitFor();
    await screenshot(page, 'accounts-login-desktop');
    await logIn(page, email, NEW_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor();
    await expect(page.getByLabel('Spitzname (optional)').inputValue()).resolves.toBe('Anna');
    await screenshot(page, 'accounts-settings-desktop');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('shows login, registration, settings and profile at 1280 and 390 px', async () => {
    const desktop = await openQuietPage(DESKTOP);
    await openApp(desktop.page, '/register');
    await desktop.page.getByRole('form', { name: 'Registrieren' }).waitFor();
    await screenshot(desktop.page, 'accounts-register-desktop');
    await desktop.context.close();

    const { context, page, errors } = await openQuietPage(MOBILE);
    await openApp(page, '/register');
    await page.getByRole('form', { name: 'Registrieren' }).waitFor();
    await screenshot(page, 'accounts-register-mobile');
    await openApp(page, '/password-reset');
    await page.getByRole('form', { name: 'Passwort vergessen' }).waitFor();
    await screenshot(page, 'accounts-password-reset-mobile');
    await openApp(page, '/login');
    await page.getByRole('form', { name: 'Anmelden' }).waitFor();
    await screenshot(page, 'accounts-login-mobile');
    await logIn(page, email, NEW_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await openApp(page, '/settings');
    await page.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor();
    await screenshot(page, 'accounts-settings-mobile');
    const userId = JSON.parse((await page.evaluate(() => localStorage.getItem('auth.user'))) ?? '{}').id;
    await openApp(page, `/user/${userId}`);
    await page.getByText(/^Mitglied seit /).waitFor();
    await screenshot(page, 'accounts-profile-mobile');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('lets another member follow and unfollow; an unknown profile reads German', async () => {
    const { context, page, errors } = await openQuietPage(DESKTOP);
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
    await page.getByRole('button', { name: 'Entfolgen' }).waitFor();
    await expect(page.getByTestId('profile-stats').textContent()).resolves.toContain('1Follower');
    await screenshot(page, 'accounts-profile-desktop');
    await page.getByRole('button', { name: 'Entfolgen' }).click();
    await page.getByRole('button', { name: 'Folgen' }).waitFor();

    await openApp(page, '/user/00000000-0000-0000-0000-000000000000');
    await page.getByRole('heading', { level: 1, name: 'Nutzer nicht gefunden' }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
