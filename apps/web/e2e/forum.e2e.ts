import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { badge, DESKTOP, MOBILE, openApp, STEP_MS, screenshot } from './helpers/browser.ts';
import { logIn, PASSWORD } from './helpers/members.ts';

const ADMIN_EMAIL = 'forum-admin@example.org';

test.use({ serverEnv: { ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORD } });

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

test.describe('forum', () => {
  test('A opens a thread, B replies with a quote and a mention, A is told live, an admin locks it', async ({
    newPage,
    member,
  }) => {
    test.setTimeout(240_000);
    const stamp = Date.now();
    const annaEmail = `anna.${stamp}@example.org`;
    const bennoEmail = `benno.${stamp}@example.org`;
    const anna = `Anna${stamp.toString(36).slice(-4)}`;
    await member(annaEmail, anna);
    await member(bennoEmail, 'Benno');
    const title = `Gewerbe anmelden in Köln ${stamp.toString(36)}`;

    // A, on a desktop: the forum is in the header; the new thread is previewed, then opened.
    const a = await newPage(DESKTOP);
    const aLive = socketConnected(a.page);
    await logIn(a.page, annaEmail, '/forum');
    await a.page.getByRole('region', { name: 'Business Forum' }).waitFor({ timeout: STEP_MS });
    await screenshot(a.page, 'forum-overview-desktop');
    await a.page.getByRole('link', { name: 'Gründung', exact: true }).click();
    await a.page.getByRole('link', { name: 'Neues Thema' }).click({ timeout: STEP_MS });
    await a.page.getByRole('textbox', { name: 'Titel' }).fill(title);
    await a.page
      .getByRole('textbox', { name: 'Text' })
      .fill('Wer hat schon mal ein **Nebengewerbe** angemeldet? <script>alert(1)</script>');
    await a.page.getByRole('tab', { name: 'Vorschau' }).click();
    const preview = a.page.getByTestId('forum-preview');
    await preview.locator('strong', { hasText: 'Nebengewerbe' }).waitFor({ timeout: STEP_MS });
    await expect(preview.locator('script')).toHaveCount(0);
    await a.page.getByRole('tab', { name: 'Schreiben' }).click();
    await a.page.getByRole('button', { name: 'Thema erstellen' }).click();
    await a.page.waitForURL(/\/forum\/thread\//, { timeout: STEP_MS });
    const threadPath = new URL(a.page.url()).pathname;
    await a.page.getByRole('heading', { name: title }).waitFor({ timeout: STEP_MS });
    await aLive;
    const bell = a.page.getByRole('button', { name: /Benachrichtigungen/ });
    expect(await badge(bell)).toBe('');

    // B, on a phone: quotes A's post and mentions A.
    const b = await newPage(MOBILE);
    await logIn(b.page, bennoEmail, threadPath);
    await b.page.getByRole('button', { name: 'Zitieren' }).first().click({ timeout: STEP_MS });
    const reply = b.page.getByRole('textbox', { name: 'Text' });
    await expect(reply).toHaveValue(new RegExp(`> @${anna} schrieb:`));
    await reply.press('End');
    await reply.pressSequentially(`Ich! @${anna} es ging online in zehn Minuten.`);
    await b.page.getByRole('button', { name: 'Antwort senden' }).click();
    await b.page.locator('#post-2').getByText('es ging online in zehn Minuten').waitFor({ timeout: STEP_MS });
    await b.page.locator('#post-2 blockquote').waitFor();
    await screenshot(b.page, 'forum-thread-reply-mobile');

    // A is told live: the bell counts the mention, and the panel names B.
    await expect.poll(() => badge(bell), { timeout: STEP_MS }).toBe('1');
    await bell.click();
    const panel = a.page.getByRole('dialog', { name: 'Benachrichtigungen' });
    await panel.getByText(/Benno hat dich im Thema/).waitFor({ timeout: STEP_MS });
    // The panel has faded in.
    await expect
      .poll(() => panel.evaluate((node) => getComputedStyle(node).opacity), {
        timeout: STEP_MS,
      })
      .toBe('1');
    await screenshot(a.page, 'forum-bell-desktop');
    await a.page.keyboard.press('Escape');

    // The admin locks the thread; nobody can reply any more.
    const admin = await newPage(DESKTOP);
    await logIn(admin.page, ADMIN_EMAIL, threadPath);
    const moderation = admin.page.getByRole('region', { name: 'Moderation' });
    // The admin account was made at start without the AGB; the app asks for them once.
    const terms = admin.page.getByRole('dialog', { name: 'Bitte stimme unseren AGB zu' });
    await terms.or(moderation).first().waitFor({ timeout: STEP_MS });
    if (await terms.isVisible()) {
      await terms.getByRole('button', { name: 'Zustimmen' }).click();
      await terms.waitFor({ state: 'detached', timeout: STEP_MS });
    }
    await moderation.getByRole('button', { name: 'Schließen' }).click({ timeout: STEP_MS });
    await admin.page
      .getByText('Dieses Thema ist geschlossen. Antworten sind nicht mehr möglich.')
      .waitFor({ timeout: STEP_MS });
    await screenshot(admin.page, 'forum-thread-locked-desktop');

    await b.page.reload();
    await b.page.getByText('Dieses Thema ist geschlossen. Antworten sind nicht mehr möglich.').waitFor({
      timeout: STEP_MS,
    });
    await expect(b.page.getByRole('button', { name: 'Antwort senden' })).toHaveCount(0);
    await screenshot(b.page, 'forum-thread-locked-mobile');

    // The forum list at 390 px shows the thread marked as closed.
    await openApp(b.page, '/forum/business/gruendung');
    await b.page.getByRole('link', { name: title }).waitFor({ timeout: STEP_MS });
    await screenshot(b.page, 'forum-list-mobile');
  });
});
