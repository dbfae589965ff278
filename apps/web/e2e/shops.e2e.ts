import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, openApp, STEP_MS, screenshot } from './helpers/browser.ts';
import { logIn as logInAs, PASSWORD } from './helpers/members.ts';

const ADMIN_EMAIL = 'shops-admin@example.org';
const OWNER_EMAIL = 'shop-owner-e2e@example.org';
const BUYER_EMAIL = 'shop-buyer-e2e@example.org';
const SHOP_NAME = 'Radladen Kreuzberg';

test.use({ serverEnv: { ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORD } });

/** Logs in and waits for the page's heading `ready`, accepting the AGB once when asked. */
const logIn = (page: Page, email: string, next: string, ready: string | RegExp) =>
  logInAs(page, email, next, page.getByRole('heading', { level: 1, name: ready }));

test.describe('shops', () => {
  test('a member registers a shop in all steps with a logo, an admin approves it, a visitor sees its opening state and a member writes to it', async ({
    newPage,
    member,
  }) => {
    await member(OWNER_EMAIL, 'Rita Rad');
    await member(BUYER_EMAIL, 'Bert Käufer');

    // The owner registers the shop on a phone, step by step.
    const owner = await newPage(MOBILE);
    await logIn(owner.page, OWNER_EMAIL, '/shop-registration', 'Shop oder Dienstleister anmelden');
    const page = owner.page;
    await page.getByRole('radio', { name: /^Shop/ }).check();
    await page.getByRole('button', { name: 'Weiter' }).click();

    await page.getByLabel(/^Firmenname/).fill(SHOP_NAME);
    await page.getByLabel(/^Straße und Hausnummer/).fill('Oranienstraße 10');
    await page.getByLabel(/^PLZ/).fill('10999');
    await page.getByLabel(/^Ort/).fill('Berlin');
    // A VAT id that is none is refused before the next step.
    await page.getByLabel(/^USt-IdNr/).fill('DE12345');
    await page.getByLabel(/^Geschäftliche E-Mail-Adresse/).fill('info@radladen.example');
    await page.getByLabel(/^Telefon/).fill('030 1234567');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page
      .getByRole('alert')
      .getByText(/USt-IdNr/)
      .waitFor({ timeout: STEP_MS });
    await page.getByLabel(/^USt-IdNr/).fill('DE123456789');
    // A GmbH is in the trade register: court and number are asked for.
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page
      .getByRole('alert')
      .getByText(/Registergericht/)
      .waitFor({ timeout: STEP_MS });
    await page.getByLabel(/^Registergericht/).fill('Amtsgericht Charlottenburg');
    await page.getByLabel(/^Registernummer/).fill('HRB 98765 B');
    await page.getByRole('button', { name: 'Weiter' }).click();

    await page
      .getByLabel(/^Beschreibung/)
      .fill('Gebrauchte Stadträder und Rennräder, durchgesehen in unserer Werkstatt.');
    await page.getByLabel('Kategorien').fill('Fahrr');
    await page
      .getByRole('option', { name: /Fahrräder & Zubehör/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Weiter' }).click();

    const logo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#1e6fd9' } })
      .png()
      .toBuffer();
    await page
      .locator('input[type=file][aria-label="Logo hochladen"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await expect(page.getByRole('img', { name: 'Logo' })).toHaveAttribute('src', /\/api\/images\//, {
      timeout: STEP_MS,
    });
    await page.getByRole('button', { name: 'Weiter' }).click();

    // Opening hours: Monday to Friday 9 to 18 as proposed, and Saturday morning.
    await page.getByRole('button', { name: 'Zeiten hinzufügen' }).click();
    await page.getByRole('button', { name: 'Weiter' }).click();

    // The preview shows the page as visitors will see it.
    await page.getByText('So sehen Besucher deine Seite').waitFor({ timeout: STEP_MS });
    await page.getByRole('heading', { name: `${SHOP_NAME} GmbH` }).waitFor({ timeout: STEP_MS });
    await screenshot(page, 'shops-registration-preview-mobile');
    await page.getByRole('button', { name: 'Zur Prüfung absenden' }).click();
    await page.getByText(/Danke! Wir prüfen deine Angaben/).waitFor({ timeout: STEP_MS });
    const href = await page.getByRole('link', { name: 'Ansehen' }).getAttribute('href');
    expect(href).toMatch(/^\/shop\/[0-9a-f-]{36}$/);
    const shopPath = href as string;

    // Not public before the approval: the server answers 404.
    const hidden = await page.request.get(shopPath);
    expect(hidden.status()).toBe(404);

    // The admin approves it at /admin.
    const admin = await newPage(DESKTOP);
    await logIn(admin.page, ADMIN_EMAIL, '/admin', /Admin/);
    const queue = admin.page.getByRole('region', { name: 'Shops und Dienstleister' });
    const item = queue.getByRole('listitem').filter({ hasText: SHOP_NAME });
    await item.waitFor({ timeout: STEP_MS });
    await item.getByRole('button', { name: 'Freischalten' }).click();
    await item.waitFor({ state: 'detached', timeout: STEP_MS });
    await admin.context.close();

    // A visitor opens the shop page the server rendered: logo, name, opening state, Impressum.
    const visitor = await newPage(DESKTOP);
    const served = await visitor.page.request.get(shopPath);
    expect(served.status()).toBe(200);
    expect(await served.text()).toContain('"LocalBusiness"');
    const sitemap = await visitor.page.request.get('/sitemaps/shops.xml');
    expect(await sitemap.text()).toContain(shopPath);
    await openApp(visitor.page, shopPath);
    await visitor.page
      .getByRole('heading', { level: 1, name: `${SHOP_NAME} GmbH` })
      .waitFor({ timeout: STEP_MS });
    await expect(visitor.page.getByTestId('opening-state')).toHaveText(/^(Jetzt geöffnet|Öffnet)/, {
      timeout: STEP_MS,
    });
    await visitor.page
      .getByRole('region', { name: 'Impressum' })
      .getByText(/HRB 98765 B/)
      .waitFor();
    await screenshot(visitor.page, 'shops-page-desktop');
    await visitor.context.close();

    // A member writes to the shop through the chat.
    const buyer = await newPage(MOBILE);
    await logIn(buyer.page, BUYER_EMAIL, shopPath, `${SHOP_NAME} GmbH`);
    await screenshot(buyer.page, 'shops-page-mobile');
    await buyer.page.getByRole('link', { name: 'Nachricht schreiben' }).click();
    await buyer.page.waitForURL((url) => url.pathname === '/chat', { timeout: STEP_MS });
    const text = 'Hallo, ist das blaue Stadtrad noch da?';
    await buyer.page.getByRole('textbox', { name: 'Nachricht' }).fill(text);
    await buyer.page.getByRole('button', { name: 'Senden', exact: true }).click();
    await buyer.page
      .getByRole('list', { name: 'Nachrichten' })
      .getByText(text, { exact: true })
      .waitFor({ timeout: STEP_MS });
  });
});
