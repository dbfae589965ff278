import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, openApp, STEP_MS, screenshot } from './helpers/browser.ts';
import { logIn, PASSWORD, postBikeAd } from './helpers/members.ts';

/**
 * Paid promotions (decision 0040): a seller books a Top-Anzeige by invoice and transfer from
 * 'Meine Anzeigen', sees the transfer details with the GiroCode on /payments; an ADMIN records
 * the transfer at /admin; the ad then stands labelled 'Anzeige' above its category's results.
 */

const ADMIN_EMAIL = 'zahlungen-admin@example.org';
test.use({
  serverEnv: {
    ADMIN_EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    OPERATOR_NAME: 'Kleinmarkt GmbH',
    OPERATOR_ADDRESS: 'Hafenstraße 7, 20459 Hamburg',
    OPERATOR_VAT_ID: 'DE123456789',
    OPERATOR_IBAN: 'DE89 3704 0044 0532 0130 00',
  },
});

for (const [label, viewport] of [
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const) {
  test(`a seller buys a Top-Anzeige by invoice, an admin marks it paid, it shows above the category (${label})`, async ({
    newPage,
    member,
    server,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const email = `top.${label}.${stamp}@example.org`;
    const { token } = await member(email, 'Top-Tina');
    const title = `Gravelbike Top ${stamp}`;
    await postBikeAd(server, token, {
      title,
      description: 'Gravelbike mit Schutzblechen, frisch gewartet.',
      price: 890,
    });

    const { page } = await newPage(viewport);
    const actions = page.getByRole('button', { name: `Aktionen: ${title}` });
    await logIn(page, email, '/listings', actions);
    await actions.click();
    await page.getByRole('menuitem', { name: 'Anzeige bewerben' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mehr Reichweite für deine Anzeige' });
    await dialog.getByRole('radio', { name: /Top-Anzeige/ }).check();
    await dialog.getByLabel(/^Name oder Firma/).fill('Tina Top');
    await dialog.getByLabel(/^Straße und Hausnummer/).fill('Lindenweg 3');
    await dialog.getByLabel(/^PLZ/).fill('8033');
    await dialog.getByLabel(/^Ort/).fill('München');
    await dialog.getByRole('radio', { name: 'Rechnung / Überweisung' }).check();
    await screenshot(page, `payments-dialog-${label}`);
    await dialog.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    // A wrong postal code is refused under its field, nothing is ordered.
    await expect(dialog.getByText('Bitte gib eine gültige Postleitzahl mit 5 Ziffern ein.')).toBeVisible();
    await dialog.getByLabel(/^PLZ/).fill('80331');
    await dialog.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();

    await page.waitForURL((url) => url.pathname === '/payments', { timeout: STEP_MS });
    await expect(page.getByRole('heading', { level: 1, name: 'Zahlungen' })).toBeVisible();
    const order = page.getByRole('listitem').filter({ hasText: title });
    await expect(order.getByText('Zahlung offen')).toBeVisible({ timeout: STEP_MS });
    await expect(order.getByText('DE89 3704 0044 0532 0130 00')).toBeVisible();
    await expect(order.getByRole('img', { name: /GiroCode/ })).toBeVisible();
    await expect(order.getByRole('button', { name: /^Rechnung RE-/ })).toBeVisible();
    await screenshot(page, `payments-pending-${label}`);

    // The admin records the transfer at /admin.
    const admin = await newPage(viewport);
    await logIn(
      admin.page,
      ADMIN_EMAIL,
      '/admin',
      admin.page.getByRole('heading', { name: 'Offene Überweisungen', exact: false }),
    );
    const open = admin.page.getByRole('listitem').filter({ hasText: title });
    await open.getByRole('button', { name: 'Zahlung erhalten' }).click();
    await expect(admin.page.getByText('Zahlung verbucht, die Werbeoption läuft.')).toBeVisible({
      timeout: STEP_MS,
    });
    await screenshot(admin.page, `payments-admin-${label}`);

    // The seller sees it paid and running, and the ad stands labelled above its category.
    await openApp(page, '/payments');
    await expect(page.getByRole('listitem').filter({ hasText: title }).getByText('Bezahlt')).toBeVisible({
      timeout: STEP_MS,
    });
    await expect(page.getByRole('region', { name: 'Laufende Werbeoptionen' }).getByText(title)).toBeVisible();
    await screenshot(page, `payments-paid-${label}`);

    await openApp(page, '/category/auto-rad-boot/fahrraeder-zubehoer');
    const top = page.getByTestId('top-listings');
    const card = top.getByRole('article').filter({ hasText: title });
    await expect(card).toBeVisible({ timeout: STEP_MS });
    await expect(card.getByText('Anzeige', { exact: true })).toBeVisible();
    expect(await top.getByRole('article').count()).toBeLessThanOrEqual(3);
    await screenshot(page, `payments-category-top-${label}`);
  });
}
