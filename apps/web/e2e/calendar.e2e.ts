import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, STEP_MS, screenshot, unexpected } from './helpers/browser.ts';
import { logIn, postBikeAd } from './helpers/members.ts';

test.use({ serverEnv: {} });

/** The Europe/Berlin day `YYYY-MM-DD` `days` days from now, as the date part of a `datetime-local` field. */
function berlinDay(days: number): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

test.describe('appointments agreed in chat and the calendar', () => {
  test('the buyer proposes a viewing in chat, the seller accepts on the phone, both see it in /calendar', async ({
    newPage,
    member,
    server,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    const sellerEmail = `tara.${stamp}@example.org`;
    const buyerEmail = `jonas.${stamp}@example.org`;
    const { token: sellerToken } = await member(sellerEmail, 'Termin-Tara');
    await member(buyerEmail, 'Käufer-Jonas');
    const title = `Lastenrad Holzkiste ${stamp.toString(36)}`;
    const listing = {
      id: await postBikeAd(server, sellerToken, {
        title,
        description: 'Lastenrad mit Holzkiste und acht Gängen, nur Selbstabholung.',
        price: 120,
        price_type: 'fixed',
        bike_type: 'Lastenrad',
      }),
    };

    // The buyer proposes a viewing from a desktop.
    const buyer = await newPage(DESKTOP);
    await logIn(buyer.page, buyerEmail, `/listing/${listing.id}`);
    await buyer.page.getByRole('link', { name: 'Nachricht schreiben' }).click({ timeout: STEP_MS });
    await buyer.page.waitForURL(/\/chat\?conversation=/, { timeout: STEP_MS });
    const conversationUrl = new URL(buyer.page.url());
    await buyer.page.getByRole('button', { name: 'Termin vorschlagen' }).click({ timeout: STEP_MS });
    const form = buyer.page.getByRole('form', { name: 'Termin vorschlagen' });
    const day = berlinDay(3);
    await form.getByLabel('Datum und Uhrzeit').fill(`${day}T18:30`);
    await form.getByLabel('Ort', { exact: true }).fill('Lindwurmstraße 5, München');
    await form.getByLabel('Notiz (optional)').fill('Bitte bei Huber klingeln');
    await form.getByRole('button', { name: 'Vorschlag senden' }).click();
    const [year, month, date] = day.split('-');
    const when = `${date}.${month}.${year}, 18:30 Uhr`;
    const card = buyer.page.getByRole('listitem', { name: 'Terminvorschlag: Besichtigung' });
    await expect(card).toContainText(when, { timeout: STEP_MS });
    await expect(card).toContainText('Offen');
    // Only the other side may accept the proposal.
    await expect(card.getByRole('button', { name: 'Zusagen' })).toHaveCount(0);

    // The seller accepts on the phone.
    const seller = await newPage(MOBILE);
    await logIn(seller.page, sellerEmail, `/chat${conversationUrl.search}`);
    const sellerCard = seller.page.getByRole('listitem', { name: 'Terminvorschlag: Besichtigung' });
    await expect(sellerCard).toContainText('Lindwurmstraße 5, München', { timeout: STEP_MS });
    await screenshot(seller.page, 'calendar-chat-proposal-390');
    await sellerCard.getByRole('button', { name: 'Zusagen' }).click();
    await seller.page
      .getByTestId('chat-messages')
      .getByText(`Termin zugesagt: Besichtigung · `, { exact: false })
      .waitFor({ timeout: STEP_MS });
    await expect(sellerCard).toContainText('Zugesagt');

    // The buyer's open conversation shows the acceptance live.
    await buyer.page
      .getByTestId('chat-messages')
      .getByText('Termin zugesagt: Besichtigung', { exact: false })
      .waitFor({ timeout: STEP_MS });
    await screenshot(buyer.page, 'calendar-chat-accepted-1280');

    // Both see it in /calendar, linked to the conversation and the ad.
    for (const [opened, name] of [
      [seller, 'calendar-390'],
      [buyer, 'calendar-1280'],
    ] as const) {
      await opened.page.goto(`/calendar`);
      const upcoming = opened.page.getByRole('region', { name: 'Nächste Termine' });
      await expect(upcoming).toContainText(`Besichtigung: ${title}`, { timeout: STEP_MS });
      await expect(upcoming).toContainText('Vereinbart');
      await expect(upcoming.getByRole('link', { name: 'Zur Unterhaltung' })).toHaveAttribute(
        'href',
        `/chat${conversationUrl.search}`,
      );
      await expect(upcoming.getByRole('link', { name: 'Zur Anzeige' })).toHaveAttribute(
        'href',
        `/listing/${listing.id}`,
      );
      await expect(opened.page.getByText('wird gerade aufgebaut')).toHaveCount(0);
      // The calendar component shows it in its own view too (list on the phone, month on the desktop).
      await expect(opened.page.locator('.fc').getByText(`Besichtigung: ${title}`).first()).toBeVisible({
        timeout: STEP_MS,
      });
      await screenshot(opened.page, name);
      // The filled calendar has no serious or critical WCAG 2.2 AA violation.
      const axe = await new AxeBuilder({ page: opened.page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      expect(
        axe.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
          ),
      ).toEqual([]);
      expect(unexpected(opened.errors)).toEqual([]);
    }
  });
});
