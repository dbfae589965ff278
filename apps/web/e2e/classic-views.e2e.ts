import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, openApp, STEP_MS, screenshot, unexpected } from './helpers/browser.ts';
import { postBikeAd, signedIn } from './helpers/members.ts';

/**
 * The classic views for power sellers as a seller with several ads uses them: /listings-old
 * shows all own ads as one table, sorts it on the server, marks three selected ads sold at once
 * after one confirmation and says so in a result line; /dashboard-old shows the dashboard's
 * figures above the same table.
 */
test.use({ serverEnv: {} });

const ADS = [
  { title: 'Damenrad Gazelle', price: 180 },
  { title: 'Kinderrad 20 Zoll', price: 60 },
  { title: 'Rennrad Carbon', price: 950 },
  { title: 'Mountainbike Fully', price: 720 },
  { title: 'Klapprad Brompton', price: 640 },
];

for (const [device, viewport] of [
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const) {
  test(`${device}: a seller sorts the table, marks three ads sold at once and sees the result; /dashboard-old shows figures and table`, async ({
    newPage,
    member,
    server,
  }) => {
    const seller = await member(`viel.${device}@example.org`, `Vielverkäufer ${device}`);
    for (const ad of ADS) {
      await postBikeAd(server, seller.token, {
        ...ad,
        description: `${ad.title}, gut erhalten, nur Abholung.`,
      });
    }
    const { page, errors } = await newPage(viewport, { storage: signedIn(seller) });
    await openApp(page, '/listings-old');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Meine Anzeigen (alte Ansicht)' }),
    ).toBeVisible();
    const grid = page.getByRole('grid', { name: 'Deine Anzeigen' });
    const titles = grid.locator('[role="row"] [data-field="title"] a');
    await expect(titles).toHaveCount(ADS.length, { timeout: STEP_MS });
    // Newest first.
    await expect(titles.first()).toHaveText('Klapprad Brompton');

    // Sorted by price on the server: the header's first click sorts descending, the next ascending.
    const priceHeader = grid.getByRole('columnheader', { name: 'Preis' });
    await priceHeader.click();
    await expect(titles.first()).toHaveText('Rennrad Carbon');
    await priceHeader.click();
    await expect(titles.first()).toHaveText('Kinderrad 20 Zoll');
    await expect(titles.nth(1)).toHaveText('Damenrad Gazelle');
    await expect(titles.nth(2)).toHaveText('Klapprad Brompton');
    await screenshot(page, `classic-listings-old-${device}`);

    // The three cheapest selected and marked sold at once, after one confirmation.
    for (const title of ['Kinderrad 20 Zoll', 'Damenrad Gazelle', 'Klapprad Brompton']) {
      await grid
        .getByRole('row')
        .filter({ hasText: title })
        .getByRole('checkbox', { name: /Zeile auswählen|Select row/ })
        .check();
    }
    await expect(page.getByText('3 Anzeigen ausgewählt')).toBeVisible();
    await page.getByRole('button', { name: 'Als verkauft markieren' }).click();
    const dialog = page.getByRole('dialog', { name: '3 Anzeigen als verkauft markieren?' });
    await dialog.getByRole('button', { name: 'Als verkauft markieren' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: '3 Anzeigen als verkauft markiert' }),
    ).toBeVisible();
    await expect(grid.getByRole('row').filter({ hasText: 'Kinderrad 20 Zoll' })).toContainText('Verkauft');
    await expect(grid.getByRole('row').filter({ hasText: 'Rennrad Carbon' })).toContainText('Aktiv');
    await expect(page.getByText('0 Anzeigen ausgewählt')).toBeVisible();
    await screenshot(page, `classic-listings-old-sold-${device}`);

    // The filter by status asks the server for the sold ones only.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Verkauft' }).click();
    await expect(titles).toHaveCount(3);

    await openApp(page, '/dashboard-old');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard (alte Ansicht)' })).toBeVisible();
    const overview = page.getByRole('region', { name: 'Überblick' });
    await expect(overview.getByRole('link', { name: 'Aktive Anzeigen: 2' })).toBeVisible();
    await expect(overview).toContainText('0 reserviert · 3 verkauft');
    await expect(
      page.getByRole('grid', { name: 'Deine Anzeigen' }).locator('[data-field="title"] a'),
    ).toHaveCount(ADS.length);
    await screenshot(page, `classic-dashboard-old-${device}`);
    expect(unexpected(errors)).toEqual([]);
  });
}
