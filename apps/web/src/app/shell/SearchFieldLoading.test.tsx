import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithSession } from '../../test/renderApp.tsx';
import { stubRoutes } from '../../test/stubRoutes.ts';
import { SearchField } from './SearchField.tsx';

// A file of its own: the completions part is loaded once per page, so here it is not loaded yet.
describe('search completions load when the visitor turns to the field', () => {
  // The first import of the completions part (MUI Autocomplete) is transformed on demand: on a
  // busy machine or a slower Node that takes longer than the default 5 s of a test.
  it('keeps what was typed into the plain field and then offers completions', {
    timeout: 60_000,
  }, async () => {
    const user = userEvent.setup();
    stubRoutes((_method, url) =>
      url.pathname === '/api/search/suggest' && url.searchParams.get('q') === 'fahr'
        ? { body: { suggestions: ['fahrrad', 'fahrradhelm'] } }
        : { body: { suggestions: [] } },
    );
    renderWithSession(<SearchField id="search" />, '/');
    expect(screen.queryByRole('combobox')).toBeNull();
    // Focus starts loading the completions; the text arrives in the plain field before they
    // can have loaded (an import never resolves synchronously), whatever the machine's speed.
    const plain = screen.getByPlaceholderText('Was suchst du?');
    fireEvent.focus(plain);
    fireEvent.change(plain, { target: { value: 'fahr' } });
    expect(await screen.findByRole('combobox', {}, { timeout: 30_000 })).toBeTruthy();
    expect((screen.getByPlaceholderText('Was suchst du?') as HTMLInputElement).value).toBe('fahr');
    await user.type(screen.getByPlaceholderText('Was suchst du?'), 'r');
    expect(await screen.findByRole('option', { name: 'fahrradhelm' }, { timeout: 15_000 })).toBeTruthy();
  });
});
