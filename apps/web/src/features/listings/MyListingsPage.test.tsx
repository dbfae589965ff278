import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { testListing } from '../../test/listingFixtures.ts';
import { logIn, renderApp } from '../../test/renderApp.tsx';
import { calls, stubRoutes } from '../../test/stubRoutes.ts';
import { actionsFor } from './MyListingsPage.tsx';

vi.setConfig({ testTimeout: 20_000 });
const slow = { timeout: 30_000 };
const member = testUser({ id: 'u1' });

function myAds() {
  logIn(member);
  const ads = [
    testListing({ id: 'a1', title: 'Sofa grau', status: 'active', views: 40, favorites_count: 2 }),
    testListing({ id: 'a2', title: 'Lampe', status: 'expired' }),
  ];
  return stubRoutes((method, url) => {
    if (url.pathname === '/api/me') return { body: member };
    if (url.pathname === '/api/favorites') return { body: { favorites: [] } };
    if (url.pathname === '/api/me/listings') {
      const status = url.searchParams.get('status');
      return {
        body: {
          listings: ads.filter((ad) => !status || ad.status === status),
          total: ads.length,
          next_cursor: null,
          counts: { active: 1, reserved: 0, sold: 0, expired: 1, removed: 0 },
        },
      };
    }
    if (url.pathname === '/api/listings/a1' && method === 'DELETE') return { status: 204 };
    if (url.pathname === '/api/listings/a1/extend' && method === 'POST') return { body: ads[0] };
    if (url.pathname === '/api/listings/a1' && method === 'PATCH') return { body: ads[0] };
    return undefined;
  });
}

describe('Meine Anzeigen (/listings)', () => {
  it('offers the actions that fit the status', () => {
    expect(actionsFor('active')).toEqual(['reserved', 'sold', 'extend', 'delete']);
    expect(actionsFor('reserved')).toEqual(['active', 'sold', 'delete']);
    expect(actionsFor('sold')).toEqual(['active', 'delete']);
    expect(actionsFor('expired')).toEqual(['active', 'delete']);
  });

  it('shows status chips with counts, views and favourite counts', async () => {
    myAds();
    renderApp('/listings');
    expect(await screen.findByRole('button', { name: 'Aktiv (1)' }, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abgelaufen (1)' })).toBeTruthy();
    const row = screen.getByText('Sofa grau').closest('li') as HTMLElement;
    expect(row.textContent).toContain('40 Aufrufe');
    expect(row.textContent).toContain('2 gemerkt');
  });

  it('deletes only after the confirmation and extends at once', async () => {
    const user = userEvent.setup();
    const fetchMock = myAds();
    renderApp('/listings');
    await user.click(await screen.findByRole('button', { name: 'Aktionen: Sofa grau' }, slow));
    await user.click(screen.getByRole('menuitem', { name: 'Löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anzeige löschen?' });
    expect(calls(fetchMock)).not.toContain('DELETE /api/listings/a1');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(calls(fetchMock)).not.toContain('DELETE /api/listings/a1');

    await user.click(await screen.findByRole('button', { name: 'Aktionen: Sofa grau' }));
    await user.click(screen.getByRole('menuitem', { name: 'Löschen' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Anzeige löschen?' })).getByRole('button', {
        name: 'Endgültig löschen',
      }),
    );
    await waitFor(() => expect(calls(fetchMock)).toContain('DELETE /api/listings/a1'));
    expect(await screen.findByText('Die Anzeige wurde gelöscht.')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Aktionen: Sofa grau' }));
    await user.click(screen.getByRole('menuitem', { name: 'Verlängern' }));
    await waitFor(() => expect(calls(fetchMock)).toContain('POST /api/listings/a1/extend'));
    expect(await screen.findByText('Die Anzeige wurde verlängert.', {}, slow)).toBeTruthy();
  });

  it('answers each action with its own message', async () => {
    const user = userEvent.setup();
    myAds();
    renderApp('/listings');
    await user.click(await screen.findByRole('button', { name: 'Aktionen: Sofa grau' }, slow));
    await user.click(screen.getByRole('menuitem', { name: 'Als verkauft markieren' }));
    expect(await screen.findByText('Die Anzeige ist jetzt als verkauft markiert.', {}, slow)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Aktionen: Sofa grau' }));
    await user.click(screen.getByRole('menuitem', { name: 'Als reserviert markieren' }));
    expect(await screen.findByText('Die Anzeige ist jetzt als reserviert markiert.', {}, slow)).toBeTruthy();
    expect(screen.queryByText('Die Anzeige ist jetzt als verkauft markiert.')).toBeNull();
  });
});
