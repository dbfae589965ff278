import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openApp } from './helpers/browser.ts';
import { callApi, logIn, openQuietPage, registerMember, STEP_MS } from './helpers/members.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/** Saved searches: a member saves a search, finds it on /favorites, opens and deletes it. */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('saved searches in the browser', () => {
  it('saves a search, shows it under favourites, opens it and deletes it', async () => {
    const email = `suche-${Date.now().toString(36)}@example.org`;
    const token = await registerMember(server, email, 'Suchende');
    const { context, page } = await openQuietPage(browser, server, DESKTOP);
    try {
      const save = page.getByRole('button', { name: 'Suche speichern' });
      await logIn(page, email, '/search?q=Fahrrad', save);
      await save.click();
      await page
        .getByText('Suche gespeichert. Du findest sie unter Favoriten › Gespeicherte Suchen.')
        .waitFor({ timeout: STEP_MS });
      const saved = await callApi<{ saved_searches: { name: string }[] }>(
        server,
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
      const after = await callApi<{ saved_searches: unknown[] }>(
        server,
        'GET',
        '/api/saved-searches',
        undefined,
        token,
      );
      expect(after.saved_searches).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
