import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, openApp, screenshot, unexpected } from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

const PASSWORD = 'Hafenkran-Möwe-Elbtunnel-2026';
const OPERATOR = {
  SITE_NAME: 'Kiezmarkt',
  OPERATOR_NAME: 'Kiezmarkt Nord GmbH',
  OPERATOR_ADDRESS: 'Hafenstraße 7, 20459 Hamburg',
  OPERATOR_EMAIL: 'kontakt@kiezmarkt.example',
  OPERATOR_PHONE: '+49 40 1234567',
  OPERATOR_REPRESENTATIVE: 'Jana Beispiel',
  OPERATOR_REGISTER_COURT: 'Amtsgericht Hamburg',
  OPERATOR_REGISTER_NUMBER: 'HRB 123456',
  OPERATOR_VAT_ID: 'DE123456789',
  OPERATOR_RESPONSIBLE: 'Jana Beispiel, Hafenstraße 7, 20459 Hamburg',
};

/**
 * The operator's DATA_DIR (the server makes it): the site starts under one AGB version and
 * restarts on the same data under a newer one.
 */
const dataDir = path.join(os.tmpdir(), `marketplace-e2e-legal-${process.pid}-${Date.now().toString(36)}`);

// The first server serves the first two tests; the third restarts on its data with newer AGB.
test.use({ serverEnv: { ...OPERATOR, DATA_DIR: dataDir, TERMS_VERSION: '2026-11-24' } });
test.describe.configure({ mode: 'serial' });

/** The servers the tests start themselves, stopped at the latest after the file's tests. */
const ownServers: RunningServer[] = [];

test.afterAll(async () => {
  for (const server of ownServers) {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test.describe('site name, Impressum and AGB acceptance in the browser', () => {
  const email = `agb.${Date.now()}@example.org`;

  test('shows the configured site and operator, and the AGB line when registering', async ({ newPage }) => {
    test.setTimeout(120_000);
    for (const [viewport, size] of [
      [MOBILE, 'mobile'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const { context, page } = await newPage(viewport);
      await openApp(page, '/legal/impressum');
      await expect(page.getByText('Kiezmarkt Nord GmbH')).toBeVisible();
      await expect(page).toHaveTitle(/Kiezmarkt/);
      await expect(page.getByText('Musterstraße')).toHaveCount(0);
      await screenshot(page, `legal-impressum-${size}`);
      await openApp(page, '/legal/datenschutz');
      await expect(page.getByRole('heading', { name: '6. Cookies und Speicher im Browser' })).toBeVisible();
      await screenshot(page, `legal-datenschutz-${size}`);
      await openApp(page, '/register');
      const form = page.getByRole('form', { name: 'Registrieren' });
      await expect(form.getByRole('link', { name: 'AGB' })).toBeVisible();
      await expect(form.getByRole('link', { name: 'Datenschutzerklärung' })).toBeVisible();
      await form.getByRole('button', { name: 'Konto erstellen' }).scrollIntoViewIfNeeded();
      await screenshot(page, `legal-register-${size}`);
      await context.close();
    }
  });

  test('registers under the current AGB without being asked', async ({ newPage, server }) => {
    test.setTimeout(120_000);
    const { page } = await newPage(DESKTOP);
    await openApp(page, '/register');
    const form = page.getByRole('form', { name: 'Registrieren' });
    await form.getByLabel(/^E-Mail-Adresse/).pressSequentially(email);
    await form.getByLabel(/^Passwort\W*$/).pressSequentially(PASSWORD);
    await form.getByLabel(/^Passwort wiederholen/).pressSequentially(PASSWORD);
    await form.getByRole('button', { name: 'Konto erstellen' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('button', { name: 'Konto-Menü' })).toBeVisible();
    // Registered under the current AGB: nothing to accept.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The next test opens the same data under newer AGB.
    await server.stop();
  });

  test('asks once for a newer AGB version after login and not again', async ({ newPage }) => {
    test.setTimeout(120_000);
    const server = await startServer({ ...OPERATOR, DATA_DIR: dataDir, TERMS_VERSION: '2027-01-15' });
    ownServers.push(server);
    const { context, page, errors } = await newPage(MOBILE);
    await openApp(page, `${server.baseUrl}/login`);
    const form = page.getByRole('form', { name: 'Anmelden' });
    await form.getByLabel('E-Mail-Adresse').pressSequentially(email);
    await form.getByLabel(/^Passwort$/).pressSequentially(PASSWORD);
    await form.getByRole('button', { name: 'Anmelden' }).click();

    const dialog = page.getByRole('dialog', { name: 'Unsere AGB haben sich geändert' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Seit dem 15. Januar 2027 gilt eine neue Fassung')).toBeVisible();
    // The dialog has faded in.
    await page.waitForFunction(() => {
      const container = document.querySelector('[role="dialog"]')?.parentElement;
      return container !== null && container !== undefined && getComputedStyle(container).opacity === '1';
    });
    await screenshot(page, 'legal-terms-dialog-mobile');
    await dialog.getByRole('button', { name: 'Zustimmen' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Danke! Deine Zustimmung ist gespeichert.')).toBeVisible();

    const me = await page.evaluate(async () => {
      const token = localStorage.getItem('auth.token');
      const res = await fetch('/api/me', { headers: { Authorization: `Bearer ${token}` } });
      return res.json();
    });
    expect(me.terms_version).toBe('2027-01-15');

    // A new visit asks nothing.
    await openApp(page, `${server.baseUrl}/legal/agb`);
    await expect(page.getByText('Stand: 15. Januar 2027')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Unsere AGB haben sich geändert' })).toHaveCount(0);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
    await server.stop();
  });

  test('says in the Impressum when the operator has set no data', async ({ newPage }) => {
    test.setTimeout(120_000);
    const server = await startServer();
    ownServers.push(server);
    const { page } = await newPage(MOBILE);
    await openApp(page, `${server.baseUrl}/legal/impressum`);
    await expect(page.getByText('Angaben zum Betreiber fehlen')).toBeVisible();
    await expect(
      page.getByText('Es fehlen: Name, Anschrift, E-Mail-Adresse.', { exact: false }),
    ).toBeVisible();
    await expect(page).toHaveTitle(/Marktplatz/);
    await expect(page.getByText('Musterstraße')).toHaveCount(0);
    await screenshot(page, 'legal-impressum-unconfigured-mobile');
  });
});
