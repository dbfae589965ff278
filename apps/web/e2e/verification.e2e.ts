import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { DESKTOP, MOBILE, openApp, STEP_MS, screenshot } from './helpers/browser.ts';
import { logIn as logInAs, PASSWORD, postBikeAd } from './helpers/members.ts';

const ADMIN_EMAIL = 'verification-admin@example.org';
const SELLER_EMAIL = 'anna-verification-e2e@example.org';
/** A small one-page PDF, the business's register extract. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test.use({ serverEnv: { ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORD } });

/** The register extract as a file to upload, in a folder removed after the file's tests. */
let pdfPath: string;

test.beforeAll(() => {
  pdfPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'verification-e2e-')), 'handelsregister.pdf');
  fs.writeFileSync(pdfPath, PDF);
});
test.afterAll(() => {
  if (pdfPath) fs.rmSync(path.dirname(pdfPath), { recursive: true, force: true });
});

/** Logs in and waits for the page's heading `ready`, accepting the AGB once when asked. */
const logIn = (page: Page, email: string, next: string, ready: string) =>
  logInAs(page, email, next, page.getByRole('heading', { level: 1, name: ready }));

test.describe('seller verification', () => {
  test("A applies as a business with a PDF, the admin approves, and A's ad carries 'Gewerblich' with the trader's address", async ({
    newPage,
    member,
    server,
  }) => {
    const { token } = await member(SELLER_EMAIL, 'Anna Rad');
    const adId = await postBikeAd(server, token, {
      title: 'Rennrad aus dem Fachhandel',
      description: 'Gewartetes Rennrad mit neuer Kette, Rechnung vorhanden.',
      price: 650,
      price_type: 'fixed',
      postal_code: '10115',
      bike_type: 'Rennrad',
    });

    // A fills in the business form on a phone and sends the PDF.
    const a = await newPage(MOBILE);
    await logIn(a.page, SELLER_EMAIL, '/seller-verification', 'Verkäufer-Verifizierung');
    await a.page.getByLabel('Unternehmen').check();
    await a.page.getByLabel(/^Firmenname/).fill('Rad & Co. GmbH');
    await a.page.getByLabel(/^Rechtsform/).fill('GmbH');
    await a.page.getByLabel(/^Straße und Hausnummer/).fill('Marktplatz 5');
    await a.page.getByLabel(/^PLZ/).fill('10115');
    await a.page.getByLabel(/^Ort/).fill('Berlin');
    await a.page.getByLabel(/^Telefon/).fill('030 987654');
    await a.page.getByLabel(/^Geschäftliche E-Mail-Adresse/).fill('info@rad-und-co.example');
    await a.page.getByLabel(/^Handelsregisternummer/).fill('HRB 12345 B');
    await a.page.locator('input[type=file][name=file]').setInputFiles(pdfPath);
    await a.page.getByText('handelsregister.pdf').waitFor({ timeout: STEP_MS });
    await screenshot(a.page, 'verification-form-mobile');
    await a.page.getByRole('button', { name: 'Verifizierung beantragen' }).click();
    await a.page.waitForURL((url) => url.pathname === '/verification-status', { timeout: STEP_MS });
    await a.page.getByText('Dein Antrag wird geprüft.').waitFor({ timeout: STEP_MS });
    await screenshot(a.page, 'verification-status-pending-mobile');

    // The admin sees the request with its PDF beside it and approves it.
    const admin = await newPage(DESKTOP);
    await logIn(admin.page, ADMIN_EMAIL, '/admin/verifications', 'Verifizierungen prüfen');
    const card = admin.page.getByRole('article', { name: 'Rad & Co. GmbH' });
    await card.waitFor({ timeout: STEP_MS });
    await card.getByRole('link', { name: 'PDF öffnen' }).waitFor({ timeout: STEP_MS });
    await screenshot(admin.page, 'verification-admin-queue-desktop');
    await card.getByRole('button', { name: 'Bestätigen' }).click();
    await card.waitFor({ state: 'detached', timeout: STEP_MS });
    await admin.context.close();

    // A's status says approved; A's ad shows the badge and the trader's name and address.
    await openApp(a.page, '/verification-status');
    await a.page.getByText('Du bist verifiziert.').waitFor({ timeout: STEP_MS });
    await openApp(a.page, `/listing/${adId}`);
    await a.page.getByText('Gewerblich', { exact: true }).first().waitFor({ timeout: STEP_MS });
    const trader = a.page.getByRole('region', { name: 'Angaben zum gewerblichen Anbieter' });
    await trader.getByText(/Rad & Co\. GmbH/).waitFor({ timeout: STEP_MS });
    await trader.getByText(/10115 Berlin/).waitFor({ timeout: STEP_MS });
    await trader.scrollIntoViewIfNeeded();
    await screenshot(a.page, 'verification-badge-ad-mobile');
    await a.context.close();

    const desktop = await newPage(DESKTOP);
    await openApp(desktop.page, '/search?q=rennrad&verified_only=true');
    await desktop.page.getByText('Rennrad aus dem Fachhandel').first().waitFor({ timeout: STEP_MS });
    await desktop.page.getByText('Gewerblich', { exact: true }).first().waitFor({ timeout: STEP_MS });
    await screenshot(desktop.page, 'verification-badge-search-desktop');
  });
});
