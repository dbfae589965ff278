import type { MyListingList, SavedSearch } from '@marketplace/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { testListing } from '../../test/listingFixtures.ts';
import { logIn, renderApp } from '../../test/renderApp.tsx';
import { stubRoutes } from '../../test/stubRoutes.ts';

const member = testUser({ id: 'u1', nickname: 'Anna' });

function savedSearch(id: string, alerts: boolean): SavedSearch {
  return {
    id,
    name: `Suche ${id}`,
    filters: { q: id },
    path: `/search?q=${id}`,
    frequency: alerts ? 'daily' : 'off',
    alerts,
    created_at: '2026-03-01T10:00:00Z',
    last_checked_at: '2026-03-01T10:00:00Z',
  };
}

const follower = (id: string) => ({
  id,
  display_name: id,
  avatar: null,
  followed_at: '2026-03-01T10:00:00Z',
});

function serverWith(mine: MyListingList) {
  logIn(member);
  return stubRoutes((_method, url) => {
    switch (url.pathname) {
      case '/api/me':
        return { body: member };
      case '/api/me/listings':
        return { body: mine };
      case '/api/chat/unread-count':
        return { body: { unread_count: 3 } };
      case '/api/notifications':
        return { body: { notifications: [], total: 7, unread: 4 } };
      case '/api/favorites':
        return {
          body: {
            favorites: [{ listing: testListing({ id: 'f1' }) }, { listing: testListing({ id: 'f2' }) }],
          },
        };
      case '/api/saved-searches':
        return { body: { saved_searches: [savedSearch('a', true), savedSearch('b', false)], max: 20 } };
      case '/api/follow/followers':
        return { body: { followers: [follower('x'), follower('y'), follower('z')] } };
      case '/api/follow/following':
        return { body: { following: [follower('x')] } };
      default:
        return undefined;
    }
  });
}

const counts = { active: 2, reserved: 1, sold: 4, expired: 0, removed: 0 };

describe('/dashboard', () => {
  it("sums up the member's ads, messages, notifications, favourites, searches and followers, each a link", async () => {
    const listings = Array.from({ length: 7 }, (_, i) =>
      testListing({ id: `l${i}`, title: `Anzeige ${i}`, views: 10 * (i + 1), favorites_count: i }),
    );
    serverWith({ listings, total: 7, next_cursor: null, counts });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText('Hallo, Anna!')).toBeTruthy();
    const overview = screen.getByRole('region', { name: 'Überblick' });
    const tile = async (name: string, to: string) => {
      const link = await within(overview).findByRole('link', { name });
      expect(link.getAttribute('href')).toBe(to);
      return link;
    };
    const active = await tile('Aktive Anzeigen: 2', '/listings');
    expect(active.textContent).toContain('1 reserviert · 4 verkauft');
    // 10 + 20 + … + 70 views, 0 + 1 + … + 6 times saved.
    await tile('Aufrufe: 280', '/analytics');
    await tile('Gemerkt: 21', '/analytics');
    await tile('Nachrichten: 3', '/chat');
    await tile('Benachrichtigungen: 4', '/notifications');
    await tile('Favoriten: 2', '/favorites');
    const searches = await tile('Gespeicherte Suchen: 2', '/favorites');
    expect(searches.textContent).toContain('1 mit Benachrichtigung');
    const followers = await tile('Follower: 3', '/user/u1');
    expect(followers.textContent).toContain('Du folgst 1');
    // The five newest ads, and the way to all of them.
    const latest = screen.getByRole('region', { name: 'Deine neuesten Anzeigen' });
    expect(within(latest).getAllByRole('listitem')).toHaveLength(5);
    expect(within(latest).getByRole('link', { name: 'Anzeige 0' }).getAttribute('href')).toBe('/listing/l0');
    expect(within(latest).getByRole('link', { name: 'Alle Anzeigen' }).getAttribute('href')).toBe(
      '/listings',
    );
    expect(within(latest).getByRole('link', { name: 'Dein Feed' }).getAttribute('href')).toBe('/feed');
    expect(within(latest).getByRole('link', { name: 'Anzeige aufgeben' }).getAttribute('href')).toBe(
      '/create-listing',
    );
  });

  it('says so when the member has no ads yet, and says which ads the sums cover when there are more', async () => {
    serverWith({
      listings: [],
      total: 0,
      next_cursor: null,
      counts: { ...counts, active: 0, reserved: 0, sold: 0 },
    });
    const first = renderApp('/dashboard');
    expect(await screen.findByText('Du hast noch keine Anzeigen.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Alle Anzeigen' })).toBeNull();
    first.unmount();

    const listings = Array.from({ length: 100 }, (_, i) =>
      testListing({ id: `l${i}`, views: 1, favorites_count: 0 }),
    );
    serverWith({ listings, total: 140, next_cursor: 'next', counts: { ...counts, active: 140 } });
    renderApp('/dashboard');
    const views = await screen.findByRole('link', { name: 'Aufrufe: 100' });
    expect(views.textContent).toContain('in deinen neuesten 100 Anzeigen');
  });
});
