import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, openApp, STEP_MS, screenshot, unexpected } from './helpers/browser.ts';
import { mailText } from './helpers/mail.ts';
import { logIn, PASSWORD } from './helpers/members.ts';

/**
 * /karriere as applicants and admins use it: an ADMIN opens a position in the panel 'Stellen' at
 * /admin; a visitor opens /karriere, opens the position, applies with a small real PDF and sees
 * the confirmation (a mail confirms it too); the ADMIN finds the application in 'Bewerbungen'
 * and opens the CV. At 390 and 1280 px.
 */

const ADMIN_EMAIL = 'career-admin@example.org';
test.use({ serverEnv: { ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORD } });

/** A small but complete one-page PDF with a line of text. */
function smallPdf(): Buffer {
  const content = 'BT /F1 14 Tf 40 140 Td (Lebenslauf Lena Sommer) Tj ET';
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 420 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
    `<</Length ${content.length}>>stream\n${content}\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

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

/** Opens a position titled `title` in the panel 'Stellen' of /admin. */
async function openPosition(page: Page, title: string): Promise<void> {
  const panel = page.getByRole('region', { name: 'Stellen' });
  await panel.getByRole('button', { name: 'Neue Stelle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Stelle ausschreiben' });
  await dialog.getByRole('textbox', { name: /^Stellentitel/ }).fill(title);
  await dialog.getByRole('combobox', { name: /^Team/ }).click();
  await page.getByRole('option', { name: 'Community' }).click();
  await dialog.getByRole('combobox', { name: /^Umfang/ }).click();
  await page.getByRole('option', { name: 'Teilzeit' }).click();
  await dialog.getByRole('textbox', { name: /^Arbeitsort/ }).fill('Karlsruhe');
  await dialog
    .getByRole('textbox', { name: /^Kurzbeschreibung/ })
    .fill('Du betreust unser Forum und hilfst Käufern und Verkäufern weiter.');
  await dialog
    .getByRole('textbox', { name: /^Stellenbeschreibung/ })
    .fill(
      '## Deine Aufgaben\n\n- Das Forum moderieren\n- **Ratgeber** schreiben\n\n## Was wir bieten\n\n30 Tage Urlaub.',
    );
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByRole('listitem').filter({ hasText: title })).toContainText('Offen');
}

for (const [device, viewport] of [
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const) {
  test(`${device}: a visitor applies with a PDF and sees the confirmation; an admin sees the application and opens the CV`, async ({
    newPage,
    server,
  }) => {
    const title = `Community-Manager:in ${device}`;
    const applicant = `Lena Sommer ${device}`;
    const email = `lena.${device}@example.org`;

    const admin = await newPage(viewport);
    await logIn(
      admin.page,
      ADMIN_EMAIL,
      '/admin',
      admin.page.getByRole('heading', { level: 1, name: 'Admin-Dashboard' }),
    );
    await openPosition(admin.page, title);

    const visitor = await newPage(viewport);
    await openApp(visitor.page, '/karriere');
    await expect(visitor.page.getByRole('heading', { level: 1, name: 'Karriere' })).toBeVisible();
    await expect(visitor.page.getByRole('heading', { name: 'Was wir bieten' })).toBeVisible();
    await screenshot(visitor.page, `career-page-${device}`);
    await visitor.page.getByRole('link', { name: `${title} ansehen` }).click();
    await expect(visitor.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.page.getByText('Community · Karlsruhe · Teilzeit')).toBeVisible();
    await expect(visitor.page.getByRole('heading', { name: 'Deine Aufgaben' })).toBeVisible();

    const form = visitor.page.getByRole('form', { name: 'Jetzt bewerben' });
    // Sent empty, the form names what is missing and sends nothing.
    await form.getByRole('button', { name: 'Bewerbung absenden' }).click();
    await expect(form.getByText('Bitte gib deinen Namen an.')).toBeVisible();
    await expect(form.getByText('Bitte lade deinen Lebenslauf als PDF hoch.')).toBeVisible();

    await form.getByRole('textbox', { name: /^Vor- und Nachname/ }).fill(applicant);
    await form.getByRole('textbox', { name: /^E-Mail-Adresse/ }).fill(email);
    await form
      .getByRole('textbox', { name: /^Anschreiben/ })
      .fill('Ich moderiere seit Jahren ein Fahrradforum und helfe gern Menschen weiter.');
    await form.locator('input[name="cv"]').setInputFiles({
      name: 'lebenslauf.pdf',
      mimeType: 'application/pdf',
      buffer: smallPdf(),
    });
    await expect(form.getByText('lebenslauf.pdf')).toBeVisible();
    await form.getByRole('checkbox', { name: /Ich bin einverstanden/ }).check();
    await screenshot(visitor.page, `career-form-${device}`);
    await form.getByRole('button', { name: 'Bewerbung absenden' }).click();
    const confirmation = visitor.page.getByRole('status').filter({ hasText: 'Danke für deine Bewerbung!' });
    await expect(confirmation).toBeVisible({ timeout: STEP_MS });
    await expect(confirmation).toBeFocused();
    await screenshot(visitor.page, `career-sent-${device}`);
    expect(unexpected(visitor.errors)).toEqual([]);

    await expect
      .poll(() => outboxMailsTo(server.dataDir, email), { timeout: STEP_MS })
      .toEqual([expect.stringContaining(`danke für deine Bewerbung als „${title}“`)]);

    await admin.page.reload();
    const inbox = admin.page.getByRole('region', { name: /^Bewerbungen/ });
    const item = inbox.getByRole('listitem').filter({ hasText: applicant });
    await expect(item).toContainText(`Stelle: ${title}`);
    await expect(item).toContainText('Neu');
    await expect(item.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await item.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await screenshot(admin.page, `career-inbox-${device}`);
    const download = admin.page.waitForEvent('download');
    await item.getByRole('button', { name: `${applicant}: Lebenslauf öffnen` }).click();
    const file = await (await download).path();
    expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await item.getByRole('button', { name: `${applicant}: Als erledigt markieren` }).click();
    await expect(item).toContainText('Erledigt');
    expect(unexpected(admin.errors)).toEqual([]);
  });
}
