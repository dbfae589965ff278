import type { SavedSearch } from '@marketplace/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { logIn, renderWithSession } from '../../test/renderApp.tsx';
import { calls, stubRoutes } from '../../test/stubRoutes.ts';
import { SavedSearchesSection } from './SavedSearchesSection.tsx';
import { SaveSearchButton } from './SaveSearchButton.tsx';

const member = testUser({ id: 'u1' });

function savedSearch(overrides: Partial<SavedSearch> = {}): SavedSearch {
  return {
    id: 's1',
    name: '„Fahrrad“ in Fahrräder bis 500 €',
    filters: { q: 'Fahrrad', category: 'fahrraeder', price_max: '500' },
    path: '/search?q=Fahrrad&category=fahrraeder&price_max=500',
    frequency: 'instant',
    alerts: true,
    created_at: '2026-03-01T10:00:00Z',
    last_checked_at: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}

describe("'Suche speichern'", () => {
  it('leads a visitor to the login and back to the search', async () => {
    const user = userEvent.setup();
    const fetchMock = stubRoutes(() => undefined);
    const { router } = renderWithSession(
      <SaveSearchButton filters={{ q: 'Fahrrad', attributes: {} }} />,
      '/search?q=Fahrrad',
    );
    await user.click(screen.getByRole('button', { name: 'Suche speichern' }));
    expect(await screen.findByText('Bitte melde dich an, um Suchen zu speichern.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/search?q=Fahrrad');
    expect(calls(fetchMock)).not.toContain('POST /api/saved-searches');
  });

  it("saves the page's filters without the sort, with the category page's slug", async () => {
    const user = userEvent.setup();
    logIn(member);
    let sent: unknown = null;
    stubRoutes((method, url, body) => {
      if (url.pathname === '/api/me') return { body: member };
      if (url.pathname === '/api/saved-searches' && method === 'POST') {
        sent = body;
        return { status: 201, body: savedSearch() };
      }
      return undefined;
    });
    renderWithSession(
      <SaveSearchButton
        filters={{ q: 'Fahrrad', sort: 'price-asc', price_max: 500, attributes: { bike_type: 'Rennrad' } }}
        category="fahrraeder"
      />,
      '/category/fahrraeder?q=Fahrrad',
    );
    await user.click(screen.getByRole('button', { name: 'Suche speichern' }));
    expect(
      await screen.findByText('Suche gespeichert. Du findest sie unter Favoriten › Gespeicherte Suchen.'),
    ).toBeTruthy();
    expect(sent).toEqual({
      filters: { q: 'Fahrrad', category: 'fahrraeder', price_max: '500', 'attr.bike_type': 'Rennrad' },
    });
  });

  it("shows the server's German reason when saving is refused", async () => {
    const user = userEvent.setup();
    logIn(member);
    const detail =
      'Du kannst höchstens 20 Suchen speichern. Lösche eine gespeicherte Suche, um eine neue anzulegen.';
    stubRoutes((method, url) => {
      if (url.pathname === '/api/me') return { body: member };
      if (url.pathname === '/api/saved-searches' && method === 'POST')
        return { status: 409, body: { detail, code: 'conflict' } };
      return undefined;
    });
    renderWithSession(<SaveSearchButton filters={{ q: 'Sofa', attributes: {} }} />, '/search?q=Sofa');
    await user.click(screen.getByRole('button', { name: 'Suche speichern' }));
    expect(await screen.findByText(detail)).toBeTruthy();
  });
});

describe("'Gespeicherte Suchen' on /favorites", () => {
  it('lists the searches to open, changes how new ads are told and deletes one', async () => {
    const user = userEvent.setup();
    logIn(member);
    let searches = [savedSearch(), savedSearch({ id: 's2', name: '„Sofa“', path: '/search?q=Sofa' })];
    let patched: unknown = null;
    const fetchMock = stubRoutes((method, url, body) => {
      if (url.pathname === '/api/me') return { body: member };
      if (url.pathname === '/api/saved-searches' && method === 'GET')
        return { body: { saved_searches: searches, max: 20 } };
      if (url.pathname === '/api/saved-searches/s1' && method === 'PATCH') {
        patched = body;
        searches = searches.map((s) => (s.id === 's1' ? { ...s, frequency: 'daily', alerts: true } : s));
        return { body: searches[0] };
      }
      if (url.pathname === '/api/saved-searches/s2' && method === 'DELETE') {
        searches = searches.filter((s) => s.id !== 's2');
        return { status: 204 };
      }
      return undefined;
    });
    renderWithSession(<SavedSearchesSection />, '/favorites');

    const section = await screen.findByRole('region', { name: /Gespeicherte Suchen/ });
    expect(await within(section).findByText('„Fahrrad“ in Fahrräder bis 500 €')).toBeTruthy();
    expect(within(section).getByText('(2 von 20)')).toBeTruthy();
    expect(
      within(section)
        .getByRole('link', { name: 'Suche „„Fahrrad“ in Fahrräder bis 500 €“ öffnen' })
        .getAttribute('href'),
    ).toBe('/search?q=Fahrrad&category=fahrraeder&price_max=500');

    const alerts = within(section).getByRole('group', {
      name: 'Benachrichtigungen für „„Fahrrad“ in Fahrräder bis 500 €“',
    });
    const choice = (name: string) => within(alerts).getByRole('button', { name });
    expect(choice('Sofort').getAttribute('aria-pressed')).toBe('true');
    expect(choice('Täglich').getAttribute('aria-pressed')).toBe('false');
    await user.click(choice('Täglich'));
    await waitFor(() => expect(patched).toEqual({ frequency: 'daily' }));
    expect(
      await screen.findByText('Du bekommst einmal am Tag eine Nachricht über neue passende Anzeigen.'),
    ).toBeTruthy();
    await waitFor(() => expect(choice('Täglich').getAttribute('aria-pressed')).toBe('true'));

    await user.click(within(section).getByRole('button', { name: 'Suche „„Sofa““ löschen' }));
    expect(await screen.findByText('Gespeicherte Suche gelöscht.')).toBeTruthy();
    await waitFor(() => expect(within(section).queryByText('„Sofa“')).toBeNull());
    expect(calls(fetchMock)).toContain('DELETE /api/saved-searches/s2');
  });

  it('says when there are none yet', async () => {
    logIn(member);
    stubRoutes((_method, url) => {
      if (url.pathname === '/api/me') return { body: member };
      if (url.pathname === '/api/saved-searches') return { body: { saved_searches: [], max: 20 } };
      return undefined;
    });
    renderWithSession(<SavedSearchesSection />, '/favorites');
    expect(await screen.findByText('Du hast noch keine Suchen gespeichert.')).toBeTruthy();
  });
});
