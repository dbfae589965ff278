import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, openApp, STEP_MS, screenshot } from './helpers/browser.ts';
import { logIn } from './helpers/members.ts';

/**
 * The member's templates: a seller keeps an ad as a template and starts a new ad from it (the
 * form filled, without photos); a buyer inserts a chat text template at the cursor and sends it.
 */

test.use({ serverEnv: {} });

for (const [label, viewport] of [
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`templates on a ${label} (${viewport.width} px)`, () => {
    test('a seller saves an ad as a template and starts a new ad from it', async ({
      newPage,
      member,
      api,
    }) => {
      test.setTimeout(180_000);
      const stamp = Date.now().toString(36);
      const email = `vorlage.${label}.${stamp}@example.org`;
      const { token } = await member(email, 'Vorlagen-Vera');
      const title = `Citybike 26 Zoll ${stamp}`;
      await api(
        'POST',
        '/api/listings',
        {
          title,
          description: 'Leichtes Citybike mit Korb, frisch geölt und sofort fahrbereit.',
          price: 120,
          price_type: 'negotiable',
          offer_type: 'offer',
          category: 'fahrraeder-zubehoer',
          postal_code: '80331',
        },
        token,
      );
      const { page } = await newPage(viewport);
      const actions = page.getByRole('button', { name: `Aktionen: ${title}` });
      await logIn(page, email, '/listings', actions);
      await actions.click();
      await page.getByRole('menuitem', { name: 'Als Vorlage speichern' }).click();
      const dialog = page.getByRole('dialog', { name: 'Als Vorlage speichern' });
      const name = dialog.getByLabel(/Name der Vorlage/);
      await expect(name).toHaveValue(title);
      await name.fill(`Citybike-Vorlage ${stamp}`);
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await page.getByText('Vorlage gespeichert.').waitFor({ timeout: STEP_MS });

      await openApp(page, '/vorlagen');
      const start = page.getByRole('link', {
        name: `Neue Anzeige aus Vorlage „Citybike-Vorlage ${stamp}“ erstellen`,
      });
      await start.waitFor({ timeout: STEP_MS });
      await expect(page.getByText(/Fahrräder/).first()).toBeVisible();
      await screenshot(page, `templates-list-${label}`);
      await start.click();
      await page.waitForURL((url) => url.pathname === '/create-listing' && url.searchParams.has('template'), {
        timeout: STEP_MS,
      });
      await page
        .getByText(`Die Anzeige ist mit der Vorlage „Citybike-Vorlage ${stamp}“ vorausgefüllt.`, {
          exact: false,
        })
        .waitFor({
          timeout: STEP_MS,
        });
      await expect(page.getByLabel(/^Titel/)).toHaveValue(title);
      await expect(page.getByLabel(/^Beschreibung/)).toHaveValue(
        'Leichtes Citybike mit Korb, frisch geölt und sofort fahrbereit.',
      );
      await expect(page.getByTestId('chosen-category')).toContainText('Fahrräder');
      await expect(page.getByLabel(/^Preis/).first()).toHaveValue('120');
      await screenshot(page, `templates-prefilled-form-${label}`);
    });

    test('a buyer inserts a text template in the chat composer and sends it', async ({
      newPage,
      member,
      api,
    }) => {
      test.setTimeout(180_000);
      const stamp = Date.now().toString(36);
      const sellerEmail = `rolf.${label}.${stamp}@example.org`;
      const buyerEmail = `kai.${label}.${stamp}@example.org`;
      const { token: sellerToken } = await member(sellerEmail, 'Rad-Rolf');
      await member(buyerEmail, 'Käufer-Kai');
      const listing = await api<{ id: string }>(
        'POST',
        '/api/listings',
        {
          title: `Rennrad Alu ${stamp}`,
          description: 'Schnelles Rennrad aus Aluminium, 16 Gänge, wenig gefahren.',
          price: 300,
          price_type: 'fixed',
          offer_type: 'offer',
          category: 'fahrraeder-zubehoer',
          postal_code: '80331',
        },
        sellerToken,
      );
      const { page } = await newPage(viewport);
      await logIn(page, buyerEmail, `/listing/${listing.id}`);
      await page.getByRole('link', { name: 'Nachricht schreiben' }).first().click({ timeout: STEP_MS });
      await page.waitForURL(/\/chat\?conversation=/, { timeout: STEP_MS });
      const input = page.getByRole('textbox', { name: 'Nachricht' });
      await input.fill('Hallo! ');
      await page.getByRole('button', { name: 'Textvorlage einfügen' }).click();
      await page
        .getByRole('menuitem', { name: 'Ist der Artikel noch verfügbar?' })
        .click({ timeout: STEP_MS });
      await expect(input).toHaveValue('Hallo! Ist der Artikel noch verfügbar?');
      await screenshot(page, `templates-chat-inserted-${label}`);
      await page.getByRole('button', { name: 'Senden', exact: true }).click();
      await page
        .getByRole('list', { name: 'Nachrichten' })
        .getByText('Hallo! Ist der Artikel noch verfügbar?', { exact: true })
        .waitFor({ timeout: STEP_MS });
      await expect(input).toHaveValue('');
    });
  });
}
