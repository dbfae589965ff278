import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ListingFilters, nextRadiusKm } from '../feed/index.ts';
import { NoResults } from './SearchPage.tsx';

function renderNoResults(filters: ListingFilters) {
  const onWiden = vi.fn();
  render(<NoResults filters={filters} onWiden={onWiden} />);
  return onWiden;
}

describe('empty search result', () => {
  it('offers all ads for a plain term without hits', async () => {
    const onWiden = renderNoResults({ q: 'Xqzjvwpt', attributes: {} });
    expect(screen.getByText('Keine Anzeigen gefunden für „Xqzjvwpt“')).toBeTruthy();
    expect(
      screen.getByText('Prüfe die Schreibweise oder versuche es mit einem allgemeineren Begriff.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Alle Anzeigen ansehen' }));
    expect(onWiden).toHaveBeenCalledWith({ q: undefined, attributes: {} });
  });

  it('widens the Umkreis to the next choice and keeps the place and term', async () => {
    const filters = { q: 'Sofa', postal_code: '80331', radius_km: 10, attributes: {} };
    const onWiden = renderNoResults(filters);
    await userEvent.click(screen.getByRole('button', { name: 'Umkreis auf 20 km erweitern' }));
    expect(onWiden).toHaveBeenCalledWith({ ...filters, radius_km: 20 });
    expect(screen.getByRole('button', { name: 'Filter entfernen' })).toBeTruthy();
  });

  it('searches in all categories when a category was chosen', async () => {
    const onWiden = renderNoResults({ q: 'Fahrrad', category: 'elektronik', attributes: {} });
    expect(screen.queryByRole('button', { name: 'Alle Anzeigen ansehen' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'In allen Kategorien suchen' }));
    expect(onWiden).toHaveBeenCalledWith({ q: 'Fahrrad', category: undefined, attributes: {} });
  });

  it('knows the next Umkreis: 5 → 10 → 20 → 50 → 100, then none; none without a radius', () => {
    expect([5, 10, 20, 50, 100].map((km) => nextRadiusKm(km))).toEqual([10, 20, 50, 100, null]);
    expect(nextRadiusKm(undefined)).toBeNull();
  });
});
