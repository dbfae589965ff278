import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, openApp, STEP_MS, screenshot } from './helpers/browser.ts';
import { logIn } from './helpers/members.ts';

/**
 * Saved searches: a member saves a search, finds it on /favorites, opens and deletes it; with
 * 'Sofort', another member's matching ad reaches the bell without a reload.
 */

test.use({ serverEnv: {} });

test.describe('saved searches in the browser', () => {
  test('saves a search, shows it under favourites, opens it and deletes it', async ({
    newPage,
    member,
    api,
  }) => {
    const email = `suche-${Date.now().toString(36)}@example.org`;
    const { token } = await member(email, 'Suchende');
    const { page } = await newPage(DESKTOP);
    const save = page.getByRole('button', { name: 'Suche speichern' });
    await logIn(page, email, '/search?q=Fahrrad', save);
    await save.click();
    await page
      .getByText('Suche gespeichert. Du findest sie unter Favoriten › Gespeicherte Suchen.')
      .waitFor({ timeout: STEP_MS });
    const saved = await api<{ saved_searches: { name: string }[] }>(
      'GET',
      '/api/saved-searches',
      undefined,
      token,
    );
    expect(saved.saved_searches.map((s) => s.name)).toEqual(['„Fahrrad“']);

    await openApp(page, '/favorites');
    const section = page.getByRole('region', { name: /Gespeicherte Suchen/ });
    await section.getByText('„Fahrrad“', { exact: true }).waitFor({ timeout: STEP_MS });
    await section.getByRole('link', { name: 'Suche „„Fahrrad““ öffnen' }).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'Fahrrad', {
      timeout: STEP_MS,
    });

    await openApp(page, '/favorites');
    await section.getByRole('button', { name: 'Suche „„Fahrrad““ löschen' }).click();
    await section.getByText('Du hast noch keine Suchen gespeichert.').waitFor({ timeout: STEP_MS });
    const after = await api<{ saved_searches: unknown[] }>('GET', '/api/saved-searches', undefined, token);
    expect(after.saved_searches).toEqual([]);
  });
});

for (const [width, viewport] of [
  ['390', MOBILE],
  ['1280', DESKTOP],
] as const) {
  test.describe(`instant alerts ('Sofort') at ${width} px`, () => {
    test("a search for 'Kinderwagen' in Köln tells of another member's matching ad live", async ({
      newPage,
      member,
      api,
    }) => {
      const stamp = `${width}-${Date.now().toString(36)}`;
      const email = `sofort-${stamp}@example.org`;
      const { token } = await member(email, 'Kinderwagensuche');
      const seller = await member(`babyladen-${stamp}@example.org`, 'Babyladen');
      const { page } = await newPage(viewport);
      const save = page.getByRole('button', { name: 'Suche speichern' });
      await logIn(page, email, '/search?q=Kinderwagen&postal_code=50667&radius_km=20', save);
      await save.click();
      await page
        .getByText('Suche gespeichert. Du findest sie unter Favoriten › Gespeicherte Suchen.')
        .waitFor({ timeout: STEP_MS });
      const saved = await api<{ saved_searches: { frequency: string; filters: Record<string, string> }[] }>(
        'GET',
        '/api/saved-searches',
        undefined,
        token,
      );
      expect(saved.saved_searches).toHaveLength(1);
      expect(saved.saved_searches[0]).toMatchObject({
        frequency: 'instant',
        filters: { q: 'Kinderwagen', postal_code: '50667', radius_km: '20' },
      });

      await openApp(page, '/favorites');
      const choice = page.getByRole('group', { name: /^Benachrichtigungen für/ });
      await expect(choice.getByRole('button', { name: 'Sofort' })).toHaveAttribute('aria-pressed', 'true');
      const bell = page
        .getByRole('banner')
        .getByRole('button', { name: /^Benachrichtigungen/ })
        .first();
      await bell.waitFor({ timeout: STEP_MS });
      const unread = Number(/(\d+) ungelesen/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);

      await api(
        'POST',
        '/api/listings',
        {
          title: 'Kinderwagen 3in1 mit Babyschale',
          description: 'Wanne, Sportsitz und Adapter, kaum benutzt.',
          price: 240,
          price_type: 'negotiable',
          offer_type: 'offer',
          category: 'kinderwagen-buggys',
          postal_code: '50667',
          location: '',
          images: [],
          attributes: { condition: 'Gut', shipping: 'Nur Abholung' },
        },
        seller.token,
      );
      // The page stays as it is: the count arrives over the socket.
      await page
        .getByRole('banner')
        .getByRole('button', { name: `Benachrichtigungen: ${unread + 1} ungelesen` })
        .first()
        .waitFor({ timeout: STEP_MS });
      await screenshot(page, `saved-search-instant-${width}`);
      const notifications = await api<{ notifications: { type: string; message: string }[] }>(
        'GET',
        '/api/notifications?type=saved_search',
        undefined,
        token,
      );
      expect(notifications.notifications.map((n) => n.message)).toEqual([
        '„Kinderwagen 3in1 mit Babyschale“ passt zu deiner gespeicherten Suche: „Kinderwagen“ in 50667 (+ 20 km)',
      ]);
    });
  });
}
