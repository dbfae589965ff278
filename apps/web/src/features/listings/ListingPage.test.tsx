import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { testCategories, testListing } from '../../test/listingFixtures.ts';
import { logIn, renderApp } from '../../test/renderApp.tsx';
import { stubRoutes } from '../../test/stubRoutes.ts';

vi.setConfig({ testTimeout: 20_000 });
const slow = { timeout: 8000 };

/** A server with ad l1 (`overrides`), one similar ad and a report endpoint that keeps what it got. */
function adServer(overrides: Parameters<typeof testListing>[0] = {}) {
  const reports: unknown[] = [];
  const member = testUser();
  const fetchMock = stubRoutes((method, url, body) => {
    if (url.pathname === '/api/listings/l1') return { body: testListing({ id: 'l1', ...overrides }) };
    if (url.pathname === '/api/listings/l1/similar') {
      return { body: { listings: [testListing({ id: 'l9', title: 'Citybike 26 Zoll' })] } };
    }
    if (method === 'POST' && url.pathname === '/api/listings/l1/report') {
      reports.push(body);
      return { status: 201, body: { detail: 'Danke! Wir prüfen die Anzeige.' } };
    }
    if (url.pathname === '/api/categories/all') return { body: { categories: testCategories() } };
    if (url.pathname === '/api/me') return { body: member };
    if (url.pathname === '/api/favorites') return { body: { favorites: [] } };
    if (url.pathname === '/api/notifications/stats') return { body: { unread_notifications: 0 } };
    return undefined;
  });
  return { fetchMock, reports };
}

describe('ad page /listing/{id} (issue 4)', () => {
  it("says a sold ad is sold, links 'Nachricht schreiben' to the chat and shows similar ads", async () => {
    adServer({ status: 'sold' });
    renderApp('/listing/l1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fahrrad 28 Zoll, Trekkingrad' }, slow),
    ).toBeTruthy();
    expect(screen.getByText('Verkauft – dieser Artikel ist nicht mehr verfügbar.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nachricht schreiben' }).getAttribute('href')).toBe(
      '/chat?listingId=l1',
    );
    const similar = (await screen.findByRole('heading', { level: 2, name: 'Ähnliche Anzeigen' }, slow))
      .parentElement as HTMLElement;
    expect(within(similar).getByText('Citybike 26 Zoll')).toBeTruthy();
  });

  it('sends a visitor who wants to report the ad to the login with the way back', async () => {
    adServer();
    const { router } = renderApp('/listing/l1');
    await userEvent.click(await screen.findByRole('button', { name: 'Melden' }, slow));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/listing/l1');
  });

  it('lets a member report the ad with a reason and a note', async () => {
    const user = userEvent.setup();
    logIn(testUser());
    const { reports } = adServer();
    renderApp('/listing/l1');
    await user.click(await screen.findByRole('button', { name: 'Melden' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Anzeige melden' });
    await user.click(within(dialog).getByRole('radio', { name: 'Betrug oder Fake' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Hinweis (optional)' }),
      'Preis viel zu niedrig',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Melden' }));
    expect(await screen.findByText('Danke! Wir prüfen die Anzeige.', {}, slow)).toBeTruthy();
    expect(reports).toEqual([{ reason: 'fraud', comment: 'Preis viel zu niedrig' }]);
  });
});
