import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, openApp, STEP_MS, screenshot, unexpected } from './helpers/browser.ts';
import { postBikeAd, signedIn } from './helpers/members.ts';

/**
 * /analytics as a seller uses it: member A has an ad, member B opens it in the browser; A opens
 * the ad's figures at /analytics and sees B's view on today's date, counted as direct (B typed
 * the address). The dashboard's views lead there.
 */
test.use({ serverEnv: {} });

for (const [device, viewport] of [
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const) {
  test(`${device}: a seller sees a member's view of the ad the same day`, async ({
    newPage,
    member,
    server,
  }) => {
    const stamp = Date.now();
    const seller = await member(`analytics.a.${device}.${stamp}@example.org`, `Anja ${device}`);
    const buyer = await member(`analytics.b.${device}.${stamp}@example.org`, `Ben ${device}`);
    const title = `Blaues Tourenrad ${device} ${stamp}`;
    const listingId = await postBikeAd(server, seller.token, {
      title,
      description: 'Leichtes Tourenrad mit Nabendynamo, frisch gewartet.',
      price: 240,
    });

    const b = await newPage(viewport, { storage: signedIn(buyer) });
    await openApp(b.page, `/listing/${listingId}`);
    await expect(b.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(unexpected(b.errors)).toEqual([]);

    const a = await newPage(viewport, { storage: signedIn(seller) });
    await openApp(a.page, '/dashboard');
    await a.page.getByRole('link', { name: /^Aufrufe: / }).click();
    await a.page.waitForURL((url) => url.pathname === '/analytics', { timeout: STEP_MS });
    await expect(a.page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();

    // The ad picked from the list of own ads; its view arrives through a reaction a moment later.
    await a.page.getByRole('combobox', { name: 'Anzeige' }).click();
    await a.page.getByRole('option', { name: title }).click();
    await a.page.waitForURL((url) => url.searchParams.get('listing') === listingId, { timeout: STEP_MS });
    await expect(async () => {
      await a.page.reload();
      await expect(a.page.getByLabel('Aufrufe: 1', { exact: true })).toBeVisible({ timeout: STEP_MS / 2 });
    }).toPass({ timeout: 3 * STEP_MS });
    await expect(a.page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    const today = new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date());
    await expect(a.page.getByText(new RegExp(`bis ${today.replaceAll('.', '\\.')}$`))).toBeVisible();
    const sources = a.page.getByRole('region', { name: 'Herkunft der Aufrufe' });
    await expect(sources.getByText('Direkt')).toBeVisible();
    await expect(sources.getByText('1 (100 %)')).toBeVisible();
    await a.page.getByRole('button', { name: '7 Tage' }).click();
    await expect(a.page.getByLabel('Aufrufe: 1', { exact: true })).toBeVisible();
    await screenshot(a.page, `analytics-${device}`);

    // The figures download as CSV.
    const download = a.page.waitForEvent('download');
    await a.page.getByRole('button', { name: 'CSV herunterladen' }).click();
    expect((await download).suggestedFilename()).toMatch(
      /^analytics-anzeige-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/,
    );
    expect(unexpected(a.errors)).toEqual([]);
  });
}
