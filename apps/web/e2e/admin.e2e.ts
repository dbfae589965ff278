import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, STEP_MS, screenshot } from './helpers/browser.ts';
import { logIn as logInAs, PASSWORD, postBikeAd } from './helpers/members.ts';

const ADMIN_EMAIL = 'dashboard-admin@example.org';
const DENIAL =
  'Zugriff verweigert: Sie haben keine Berechtigung, auf das Admin-Dashboard zuzugreifen. Nur Administratoren können diese Seite aufrufen.';

test.use({ serverEnv: { ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORD } });

/** Logs in and waits for the text `ready` (the admin account may be asked for the AGB first). */
const logIn = (page: Page, email: string, next: string, ready: string) =>
  logInAs(page, email, next, page.getByText(ready, { exact: true }).first());

/** The figure shown above `label` inside the card headed `card`. */
function figure(page: Page, card: string, label: string): Locator {
  const region = page.locator('.MuiCard-root', { has: page.getByRole('heading', { name: card }) });
  return region.getByText(label, { exact: true }).locator('xpath=preceding-sibling::p[1]');
}

/** Resolves when `page`'s notification socket has been greeted (register before the page loads). */
function socketConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/ws/notifications')) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"type":"connected"')) resolve();
      });
    });
  });
}

test.describe('admin dashboard', () => {
  test('a member reads the denial; the admin sees the figures and chart, refreshed live when an ad is posted; a role change lands in the audit log', async ({
    newPage,
    member,
    server,
  }) => {
    const { token: sellerToken } = await member('anna-admin-e2e@example.org', 'Anna');
    await member('bernd-admin-e2e@example.org', 'Bernd');

    // A member at /admin reads exactly the denial text of SPEC.md §2.
    const b = await newPage(MOBILE);
    await logIn(b.page, 'bernd-admin-e2e@example.org', '/admin', DENIAL);
    await b.page.getByText(DENIAL, { exact: true }).waitFor({ timeout: STEP_MS });
    await screenshot(b.page, 'admin-denied-mobile');
    await b.context.close();

    const admin = await newPage(DESKTOP);
    const connected = socketConnected(admin.page);
    await logIn(admin.page, ADMIN_EMAIL, '/admin', 'Admin-Dashboard');
    await admin.page
      .getByRole('heading', { level: 1, name: 'Admin-Dashboard' })
      .waitFor({ timeout: STEP_MS });
    await admin.page
      .getByRole('heading', { name: 'Neue Anzeigen und Mitglieder pro Tag (30 Tage)' })
      .waitFor({ timeout: STEP_MS });
    // The chart (recharts) draws its bars as SVG.
    await admin.page.locator('.recharts-surface').first().waitFor({ timeout: STEP_MS });
    await expect(figure(admin.page, 'Mitglieder', 'insgesamt')).toHaveText('3');
    await expect(figure(admin.page, 'Anzeigen', 'aktiv')).toHaveText('0');
    await screenshot(admin.page, 'admin-dashboard-desktop');

    // Anna posts an ad; the admin_update message reloads the figures without a reload.
    await connected;
    await postBikeAd(server, sellerToken, {
      title: 'Gut erhaltenes Fahrrad',
      description: 'Trekkingrad mit 21 Gängen, neue Bremsen, nur Abholung.',
      price: 120,
    });
    await expect(figure(admin.page, 'Anzeigen', 'aktiv')).toHaveText('1');

    // The admin finds Bernd by e-mail, makes him an administrator with a reason; the audit log shows it.
    const members = admin.page.getByRole('region', { name: 'Mitglieder verwalten' });
    await members.getByLabel('Nach E-Mail oder Name suchen').fill('bernd-admin-e2e');
    await members.getByRole('button', { name: 'Rolle von Bernd ändern' }).click({ timeout: STEP_MS });
    const dialog = admin.page.getByRole('dialog', { name: 'Rolle von Bernd ändern' });
    await dialog.getByRole('textbox', { name: /Grund/ }).fill('Verstärkt das Moderationsteam');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached', timeout: STEP_MS });
    const log = admin.page.getByRole('table', { name: 'Protokoll der Admin-Aktionen' });
    await log.getByText('Verstärkt das Moderationsteam').waitFor({ timeout: STEP_MS });
    await log.getByText('Rolle geändert (SELLER → ADMIN)').scrollIntoViewIfNeeded();
    await screenshot(admin.page, 'admin-audit-log-desktop');
    await admin.context.close();

    const mobile = await newPage(MOBILE);
    await logIn(mobile.page, ADMIN_EMAIL, '/admin', 'Admin-Dashboard');
    await mobile.page.locator('.recharts-surface').first().waitFor({ timeout: STEP_MS });
    await screenshot(mobile.page, 'admin-dashboard-mobile');
    await mobile.page
      .getByRole('heading', { name: 'Neue Anzeigen und Mitglieder pro Tag (30 Tage)' })
      .scrollIntoViewIfNeeded();
    await screenshot(mobile.page, 'admin-dashboard-mobile-chart');
    await mobile.page.getByRole('region', { name: 'Mitglieder verwalten' }).scrollIntoViewIfNeeded();
    await screenshot(mobile.page, 'admin-members-mobile');
  });
});
