import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { badge, DESKTOP, MOBILE, openApp, STEP_MS, screenshot, unexpected } from './helpers/browser.ts';
import { logIn, PASSWORD, postBikeAd } from './helpers/members.ts';

test.use({ serverEnv: {} });

/**
 * Watches `page`'s notification sockets (call before the page loads): `connected` resolves when
 * one has been greeted with `connected`, `tickets` holds the `token` of every one opened. Live
 * updates are asserted only after `connected`, so no event can be missed.
 */
function notificationSockets(page: Page): { connected: Promise<void>; tickets: (string | null)[] } {
  const tickets: (string | null)[] = [];
  const connected = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/ws/notifications')) return;
      tickets.push(new URL(socket.url()).searchParams.get('token'));
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"type":"connected"')) resolve();
      });
    });
  });
  return { connected, tickets };
}

/** A single-use ticket, never the access token (three dot-separated parts), is in a socket's URL. */
function expectTickets(tickets: (string | null)[]): void {
  for (const ticket of tickets) expect(ticket).not.toContain('.');
}

/** Waits until a popover has finished fading in. */
async function shown(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => getComputedStyle(node).opacity), { timeout: STEP_MS })
    .toBe('1');
}

/** Sends `text` from the open conversation and waits until the server stored it ('Gesendet'). */
async function send(page: Page, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Nachricht' });
  await input.fill(text);
  await page.getByRole('button', { name: 'Senden', exact: true }).click();
  await page.getByRole('list', { name: 'Nachrichten' }).getByText(text, { exact: true }).waitFor();
  await page.getByText('Wird gesendet …').waitFor({ state: 'detached', timeout: STEP_MS });
}

/** Waits until `text` shows in the open conversation. */
async function sees(page: Page, text: string): Promise<void> {
  await page
    .getByRole('list', { name: 'Nachrichten' })
    .getByText(text, { exact: true })
    .waitFor({ timeout: STEP_MS });
}

/** Gives the other member `stars` stars with a text, through 'Bewerten'. */
async function rate(page: Page, stars: number, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Bewerten' }).click({ timeout: STEP_MS });
  const dialog = page.getByRole('dialog');
  // The star itself: the radio behind it is visually hidden, as in MUI's Rating.
  await dialog
    .locator('label')
    .filter({ hasText: stars === 1 ? '1 Stern' : `${stars} Sterne` })
    .click();
  await dialog
    .getByRole('radio', { name: stars === 1 ? '1 Stern' : `${stars} Sterne`, checked: true })
    .waitFor({ state: 'attached' });
  await dialog.getByLabel('Deine Erfahrung (optional)').fill(text);
  await dialog.getByRole('button', { name: 'Bewertung abgeben' }).click();
  await page.getByText(`Du hast ${stars} von 5 Sternen vergeben.`).waitFor({ timeout: STEP_MS });
}

test.describe('buyer and seller chat live', () => {
  test('a buyer writes about an ad, the seller is told live, both answer and rate each other', async ({
    newPage,
    member,
    api,
    server,
  }) => {
    test.setTimeout(240_000);
    const stamp = Date.now();
    const sellerEmail = `ria.${stamp}@example.org`;
    const buyerEmail = `ben.${stamp}@example.org`;
    const { token: sellerToken } = await member(sellerEmail, 'Rad-Ria');
    await member(buyerEmail, 'Käufer-Ben');
    const title = `Trekkingrad 28 Zoll ${stamp.toString(36)}`;
    const listing = {
      id: await postBikeAd(server, sellerToken, {
        title,
        description: 'Gut erhaltenes Trekkingrad mit 21 Gängen und Nabendynamo.',
        price: 250,
      }),
    };

    // The seller waits on a phone, the buyer writes from a desktop.
    const seller = await newPage(MOBILE);
    const sellerLive = notificationSockets(seller.page);
    await logIn(seller.page, sellerEmail, '/');
    await sellerLive.connected;
    expectTickets(sellerLive.tickets);
    const chatTab = seller.page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', {
      name: /Chat/,
    });
    const bell = seller.page.getByRole('button', { name: /Benachrichtigungen/ });
    expect(await badge(chatTab)).toBe('');

    const buyer = await newPage(DESKTOP);
    const buyerLive = notificationSockets(buyer.page);
    await logIn(buyer.page, buyerEmail, `/listing/${listing.id}`);
    await buyer.page.getByRole('link', { name: 'Nachricht schreiben' }).click({ timeout: STEP_MS });
    await buyer.page.waitForURL(/\/chat\?conversation=/, { timeout: STEP_MS });
    await buyer.page.getByRole('link', { name: `Zur Anzeige „${title}“` }).waitFor({ timeout: STEP_MS });
    // Offers exist for VB ads.
    await buyer.page.getByRole('button', { name: 'Preisvorschlag' }).waitFor();
    await buyerLive.connected;
    expectTickets(buyerLive.tickets);
    await send(buyer.page, 'Hallo, ist das Rad noch zu haben?');

    // Without a reload: the chat tab counts the message and the bell the notification.
    await expect.poll(() => badge(chatTab), { timeout: STEP_MS }).toBe('1');
    await expect.poll(() => badge(bell), { timeout: STEP_MS }).toBe('1');
    await screenshot(seller.page, 'chat-seller-badges-mobile');

    await bell.click();
    const panel = seller.page.getByRole('dialog', { name: 'Benachrichtigungen' });
    await panel
      .getByRole('button', { name: /Käufer-Ben/ })
      .first()
      .waitFor({ timeout: STEP_MS });
    await shown(panel);
    await screenshot(seller.page, 'chat-bell-panel-mobile');
    await seller.page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    await chatTab.click();
    await seller.page.getByRole('button', { name: /Käufer-Ben/ }).click({ timeout: STEP_MS });
    await sees(seller.page, 'Hallo, ist das Rad noch zu haben?');
    // Reading it empties the badge.
    await expect.poll(() => badge(chatTab), { timeout: STEP_MS }).toBe('');
    await send(seller.page, 'Ja, ist noch da.');

    // The buyer sees the answer live in the open conversation.
    await sees(buyer.page, 'Ja, ist noch da.');
    await send(buyer.page, 'Kann ich es morgen ansehen?');
    await sees(seller.page, 'Kann ich es morgen ansehen?');
    await send(seller.page, 'Gern, ab 17 Uhr.');
    await sees(buyer.page, 'Gern, ab 17 Uhr.');
    await screenshot(buyer.page, 'chat-conversation-desktop');
    await screenshot(seller.page, 'chat-conversation-mobile');

    // The seller's list shows the conversation with the last message.
    await seller.page.getByRole('button', { name: 'Zurück zu den Unterhaltungen' }).click();
    await seller.page
      .getByRole('list', { name: 'Unterhaltungen' })
      .getByText('Gern, ab 17 Uhr.')
      .waitFor({ timeout: STEP_MS });
    await screenshot(seller.page, 'chat-list-mobile');
    await seller.page.getByRole('button', { name: /Käufer-Ben/ }).click();

    // Two messages each: both may rate the other now.
    await rate(buyer.page, 5, 'Freundlich und schnell.');
    await rate(seller.page, 4, 'Pünktlich und nett.');
    // A price offer on the VB ad: the seller counters live, the buyer accepts the counter offer.
    await buyer.page.getByRole('button', { name: 'Preisvorschlag' }).click();
    const offerDialog = buyer.page.getByRole('dialog', { name: 'Preisvorschlag machen' });
    await offerDialog.getByLabel('Dein Preis in €').fill('200');
    await offerDialog.getByRole('button', { name: 'Vorschlag senden' }).click();
    await offerDialog.waitFor({ state: 'detached', timeout: STEP_MS });
    const offer = seller.page.getByRole('listitem', { name: 'Preisvorschlag: 200 €' });
    await offer.getByRole('button', { name: 'Gegenangebot' }).click({ timeout: STEP_MS });
    const counterDialog = seller.page.getByRole('dialog', { name: 'Gegenangebot machen' });
    await counterDialog.getByLabel('Dein Preis in €').fill('230');
    await counterDialog.getByRole('button', { name: 'Vorschlag senden' }).click();
    await counterDialog.waitFor({ state: 'detached', timeout: STEP_MS });
    const counter = buyer.page.getByRole('listitem', { name: 'Gegenangebot: 230 €' });
    await counter.getByRole('button', { name: 'Annehmen' }).click({ timeout: STEP_MS });
    const acceptDialog = buyer.page.getByRole('dialog', { name: 'Gegenangebot annehmen?' });
    await acceptDialog.getByRole('button', { name: 'Annehmen' }).click({ timeout: STEP_MS });
    await seller.page.getByText('Preisvorschlag über 230 € angenommen').waitFor({ timeout: STEP_MS });
    await buyer.page.getByText('Preisvorschlag über 230 € angenommen').waitFor({ timeout: STEP_MS });
    await screenshot(seller.page, 'chat-offer-mobile');

    // A photo goes through the upload and shows on both sides.
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c84' } })
      .jpeg()
      .toBuffer();
    await buyer.page
      .getByTestId('chat-photo-input')
      .setInputFiles({ name: 'rad.jpg', mimeType: 'image/jpeg', buffer: photo });
    await buyer.page.getByRole('img', { name: 'Foto im Chat' }).waitFor({ timeout: STEP_MS });
    await seller.page.getByRole('img', { name: 'Foto im Chat' }).waitFor({ timeout: STEP_MS });

    const ratings = await api<{ conversations: { id: string; my_rating: { stars: number } | null }[] }>(
      'GET',
      '/api/chat/conversations',
      undefined,
      sellerToken,
    );
    expect(ratings.conversations[0]?.my_rating?.stars).toBe(4);

    // The buyer read the seller's answers in the open chat, so the bell holds none of them; the
    // seller's next answer, while the buyer is elsewhere, is news again. A click on it marks it
    // read and opens the chat.
    await openApp(buyer.page, '/');
    const buyerBell = buyer.page.getByRole('button', { name: /Benachrichtigungen/ });
    await expect.poll(() => badge(buyerBell), { timeout: STEP_MS }).toBe('');
    const conversationId = ratings.conversations[0]?.id ?? '';
    await api(
      'POST',
      `/api/chat/conversations/${conversationId}/messages`,
      { client_id: crypto.randomUUID(), content: 'Bis morgen, ich bin ab 17 Uhr da.' },
      sellerToken,
    );
    await openApp(buyer.page, '/');
    await expect.poll(() => badge(buyerBell), { timeout: STEP_MS }).toMatch(/^\d+$/);
    const unreadBefore = Number(await badge(buyerBell));
    await buyerBell.click();
    const buyerPanel = buyer.page.getByRole('dialog', { name: 'Benachrichtigungen' });
    await buyerPanel
      .getByRole('button', { name: /Rad-Ria/ })
      .first()
      .waitFor({ timeout: STEP_MS });
    await shown(buyerPanel);
    await screenshot(buyer.page, 'chat-bell-panel-desktop');
    await buyerPanel
      .getByRole('button', { name: /Rad-Ria/ })
      .first()
      .click();
    await buyer.page.waitForURL(/\/chat\?conversation=/, { timeout: STEP_MS });
    await expect
      .poll(async () => Number((await badge(buyerBell)) || 0), { timeout: STEP_MS })
      .toBe(unreadBefore - 1);

    // The header with its 'Nachrichten' entry still fits the narrowest desktop width.
    await buyer.page.setViewportSize({ width: 900, height: 800 });
    await buyer.page.getByRole('link', { name: /Nachrichten/ }).waitFor();
    await buyer.page.getByRole('textbox', { name: 'Nachricht' }).waitFor({ timeout: STEP_MS });
    await buyerPanel.waitFor({ state: 'detached' });
    expect(await buyer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(900);
    await screenshot(buyer.page, 'chat-header-900');

    expectTickets([...sellerLive.tickets, ...buyerLive.tickets]);
    expect(unexpected(buyer.errors)).toEqual([]);
    expect(unexpected(seller.errors)).toEqual([]);
  });

  test("lists a member's notifications with filter and read marks, and keeps the e-mail settings", async ({
    newPage,
    member,
    api,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now();
    const email = `nora.${stamp}@example.org`;
    await member(email, 'Nora');
    const { token: fanToken } = await member(`fan.${stamp}@example.org`, 'Fan-Fritz');
    const me = await api<{ access_token: string; user: { id: string } }>('POST', '/api/auth/login', {
      email,
      password: PASSWORD,
    });
    await api('POST', `/api/follow/${me.user.id}`, undefined, fanToken);

    const { page, errors } = await newPage(DESKTOP);
    await logIn(page, email, '/notifications');
    await page.getByRole('heading', { level: 1, name: 'Benachrichtigungen' }).waitFor();
    const entry = page.getByRole('button', { name: /^Neuer Follower/ });
    await entry.waitFor({ timeout: STEP_MS });
    await expect(entry).toContainText('Fan-Fritz folgt dir jetzt.');
    await page.getByRole('button', { name: 'Neue Follower (1)' }).click();
    await page.getByRole('button', { name: 'Als gelesen markieren', exact: true }).click();
    await page
      .getByRole('button', { name: 'Als gelesen markieren', exact: true })
      .waitFor({ state: 'detached' });
    await screenshot(page, 'notifications-desktop');

    await page.getByRole('link', { name: 'Einstellungen' }).first().click();
    await page.waitForURL((url) => url.pathname === '/notifications/settings', { timeout: STEP_MS });
    const followMail = page.getByRole('switch', { name: 'Neue Follower: Per E-Mail' });
    await followMail.waitFor();
    await expect(followMail).not.toBeChecked();
    // The switch follows the saved settings: wait for the answer, not for the click alone.
    await followMail.click();
    await page.getByText('Einstellungen gespeichert').waitFor({ timeout: STEP_MS });
    await expect(followMail).toBeChecked();
    await page.setViewportSize(MOBILE);
    await openApp(page, '/notifications/settings');
    await expect(page.getByRole('switch', { name: 'Neue Follower: Per E-Mail' })).toBeChecked();
    await screenshot(page, 'notification-settings-mobile');

    expect(unexpected(errors)).toEqual([]);
  });

  test('the scam shield warns the recipient of a lure to WhatsApp, not the sender; one click reports it', async ({
    newPage,
    member,
    server,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    const sellerEmail = `sina.${stamp}@example.org`;
    const buyerEmail = `lockvogel.${stamp}@example.org`;
    const { token: sellerToken } = await member(sellerEmail, 'Rad-Sina');
    await member(buyerEmail, 'Lock-Lars');
    const listing = {
      id: await postBikeAd(server, sellerToken, {
        title: `Kinderfahrrad 20 Zoll ${stamp.toString(36)}`,
        description: 'Gut erhaltenes Kinderfahrrad, nur Abholung.',
        price: 80,
        price_type: 'fixed',
        bike_type: 'Kinderfahrrad',
      }),
    };
    const lure = 'Hallo, ich nehme es! Schreib mir bitte auf WhatsApp 0176 1234567, hier bin ich selten.';

    // The ad and the new conversation show the safety tips, compact on a phone.
    const buyer = await newPage(MOBILE);
    await logIn(buyer.page, buyerEmail, `/listing/${listing.id}`);
    const tips = buyer.page.getByRole('complementary', { name: 'Sicher handeln' });
    await tips.waitFor({ timeout: STEP_MS });
    await tips.scrollIntoViewIfNeeded();
    await screenshot(buyer.page, 'listing-safety-tips-mobile');
    await buyer.page.getByRole('link', { name: 'Nachricht schreiben' }).click();
    await buyer.page.waitForURL(/\/chat\?conversation=/, { timeout: STEP_MS });
    await tips.getByRole('link', { name: 'Mehr dazu in den häufigen Fragen' }).waitFor({ timeout: STEP_MS });
    await screenshot(buyer.page, 'chat-safety-tips-mobile');
    await send(buyer.page, lure);
    // The sender is not told.
    await expect(buyer.page.getByText('Vorsicht, möglicher Betrug')).toHaveCount(0);

    const seller = await newPage(MOBILE);
    await logIn(seller.page, sellerEmail, '/chat');
    await seller.page.getByRole('button', { name: /Lock-Lars/ }).click({ timeout: STEP_MS });
    const flagged = seller.page.getByRole('listitem').filter({ hasText: lure });
    await flagged.getByText(/will dich aus dem Chat locken/).waitFor({ timeout: STEP_MS });
    await screenshot(seller.page, 'chat-scam-warning-mobile');
    await flagged.getByRole('button', { name: 'Diese Nachricht als Betrugsversuch melden' }).click();
    await flagged.getByText('Danke! Wir sehen uns die Unterhaltung an.').waitFor({ timeout: STEP_MS });
    await screenshot(seller.page, 'chat-scam-reported-mobile');
    expect(unexpected(seller.errors)).toEqual([]);
    expect(unexpected(buyer.errors)).toEqual([]);
  });
});
