import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { testFavorite, testListing, testPermissions } from '../../test/listingFixtures.ts';
import { logIn, renderApp, renderWithSession } from '../../test/renderApp.tsx';
import { calls, type StubAnswer, stubRoutes } from '../../test/stubRoutes.ts';
import { FavoriteButton } from './FavoriteButton.tsx';

const listing = testListing({ id: 'l1' });
const member = testUser({ id: 'u1' });

/** A logged-in member whose favourites are `favorites` and whose POST/DELETE answer `change`. */
function memberWithFavorites(favorites: unknown[], change: StubAnswer) {
  logIn(member);
  return stubRoutes((method, url) => {
    if (url.pathname === '/api/me') return { body: member };
    if (url.pathname === '/api/favorites') return { body: { favorites } };
    if (url.pathname === '/api/favorites/l1' && (method === 'POST' || method === 'DELETE')) return change;
    return undefined;
  });
}

describe('favourite heart (SPEC.md §4, §5, §8)', () => {
  it("without login shows 'Nicht eingeloggt' and goes to the login", async () => {
    const user = userEvent.setup();
    stubRoutes(() => undefined);
    const { router } = renderWithSession(<FavoriteButton listing={listing} />, '/listing/l1');
    await user.click(screen.getByRole('button', { name: 'Zu Favoriten hinzufügen' }));
    expect(await screen.findByText('Nicht eingeloggt')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/listing/l1');
  });

  it('adds at once and keeps it after the server agrees; the list is refreshed', async () => {
    const user = userEvent.setup();
    let saved = false;
    logIn(member);
    const fetchMock = stubRoutes((method, url) => {
      if (url.pathname === '/api/me') return { body: member };
      if (url.pathname === '/api/favorites')
        return { body: { favorites: saved ? [testFavorite(listing)] : [] } };
      if (url.pathname === '/api/favorites/l1' && method === 'POST') {
        saved = true;
        return {
          status: 201,
          body: {
            listing_id: 'l1',
            isFavorite: true,
            favorites_count: 4,
            created_at: '2026-01-01T00:00:00Z',
          },
        };
      }
      return undefined;
    });
    renderWithSession(<FavoriteButton listing={listing} />);
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/favorites'));
    await user.click(screen.getByRole('button', { name: 'Zu Favoriten hinzufügen' }));
    expect(await screen.findByRole('button', { name: 'Aus Favoriten entfernen' })).toBeTruthy();
    await waitFor(() => expect(calls(fetchMock).filter((c) => c === 'GET /api/favorites').length).toBe(2));
    expect(calls(fetchMock)).toContain('POST /api/favorites/l1');
    expect(screen.getByRole('button', { name: 'Aus Favoriten entfernen' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it("401 reads 'Bitte melde dich an, um Favoriten hinzuzufügen' and undoes the heart", async () => {
    const user = userEvent.setup();
    memberWithFavorites([], { status: 401, body: { detail: 'Bitte melde dich an.' } });
    renderWithSession(<FavoriteButton listing={listing} />);
    await user.click(await screen.findByRole('button', { name: 'Zu Favoriten hinzufügen' }));
    expect(await screen.findByText('Bitte melde dich an, um Favoriten hinzuzufügen')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zu Favoriten hinzufügen' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it("400 'Listing is already in favorites' reads 'Anzeige ist bereits in deinen Favoriten' and stays saved", async () => {
    const user = userEvent.setup();
    let saved = false;
    logIn(member);
    const fetchMock = stubRoutes((method, url) => {
      if (url.pathname === '/api/me') return { body: member };
      if (url.pathname === '/api/favorites')
        return { body: { favorites: saved ? [testFavorite(listing)] : [] } };
      if (url.pathname === '/api/favorites/l1' && method === 'POST') {
        saved = true;
        return { status: 400, body: { detail: 'Listing is already in favorites' } };
      }
      return undefined;
    });
    renderWithSession(<FavoriteButton listing={listing} />);
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/favorites'));
    await user.click(screen.getByRole('button', { name: 'Zu Favoriten hinzufügen' }));
    expect(await screen.findByText('Anzeige ist bereits in deinen Favoriten')).toBeTruthy();
    await waitFor(() => expect(calls(fetchMock).filter((c) => c === 'GET /api/favorites').length).toBe(2));
    expect(screen.getByRole('button', { name: 'Aus Favoriten entfernen' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it("another add failure reads 'Fehler beim Hinzufügen zur Merkliste'", async () => {
    const user = userEvent.setup();
    memberWithFavorites([], { status: 500, body: { detail: 'kaputt' } });
    renderWithSession(<FavoriteButton listing={listing} />);
    await user.click(await screen.findByRole('button', { name: 'Zu Favoriten hinzufügen' }));
    expect(await screen.findByText('Fehler beim Hinzufügen zur Merkliste')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zu Favoriten hinzufügen' })).toBeTruthy();
  });

  it("a remove failure reads 'Fehler beim Entfernen aus der Merkliste' and restores the heart", async () => {
    const user = userEvent.setup();
    memberWithFavorites([testFavorite(listing)], { status: 500, body: { detail: 'kaputt' } });
    renderWithSession(<FavoriteButton listing={listing} />);
    await user.click(await screen.findByRole('button', { name: 'Aus Favoriten entfernen' }));
    expect(await screen.findByText('Fehler beim Entfernen aus der Merkliste')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Aus Favoriten entfernen' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('is not offered on one’s own ads', async () => {
    memberWithFavorites([], {});
    // The server answers the seller `can.favorite: false`.
    const own = testListing({ seller: { ...listing.seller, id: 'u1' }, can: testPermissions('seller') });
    renderWithSession(<FavoriteButton listing={own} />);
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
  });
});

describe('/favorites', () => {
  it("shows 'Fehler beim Laden der Favoriten' when the list cannot be loaded", async () => {
    logIn(member);
    stubRoutes((_method, url) => {
      if (url.pathname === '/api/me') return { body: member };
      if (url.pathname === '/api/favorites') return { status: 500, body: { detail: 'kaputt' } };
      return { body: [] };
    });
    renderApp('/favorites');
    expect(await screen.findByText('Fehler beim Laden der Favoriten')).toBeTruthy();
  });

  it('lists the saved ads, or says in German that there are none', async () => {
    logIn(member);
    let favorites: unknown[] = [];
    stubRoutes((_method, url) => {
      if (url.pathname === '/api/me') return { body: member };
      if (url.pathname === '/api/favorites') return { body: { favorites } };
      return { body: [] };
    });
    const { unmount } = renderApp('/favorites');
    expect(await screen.findByText('Du hast noch keine Favoriten.')).toBeTruthy();
    unmount();
    favorites = [testFavorite(testListing({ id: 'l7', title: 'Sofa aus Leder' }))];
    renderApp('/favorites');
    expect(await screen.findByRole('heading', { name: 'Sofa aus Leder' })).toBeTruthy();
  });
});
