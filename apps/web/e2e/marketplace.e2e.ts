import type { BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, type OpenedPage, test } from './fixtures.ts';
import {
  atTop,
  DESKTOP,
  MOBILE,
  openApp,
  STEP_MS,
  screenshot as saveScreenshot,
  unexpected,
} from './helpers/browser.ts';
import { linkFromOutbox } from './helpers/mail.ts';
import { PASSWORD } from './helpers/members.ts';
import type { RunningServer } from './helpers/server.ts';

const TITLE = `Fahrrad Trekkingrad 28 Zoll ${Date.now().toString(36)}`;
const DESCRIPTION =
  'Gut erhaltenes Trekkingrad mit 21 Gängen, Nabendynamo und Gepäckträger.\n<b>Probefahrt</b> gern am Wochenende.';

test.use({ serverEnv: {} });
// The tests follow one ad from its posting on: each goes on with what the ones before made.
test.describe.configure({ mode: 'serial' });

/** Registers a member through the API (the seller registers through the pages). */
async function register(server: RunningServer, email: string, nickname: string): Promise<void> {
  const res = await fetch(`${server.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, nickname }),
  });
  expect(res.status).toBe(202);
}

/** Logs in through the login form and waits for the way back. */
async function logIn(page: Page, email: string, next: string): Promise<void> {
  await openApp(page, `/login?next=${encodeURIComponent(next)}`);
  const form = page.getByRole('form', { name: 'Anmelden' });
  await form.getByLabel('E-Mail-Adresse').fill(email);
  await form.getByLabel(/^Passwort$/).fill(PASSWORD);
  await form.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => url.pathname === next.split('?')[0], { timeout: STEP_MS });
}

/** The localStorage of `context`'s pages on the server, to open a page with the same session. */
async function storageOf(context: BrowserContext, baseUrl: string): Promise<Record<string, string>> {
  const state = await context.storageState();
  const entries = state.origins.find((origin) => origin.origin === baseUrl)?.localStorage ?? [];
  return Object.fromEntries(entries.map(({ name, value }) => [name, value]));
}

/** A screenshot of the page's top. */
async function screenshot(page: Page, name: string): Promise<void> {
  await atTop(page);
  await saveScreenshot(page, name);
}

/** An 800x600 JPEG that carries EXIF GPS tags (48°8'N 11°34'E, Munich), as phone photos do. */
function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#4a8' } })
    .jpeg()
    .withExif({
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 8/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '11/1 34/1 0/1',
      },
    })
    .toBuffer();
}

test.describe('the marketplace as a new member uses it', () => {
  const sellerEmail = `verkaeuferin.${Date.now()}@example.org`;
  const buyerEmail = `kaeufer.${Date.now()}@example.org`;
  /** The seller's page, kept open from the first test to the last. */
  let seller: OpenedPage;
  let listingPath = '';

  test.afterAll(async () => {
    await seller?.context.close();
  });

  test('posts an ad with a photo carrying GPS tags', async ({ newPage, server }) => {
    test.setTimeout(180_000);
    seller = await newPage(DESKTOP, { keep: true });
    const { page } = seller;
    // A new visitor: posting asks to log in, and the login page leads to the registration.
    await openApp(page, '/create-listing');
    await page.waitForURL((url) => url.pathname === '/login', { timeout: STEP_MS });
    await page.getByRole('link', { name: 'Jetzt registrieren' }).click();
    const registration = page.getByRole('form', { name: 'Registrieren' });
    await registration.getByLabel(/^E-Mail-Adresse/).fill(sellerEmail);
    await registration.getByLabel(/^Passwort\W*$/).fill(PASSWORD);
    await registration.getByLabel(/^Passwort wiederholen/).fill(PASSWORD);
    await registration.getByLabel('Spitzname (optional)').fill('Rad-Ria');
    await registration.getByRole('button', { name: 'Konto erstellen' }).click();
    // Back at the form, which waits for the confirmed address.
    await page.waitForURL((url) => url.pathname === '/create-listing', { timeout: STEP_MS });
    await page.getByText(/^Bitte bestätige zuerst deine E-Mail-Adresse/).waitFor({ timeout: STEP_MS });
    await page.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }).waitFor();
    await openApp(page, await linkFromOutbox(server.dataDir, sellerEmail, 'verify-email'));
    await page.getByText('Deine E-Mail-Adresse ist bestätigt.').waitFor({ timeout: STEP_MS });

    await openApp(page, '/create-listing');
    await page.getByRole('heading', { level: 1, name: 'Anzeige aufgeben' }).waitFor({ timeout: STEP_MS });
    await page.getByRole('button', { name: 'Biete' }).click();
    await page.getByRole('button', { name: 'Kategorie wählen' }).click();
    const picker = page.getByRole('dialog');
    await picker.getByRole('button', { name: 'Auto, Rad & Boot' }).click();
    await picker.getByRole('button', { name: 'Fahrräder & Zubehör' }).click();
    await picker.waitFor({ state: 'detached' });
    await page.getByLabel(/^Titel/).fill(TITLE);
    await page.getByRole('textbox', { name: /^Beschreibung/ }).fill(DESCRIPTION);
    await page.getByRole('textbox', { name: /^Preis/ }).fill('250');
    await page.getByRole('radio', { name: 'VB' }).check();
    await page.getByRole('combobox', { name: 'Art' }).selectOption('Trekkingrad');

    const jpeg = await photoWithGps();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    await page
      .getByTestId('photo-input')
      .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByText('Titelbild', { exact: true }).waitFor({ timeout: STEP_MS });
    await page.getByText(/Wird hochgeladen/).waitFor({ state: 'detached', timeout: STEP_MS });

    await page.getByRole('combobox', { name: /^Postleitzahl/ }).pressSequentially('80331');
    await page.getByRole('option', { name: /80331 München/ }).click({ timeout: STEP_MS });
    await screenshot(page, 'marketplace-create-desktop');

    await page.getByRole('button', { name: 'Anzeige veröffentlichen' }).click();
    await page.waitForURL(/\/listing\/[0-9a-f-]+$/, { timeout: STEP_MS });
    listingPath = new URL(page.url()).pathname;
    await page.getByText('Deine Anzeige ist online.').waitFor({ timeout: STEP_MS });
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(unexpected(seller.errors)).toEqual([]);
  });

  test('finds the ad on home, in its category and by searching stemmed and misspelt words', async ({
    newPage,
  }) => {
    test.setTimeout(120_000);
    const { page, errors } = await newPage(DESKTOP);
    await openApp(page, '/');
    await expect(page.getByRole('heading', { name: 'Neueste Kleinanzeigen' })).toBeVisible();
    await page.getByRole('heading', { name: TITLE }).waitFor({ timeout: STEP_MS });
    await expect(page.getByRole('article').filter({ hasText: TITLE })).toContainText('250 € VB');
    await screenshot(page, 'marketplace-home-desktop');

    await page.getByRole('navigation', { name: 'Kategorien' }).getByRole('link', { name: /Auto/ }).click();
    await page.waitForURL((url) => url.pathname === '/category/auto-rad-boot');
    // The address changes before the page arrives: wait for the category's own heading.
    await page.getByRole('heading', { level: 1, name: /Auto, Rad & Boot/ }).waitFor({ timeout: STEP_MS });
    await page.getByRole('heading', { name: TITLE }).waitFor({ timeout: STEP_MS });
    await page.getByRole('link', { name: /^Fahrräder & Zubehör/ }).click();
    await page.waitForURL((url) => url.pathname === '/category/auto-rad-boot/fahrraeder-zubehoer');
    await page.getByRole('heading', { level: 1, name: /Fahrräder & Zubehör/ }).waitFor({ timeout: STEP_MS });
    await page.getByRole('heading', { name: TITLE }).waitFor({ timeout: STEP_MS });
    await screenshot(page, 'marketplace-category-desktop');

    // The header search finds 'Fahrrad …' by its plural (German stemming) ...
    const search = page.getByPlaceholder('Was suchst du?').first();
    await search.fill('Fahrräder');
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'Fahrräder');
    await page
      .getByRole('heading', { level: 1, name: 'Suchbegriff: „Fahrräder“' })
      .waitFor({ timeout: STEP_MS });
    await page.getByRole('heading', { name: TITLE }).waitFor({ timeout: STEP_MS });
    // ... and by a typo (trigram correction).
    await openApp(page, '/search?q=Fahrad');
    await page.getByRole('heading', { name: TITLE }).waitFor({ timeout: STEP_MS });
    await screenshot(page, 'marketplace-search-desktop');

    // An empty result says so and offers to widen the search.
    await openApp(page, '/search?q=Fahrrad&category=elektronik');
    await page.getByText('Keine Anzeigen gefunden für „Fahrrad“').waitFor({ timeout: STEP_MS });
    await page.getByRole('button', { name: 'In allen Kategorien suchen' }).click();
    await page.getByRole('heading', { name: TITLE }).waitFor({ timeout: STEP_MS });

    expect(unexpected(errors)).toEqual([]);
  });

  test('opens the ad, whose served photos carry no EXIF data', async ({ newPage, server }) => {
    test.setTimeout(120_000);
    const { page, errors } = await newPage(DESKTOP);
    await openApp(page, '/');
    await page.getByRole('heading', { name: TITLE }).click({ timeout: STEP_MS });
    await page.waitForURL((url) => url.pathname === listingPath);
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(page.getByText('250 € VB').first()).toBeVisible();
    // HTML typed by the seller is shown as text, not markup.
    await expect(page.getByTestId('listing-description')).toContainText('<b>Probefahrt</b>', {
      useInnerText: true,
    });
    await expect(page.getByTestId('listing-description').locator('b')).toHaveCount(0);
    await expect(page.getByText('Trekkingrad', { exact: true })).toBeVisible();
    await expect(page.getByText('80331 München').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nachricht schreiben' })).toBeVisible();

    const src = await page
      .getByRole('img', { name: `${TITLE} – Bild 1` })
      .first()
      .getAttribute('src');
    expect(src).toMatch(/^\/api\/images\/[0-9a-f]{32}-detail\.webp$/);
    for (const variant of ['card', 'detail', 'full']) {
      const res = await fetch(`${server.baseUrl}${src?.replace('-detail.', `-${variant}.`)}`);
      expect(res.status).toBe(200);
      const served = Buffer.from(await res.arrayBuffer());
      const metadata = await sharp(served).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
    }

    // Full-screen view with arrow keys and Escape.
    await page.getByRole('button', { name: 'Bild im Vollbild öffnen' }).first().click();
    await expect(page.getByRole('button', { name: 'Vollbild schließen' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Vollbild schließen' })).toHaveCount(0);
    await screenshot(page, 'marketplace-listing-desktop');
    expect(unexpected(errors)).toEqual([]);
  });

  test('lets a second member save the ad and see it on /favorites', async ({ newPage, server }) => {
    test.setTimeout(120_000);
    await register(server, buyerEmail, 'Kai');
    const { context, page, errors } = await newPage(DESKTOP);
    await logIn(page, buyerEmail, listingPath);
    const heart = page.getByRole('button', { name: 'Zu Favoriten hinzufügen' });
    await heart.click({ timeout: STEP_MS });
    await page.getByRole('button', { name: 'Aus Favoriten entfernen' }).waitFor({ timeout: STEP_MS });
    // Following the seller puts her ads into the buyer's feed (the header's 'Feed').
    await page.getByRole('button', { name: 'Folgen', exact: true }).click({ timeout: STEP_MS });
    await page.getByRole('button', { name: 'Entfolgen' }).waitFor({ timeout: STEP_MS });
    await page.getByRole('banner').getByRole('link', { name: 'Feed' }).click({ timeout: STEP_MS });
    await page.getByRole('heading', { level: 1, name: 'Feed' }).waitFor({ timeout: STEP_MS });
    await page.getByRole('heading', { name: TITLE }).waitFor({ timeout: STEP_MS });
    await screenshot(page, 'marketplace-follow-feed-desktop');

    await openApp(page, '/favorites');
    await expect(page.getByRole('heading', { level: 1, name: /Favoriten/ })).toBeVisible();
    await page.getByRole('heading', { name: TITLE }).waitFor({ timeout: STEP_MS });
    await screenshot(page, 'marketplace-favorites-desktop');

    const mobile = await newPage(MOBILE, { storage: await storageOf(context, server.baseUrl) });
    await openApp(mobile.page, '/favorites');
    await mobile.page.getByRole('heading', { name: TITLE }).waitFor({ timeout: STEP_MS });
    await screenshot(mobile.page, 'marketplace-favorites-mobile');
    await mobile.context.close();

    expect(unexpected(errors)).toEqual([]);
  });

  test('shows the ad in Meine Anzeigen with its status and counts, and edits it', async () => {
    test.setTimeout(120_000);
    const { page } = seller;
    await openApp(page, '/listings');
    await expect(page.getByRole('heading', { level: 1, name: 'Meine Anzeigen' })).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: TITLE });
    await row.waitFor({ timeout: STEP_MS });
    await expect(row).toHaveText(/Aktiv.*1 gemerkt/s);
    await screenshot(page, 'marketplace-my-listings-desktop');

    // Mark it reserved: the ad page says so.
    await row.getByRole('button', { name: `Aktionen: ${TITLE}` }).click();
    await page.getByRole('menuitem', { name: 'Als reserviert markieren' }).click();
    await page.getByText('Die Anzeige ist jetzt als reserviert markiert.').waitFor({ timeout: STEP_MS });
    await openApp(page, listingPath);
    await page.getByText('Reserviert – diese Anzeige ist zurzeit reserviert.').waitFor({ timeout: STEP_MS });
    await expect(page.getByRole('link', { name: 'Bearbeiten' })).toBeVisible();
    await screenshot(page, 'marketplace-listing-reserved-desktop');

    // Reactivate it, so lists show it again.
    await openApp(page, '/listings');
    await row.getByRole('button', { name: `Aktionen: ${TITLE}` }).click({ timeout: STEP_MS });
    await page.getByRole('menuitem', { name: 'Reaktivieren' }).click();
    await page.getByText('Die Anzeige ist wieder aktiv.').waitFor({ timeout: STEP_MS });
    await expect(row).toContainText('Aktiv');

    // Edit it from its page: the form comes filled in, the new price and place are shown.
    await openApp(page, listingPath);
    await page.getByRole('link', { name: 'Bearbeiten' }).click({ timeout: STEP_MS });
    await page.getByRole('heading', { level: 1, name: 'Anzeige bearbeiten' }).waitFor({ timeout: STEP_MS });
    await expect(page.getByLabel(/^Titel/)).toHaveValue(TITLE);
    const price = page.getByRole('textbox', { name: /^Preis/ });
    await expect(price).toHaveValue('250');
    await price.fill('240');
    // A postal code typed without picking a place gets its main town, not the village listed first.
    const postalCode = page.getByRole('combobox', { name: /^Postleitzahl/ });
    await expect(postalCode).toHaveValue('80331');
    await postalCode.fill('');
    await postalCode.pressSequentially('88131');
    await page.getByText('Lindau (Bodensee)', { exact: true }).waitFor({ timeout: STEP_MS });
    await postalCode.press('Escape');
    await page.getByRole('button', { name: 'Änderungen speichern' }).click();
    await page.waitForURL((url) => url.pathname === listingPath, { timeout: STEP_MS });
    await page.getByText('240 € VB').first().waitFor({ timeout: STEP_MS });
    await expect(page.getByText('88131 Lindau (Bodensee)').first()).toBeVisible();
    expect(unexpected(seller.errors)).toEqual([]);
  });

  test('shows every page at 390 px', async ({ newPage, server }) => {
    test.setTimeout(120_000);
    const { page, errors } = await newPage(MOBILE, {
      storage: await storageOf(seller.context, server.baseUrl),
    });
    await openApp(page, '/');
    await page.getByRole('heading', { name: TITLE }).waitFor({ timeout: STEP_MS });
    await screenshot(page, 'marketplace-home-mobile');
    await openApp(page, '/category/auto-rad-boot/fahrraeder-zubehoer');
    await page.getByRole('heading', { name: TITLE }).waitFor({ timeout: STEP_MS });
    await screenshot(page, 'marketplace-category-mobile');
    await openApp(page, listingPath);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor({ timeout: STEP_MS });
    await screenshot(page, 'marketplace-listing-mobile');
    await openApp(page, '/search?q=Fahrräder');
    await page.getByRole('heading', { name: TITLE }).waitFor({ timeout: STEP_MS });
    await screenshot(page, 'marketplace-search-mobile');
    await openApp(page, '/listings');
    await page.getByRole('listitem').filter({ hasText: TITLE }).waitFor({ timeout: STEP_MS });
    await screenshot(page, 'marketplace-my-listings-mobile');
    // The bottom bar's 'Dashboard': the ad counted, with the other member's save.
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click({ timeout: STEP_MS });
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: STEP_MS });
    await page.getByRole('link', { name: 'Aktive Anzeigen: 1' }).waitFor({ timeout: STEP_MS });
    await page.getByRole('link', { name: 'Gemerkt: 1' }).waitFor({ timeout: STEP_MS });
    await page
      .getByRole('region', { name: 'Deine neuesten Anzeigen' })
      .getByRole('link', { name: TITLE })
      .waitFor({ timeout: STEP_MS });
    await screenshot(page, 'marketplace-dashboard-mobile');
    // The quick links' 'Entitäten': the seller is in the members' directory, a search finds her.
    await page.getByRole('link', { name: 'Entitäten' }).first().click({ timeout: STEP_MS });
    await page.getByRole('heading', { level: 1, name: 'Entitäten' }).waitFor({ timeout: STEP_MS });
    await page.getByRole('searchbox', { name: 'Name suchen' }).fill('Rad-Ria');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Rad-Ria', { timeout: STEP_MS });
    await page.getByRole('link', { name: 'Rad-Ria' }).waitFor({ timeout: STEP_MS });
    await screenshot(page, 'marketplace-entities-mobile');
    await openApp(page, '/create-listing');
    await page.getByRole('heading', { level: 1, name: 'Anzeige aufgeben' }).waitFor({ timeout: STEP_MS });
    await screenshot(page, 'marketplace-create-mobile');
    expect(unexpected(errors)).toEqual([]);
  });
});
