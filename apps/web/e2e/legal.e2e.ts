import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openApp, openPage, screenshot } from './helpers/browser.ts';
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

let browser: Browser;
let server: RunningServer | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-e2e-legal-'));

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A fresh page whose visitor already chose cookies, so the banner covers nothing. */
async function quietPage(baseUrl: string, viewport: { width: number; height: number }) {
  const opened = await openPage(browser, baseUrl, viewport);
  await opened.context.addInitScript(() => {
    const consent = { choice: 'rejected', necessary: true, statistics: false, marketing: false };
    window.localStorage.setItem(
      'cookie-consent',
      JSON.stringify({ ...consent, date: new Date().toISOString() }),
    );
  });
  return opened;
}

describe('site name, Impressum and AGB acceptance in the browser', () => {
  const email = `agb.${Date.now()}@example.org`;

  it('shows the configured site and operator, and the AGB line when registering', async () => {
    server = await startServer({ ...OPERATOR, DATA_DIR: dataDir, TERMS_VERSION: '2026-11-24' });
    for (const [viewport, size] of [
      [MOBILE, 'mobile'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const { context, page } = await quietPage(server.baseUrl, viewport);
      await openApp(page, '/legal/impressum');
      await page.getByText('Kiezmarkt Nord GmbH').waitFor();
      expect(await page.title()).toContain('Kiezmarkt');
      expect(await page.getByText('Musterstraße').count()).toBe(0);
      await screenshot(page, `legal-impressum-${size}`);
      await openApp(page, '/legal/datenschutz');
      await page.getByRole('heading', { name: '6. Cookies und Speicher im Browser' }).waitFor();
      await screenshot(page, `legal-datenschutz-${size}`);
      await openApp(page, '/register');
      const form = page.getByRole('form', { name: 'Registrieren' });
      await form.getByRole('link', { name: 'AGB' }).waitFor();
      await form.getByRole('link', { name: 'Datenschutzerklärung' }).waitFor();
      await form.getByRole('button', { name: 'Konto erstellen' }).scrollIntoViewIfNeeded();
      await screenshot(page, `legal-register-${size}`);
      await context.close();
    }
  }, 120_000);

  it('registers under the current AGB without being asked', async () => {
    if (!server) throw new Error('the first test starts the server');
    const { context, page } = await quietPage(server.baseUrl, DESKTOP);
    await openApp(page, '/register');
    const form = page.getByRole('form', { name: 'Registrieren' });
    await form.getByLabel(/^E-Mail-Adresse/).pressSequentially(email);
    await form.getByLabel(/^Passwort\W*$/).pressSequentially(PASSWORD);
    await form.getByLabel(/^Passwort wiederholen/).pressSequentially(PASSWORD);
    await form.getByRole('button', { name: 'Konto erstellen' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Konto-Menü' }).waitFor();
    // Registered under the current AGB: nothing to accept.
    expect(await page.getByRole('dialog', { name: 'Unsere AGB haben sich geändert' }).count()).toBe(0);
    await context.close();
    await server.stop();
    server = undefined;
  }, 120_000);

  it('asks once for a newer AGB version after login and not again', async () => {
    server = await startServer({ ...OPERATOR, DATA_DIR: dataDir, TERMS_VERSION: '2027-01-15' });
    const { context, page, errors } = await quietPage(server.baseUrl, MOBILE);
    await openApp(page, '/login');
    const form = page.getByRole('form', { name: 'Anmelden' });
    await form.getByLabel('E-Mail-Adresse').pressSequentially(email);
    await form.getByLabel(/^Passwort$/).pressSequentially(PASSWORD);
    await form.getByRole('button', { name: 'Anmelden' }).click();

    const dialog = page.getByRole('dialog', { name: 'Unsere AGB haben sich geändert' });
    await dialog.waitFor();
    await dialog.getByText('Seit dem 15. Januar 2027 gilt eine neue Fassung').waitFor();
    // The dialog has faded in.
    await page.waitForFunction(() => {
      const container = document.querySelector('[role="dialog"]')?.parentElement;
      return container !== null && container !== undefined && getComputedStyle(container).opacity === '1';
    });
    await screenshot(page, 'legal-terms-dialog-mobile');
    await dialog.getByRole('button', { name: 'Zustimmen' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Danke! Deine Zustimmung ist gespeichert.').waitFor();

    const me = await page.evaluate(async () => {
      const token = localStorage.getItem('auth.token');
      const res = await fetch('/api/me', { headers: { Authorization: `Bearer ${token}` } });
      return res.json();
    });
    expect(me.terms_version).toBe('2027-01-15');

    // A new visit asks nothing.
    await openApp(page, '/legal/agb');
    await page.getByText('Stand: 15. Januar 2027').waitFor();
    expect(await page.getByRole('dialog', { name: 'Unsere AGB haben sich geändert' }).count()).toBe(0);
    expect(errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
    await server.stop();
    server = undefined;
  }, 120_000);

  it('says in the Impressum when the operator has set no data', async () => {
    server = await startServer();
    const { context, page } = await quietPage(server.baseUrl, MOBILE);
    await openApp(page, '/legal/impressum');
    await page.getByText('Angaben zum Betreiber fehlen').waitFor();
    await page.getByText('Es fehlen: Name, Anschrift, E-Mail-Adresse.', { exact: false }).waitFor();
    expect(await page.title()).toContain('Marktplatz');
    expect(await page.getByText('Musterstraße').count()).toBe(0);
    await screenshot(page, 'legal-impressum-unconfigured-mobile');
    await context.close();
  }, 120_000);
});
