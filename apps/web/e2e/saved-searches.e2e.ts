import { expect, test } from './fixtures.ts';
import { DESKTOP, openApp, STEP_MS } from './helpers/browser.ts';
import { logIn } from './helpers/members.ts';

/** Saved searches: a member saves a search, finds it on /favorites, opens and deletes it. */

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
