import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { testListing, testListingPage } from '../../test/listingFixtures.ts';
import { logIn, renderApp } from '../../test/renderApp.tsx';
import { calls, stubRoutes } from '../../test/stubRoutes.ts';

const member = testUser({ id: 'u1' });
const followed = { id: 'u2', display_name: 'Anna', avatar: null, followed_at: '2026-03-01T10:00:00Z' };

function serverWith(
  following: (typeof followed)[],
  pages: Record<string, ReturnType<typeof testListingPage>>,
) {
  logIn(member);
  return stubRoutes((_method, url) => {
    if (url.pathname === '/api/me') return { body: member };
    if (url.pathname === '/api/favorites') return { body: { favorites: [] } };
    if (url.pathname === '/api/follow/following') return { body: { following } };
    if (url.pathname === '/api/me/feed') return { body: pages[url.searchParams.get('cursor') ?? 'first'] };
    return undefined;
  });
}

describe('/feed', () => {
  it("shows the followed members' ads and loads the next ones on demand", async () => {
    const user = userEvent.setup();
    const fetchMock = serverWith([followed], {
      first: testListingPage([testListing({ id: 'a1', title: 'Annas Rennrad' })], 2, 'c2'),
      c2: testListingPage([testListing({ id: 'a2', title: 'Annas Zelt' })], 2, null),
    });
    renderApp('/feed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Feed' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Annas Rennrad' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Weitere Anzeigen laden' }));
    expect(await screen.findByRole('heading', { name: 'Annas Zelt' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Weitere Anzeigen laden' })).toBeNull();
    expect(calls(fetchMock)).toContain('GET /api/me/feed?cursor=c2');
  });

  it('says how to follow members when I follow nobody, and when they have no ads', async () => {
    serverWith([], { first: testListingPage([], 0, null) });
    const first = renderApp('/feed');
    expect(await screen.findByText('Du folgst noch niemandem.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Anzeigen entdecken' }).getAttribute('href')).toBe('/');
    first.unmount();

    serverWith([followed], { first: testListingPage([], 0, null) });
    renderApp('/feed');
    expect(
      await screen.findByText('Die Mitglieder, denen du folgst, haben gerade keine aktiven Anzeigen.'),
    ).toBeTruthy();
    expect(screen.queryByText('Du folgst noch niemandem.')).toBeNull();
  });
});
