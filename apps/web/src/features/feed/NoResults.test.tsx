import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderApp.tsx';
import { nextRadiusKm } from './filters.ts';
import type { ListingFilters } from './index.ts';
import { NoResults } from './NoResults.tsx';

function renderNoResults(filters: ListingFilters, category?: string) {
  const onWiden = vi.fn();
  renderWithSession(<NoResults filters={filters} onWiden={onWiden} category={category} />);
  return onWiden;
}

afterEach(() => vi.restoreAllMocks());

describe('empty search result', () => {
  it('offers all ads for a plain term without hits', async () => {
    const onWiden = renderNoResults({ q: 'Xqzjvwpt', attributes: {} });
    expect(await screen.findByText('Keine Anzeigen gefunden für „Xqzjvwpt“')).toBeTruthy();
    expect(
      screen.getByText('Prüfe die Schreibweise oder versuche es mit einem allgemeineren Begriff.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Alle Anzeigen ansehen' }));
    expect(onWiden).toHaveBeenCalledWith({ q: undefined, attributes: {} });
  });

  it('widens the Umkreis to the next choice and keeps the place and term', async () => {
    const filters = { q: 'Sofa', postal_code: '80331', radius_km: 10, attributes: {} };
    const onWiden = renderNoResults(filters);
    await userEvent.click(await screen.findByRole('button', { name: 'Umkreis auf 20 km erweitern' }));
    expect(onWiden).toHaveBeenCalledWith({ ...filters, radius_km: 20 });
    expect(screen.getByRole('button', { name: 'Filter entfernen' })).toBeTruthy();
  });

  it('searches in all categories when a category was chosen', async () => {
    const onWiden = renderNoResults({ q: 'Fahrrad', category: 'elektronik', attributes: {} });
    await userEvent.click(await screen.findByRole('button', { name: 'In allen Kategorien suchen' }));
    expect(screen.queryByRole('button', { name: 'Alle Anzeigen ansehen' })).toBeNull();
    expect(onWiden).toHaveBeenCalledWith({ q: 'Fahrrad', category: undefined, attributes: {} });
  });

  it('says why a radius found nothing and points to saving the search for the first match', async () => {
    renderNoResults({ q: 'Sofa', postal_code: '80331 München', radius_km: 5, attributes: {} });
    expect(
      await screen.findByText('Im Umkreis von 5 km um 80331 München gibt es gerade keine.'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Mit „Suche speichern“ oben benachrichtigen wir dich, sobald eine passende Anzeige erscheint.',
      ),
    ).toBeTruthy();
  });

  it("on a category page leads to the term's search in all categories", async () => {
    renderNoResults({ q: 'Fahrrad', attributes: {} }, 'elektronik');
    const link = await screen.findByRole('link', { name: 'In allen Kategorien suchen' });
    expect(link.getAttribute('href')).toBe('/search?q=Fahrrad');
    expect(screen.queryByRole('button', { name: 'Alle Anzeigen ansehen' })).toBeNull();
  });

  it("offline it says 'Du bist offline' instead of 'nothing found'", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderNoResults({ q: 'Sofa', attributes: {} });
    expect(await screen.findByText('Du bist offline')).toBeTruthy();
    expect(screen.queryByText('Keine Anzeigen gefunden für „Sofa“')).toBeNull();
  });

  it('knows the next Umkreis: 5 → 10 → 20 → 50 → 100, then none; none without a radius', () => {
    expect([5, 10, 20, 50, 100].map((km) => nextRadiusKm(km))).toEqual([10, 20, 50, 100, null]);
    expect(nextRadiusKm(undefined)).toBeNull();
  });
});
