import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, openApp, STEP_MS, screenshot, unexpected } from './helpers/browser.ts';
import { mailText } from './helpers/mail.ts';
import { logIn, PASSWORD } from './helpers/members.ts';

/**
 * /partner-werden as a business and an admin use it: a visitor reads what partners get, sends
 * the enquiry form and sees the confirmation (a mail confirms it too); an ADMIN finds the
 * enquiry in the inbox 'Partneranfragen' at /admin and marks it as handled. The page arrives
 * rendered by the server, readable without scripts.
 */

const ADMIN_EMAIL = 'partner-admin@example.org';
test.use({ serverEnv: { ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORD } });

const RECEIVED =
  'Danke! Deine Partneranfrage ist bei uns angekommen. Wir haben dir eine Bestätigung per E-Mail geschickt und melden uns per E-Mail bei dir, sobald wir sie geprüft haben.';

/** The texts of the mails in `dataDir/outbox/` that go to `to`. */
function outboxMailsTo(dataDir: string, to: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'))
    .filter((raw) => raw.includes(to))
    .map(mailText);
}

/** Fills the enquiry form on `page` as `company` with `email` and sends it. */
async function sendEnquiry(page: Page, company: string, email: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Partneranfrage' });
  // Sent empty, the form names what is missing and sends nothing.
  await form.getByRole('button', { name: 'Anfrage senden' }).click();
  await expect(form.getByText('Bitte gib den Namen deines Unternehmens an.')).toBeVisible();
  await expect(form.getByText('Bitte stimme zu, dass wir dich zu deiner Anfrage kontaktieren')).toBeVisible();

  await form.getByRole('textbox', { name: /^Unternehmen/ }).fill(company);
  await form.getByRole('textbox', { name: /^Ansprechperson/ }).fill('Jana Krause');
  await form.getByRole('textbox', { name: /^E-Mail-Adresse/ }).fill(email);
  await form.getByRole('textbox', { name: /^Telefon/ }).fill('0721 987654');
  await form.getByRole('combobox', { name: /^Ich möchte Partner werden als/ }).click();
  await page.getByRole('option', { name: 'Werbepartner' }).click();
  await form
    .getByRole('textbox', { name: /^Deine Nachricht/ })
    .fill('Wir möchten unser Blumengeschäft in der Südstadt bekannter machen. Was ist möglich?');
  await form.getByRole('checkbox', { name: /Ich bin einverstanden/ }).check();
  await form.getByRole('button', { name: 'Anfrage senden' }).click();
}

for (const [device, viewport] of [
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const) {
  test(`${device}: a visitor sends an enquiry and sees the confirmation; an admin finds it at /admin and marks it handled`, async ({
    newPage,
    server,
  }) => {
    const company = `Blumen Krause ${device}`;
    const email = `jana.${device}@blumen-krause.example`;

    const visitor = await newPage(viewport);
    await openApp(visitor.page, '/partner-werden');
    await expect(visitor.page.getByRole('heading', { level: 1, name: 'Partner werden' })).toBeVisible();
    await expect(visitor.page.getByRole('region', { name: 'Für Shops' })).toContainText(
      'Die Shop-Seiten bauen wir gerade auf.',
    );
    await screenshot(visitor.page, `partner-page-${device}`);
    await sendEnquiry(visitor.page, company, email);
    const confirmation = visitor.page.getByRole('status').filter({ hasText: RECEIVED });
    await expect(confirmation).toBeVisible();
    await expect(confirmation).toBeFocused();
    await expect(visitor.page.getByRole('form', { name: 'Partneranfrage' })).toHaveCount(0);
    await screenshot(visitor.page, `partner-sent-${device}`);
    expect(unexpected(visitor.errors)).toEqual([]);

    // The confirmation mail, through the mail queue, names the partner type.
    await expect
      .poll(() => outboxMailsTo(server.dataDir, email), { timeout: STEP_MS })
      .toEqual([expect.stringContaining('danke für deine Anfrage als Werbepartner')]);

    const admin = await newPage(viewport);
    await logIn(
      admin.page,
      ADMIN_EMAIL,
      '/admin',
      admin.page.getByRole('heading', { level: 1, name: 'Admin-Dashboard' }),
    );
    const inbox = admin.page.getByRole('region', { name: /^Partneranfragen/ });
    const item = inbox.getByRole('listitem').filter({ hasText: company });
    await expect(item).toContainText('Werbepartner');
    await expect(item).toContainText('Neu');
    await expect(item.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await expect(item).toContainText('Wir möchten unser Blumengeschäft in der Südstadt bekannter machen.');
    await item.scrollIntoViewIfNeeded();
    await screenshot(admin.page, `partner-inbox-${device}`);

    await item.getByRole('button', { name: `${company}: Als erledigt markieren` }).click();
    await expect(item.getByRole('button', { name: `${company}: Wieder öffnen` })).toBeVisible();
    await expect(item).toContainText('Erledigt');
    await expect(item).toContainText('Status geändert am');
    // Filtered to the handled ones, it is there; among the new ones it is not.
    await inbox.getByRole('combobox', { name: 'Status' }).click();
    await admin.page.getByRole('option', { name: 'Neu' }).click();
    await expect(inbox.getByRole('listitem').filter({ hasText: company })).toHaveCount(0);
    await screenshot(admin.page, `partner-inbox-handled-${device}`);
    expect(unexpected(admin.errors)).toEqual([]);
  });
}

test('without scripts the page shows its offers and the form, as the server rendered them', async ({
  newPage,
}) => {
  const { page } = await newPage(MOBILE, { javaScriptEnabled: false });
  await page.goto('/partner-werden');
  await expect(page.getByRole('heading', { level: 1, name: 'Partner werden' })).toBeVisible();
  await expect(page).toHaveTitle('Partner werden – Marktplatz');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /^Partner werden: Shops, Dienstleister und Werbepartner/,
  );
  await expect(page.getByRole('region', { name: 'Für Dienstleister' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Partneranfrage' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute(
    'href',
    '/legal/datenschutz',
  );
});
