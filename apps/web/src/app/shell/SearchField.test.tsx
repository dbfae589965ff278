import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithSession } from '../../test/renderApp.tsx';
import { calls, stubRoutes } from '../../test/stubRoutes.ts';
import { loadSearchSuggestions, SearchField } from './SearchField.tsx';

describe("search field 'Was suchst du?' (SPEC.md §5)", () => {
  it('does not submit blank text', async () => {
    const user = userEvent.setup();
    const { router } = renderWithSession(<SearchField id="search" />, '/autos');
    await user.type(screen.getByPlaceholderText('Was suchst du?'), '   {Enter}');
    expect(router.state.location.pathname).toBe('/autos');
  });

  it('goes to /search?q=<trimmed term>', async () => {
    const user = userEvent.setup();
    const { router } = renderWithSession(<SearchField id="search" />, '/autos');
    await user.type(screen.getByPlaceholderText('Was suchst du?'), '  E-Bike 28 Zoll {Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('E-Bike 28 Zoll');
  });
});

describe('search suggestions while typing', () => {
  it('offers completions from /api/search/suggest and searches the chosen one', async () => {
    const user = userEvent.setup();
    const fetchMock = stubRoutes((_method, url) =>
      url.pathname === '/api/search/suggest' && url.searchParams.get('q') === 'fahr'
        ? { body: { suggestions: ['fahrrad', 'fahrradhelm'] } }
        : { body: { suggestions: [] } },
    );
    await loadSearchSuggestions();
    const { router } = renderWithSession(<SearchField id="search" />, '/');
    await user.type(screen.getByPlaceholderText('Was suchst du?'), 'fahr');
    const option = await screen.findByRole('option', { name: 'fahrradhelm' }, { timeout: 15_000 });
    expect(calls(fetchMock)).toContain('GET /api/search/suggest?q=fahr');
    await user.click(option);
    expect(router.state.location.pathname).toBe('/search');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('fahrradhelm');
  });

  it('still submits only a non-empty trimmed term with completions loaded', async () => {
    const user = userEvent.setup();
    stubRoutes(() => ({ body: { suggestions: [] } }));
    await loadSearchSuggestions();
    const { router } = renderWithSession(<SearchField id="search" />, '/autos');
    await user.type(screen.getByPlaceholderText('Was suchst du?'), '   {Enter}');
    expect(router.state.location.pathname).toBe('/autos');
    await user.type(screen.getByPlaceholderText('Was suchst du?'), ' E-Bike {Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('E-Bike');
  });
});
