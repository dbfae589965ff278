import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { LATER_REQUEST_ANSWERED, LATER_REQUEST_PATH, LaterRequest } from '../../test/LaterRequest.tsx';
import { testFavorite, testListing } from '../../test/listingFixtures.ts';
import { logIn, memberAnswers, renderWithSession, stubApi } from '../../test/renderApp.tsx';
import { activeTab, BottomNav } from './BottomNav.tsx';

describe('bottom navigation (SPEC.md §2 "Mobile")', () => {
  it('has the five tabs in order with their targets', () => {
    renderWithSession(<BottomNav />);
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Start', '/'],
      ['Favoriten', '/favorites'],
      ['Erstellen', '/create-listing'],
      ['Chat', '/chat'],
      ['Dashboard', '/dashboard'],
    ]);
  });

  it('shows the favourite count of a member as badge', async () => {
    const user = testUser();
    stubApi({
      ...memberAnswers(user),
      '/api/favorites': {
        body: {
          favorites: [testFavorite(testListing({ id: 'l1' })), testFavorite(testListing({ id: 'l2' }))],
        },
      },
    });
    logIn(user);
    renderWithSession(<BottomNav />);
    const favorites = screen.getByRole('link', { name: /Favoriten/ });
    await expect.poll(() => favorites.textContent).toBe('2Favoriten');
  });

  it('shows no badge when the favourites cannot be loaded', async () => {
    const user = testUser();
    const fetchMock = stubApi({
      ...memberAnswers(user),
      '/api/favorites': { status: 500, body: { detail: 'kaputt' } },
    });
    logIn(user);
    renderWithSession(
      <>
        <BottomNav />
        <LaterRequest />
      </>,
    );
    // The later request is asked and answered after the favourites: once its answer shows, the
    // failed favourites have been rendered too.
    await screen.findByText(LATER_REQUEST_ANSWERED);
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/favorites')).toBe(true);
    const favorites = screen.getByRole('link', { name: /Favoriten/ });
    expect(favorites.querySelector('.MuiBadge-invisible')).not.toBeNull();
  });

  it('does not ask for favourites when logged out', async () => {
    const fetchMock = stubApi({});
    renderWithSession(
      <>
        <BottomNav />
        <LaterRequest />
      </>,
    );
    // The later request is asked after any request the navigation's queries start on mount.
    await screen.findByText(LATER_REQUEST_ANSWERED);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([LATER_REQUEST_PATH]);
  });

  it('marks the tab of the open page', () => {
    expect(activeTab('/')).toBe('home');
    expect(activeTab('/favorites')).toBe('favorites');
    expect(activeTab('/chat')).toBe('chat');
    expect(activeTab('/dashboard-old')).toBeNull();
    expect(activeTab('/listing/1')).toBeNull();
  });
});
