import type { AttributeDefinition } from '@marketplace/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterPanel } from './FilterPanel.tsx';
import { invertedRanges } from './filters.ts';

const mileage: AttributeDefinition = {
  key: 'mileage_km',
  label: 'Kilometerstand',
  type: 'number',
  unit: 'km',
  filter: true,
};

function renderPanel(attributes: AttributeDefinition[] = []) {
  const onApply = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FilterPanel filters={{ attributes: {} }} attributes={attributes} onApply={onApply} />
    </QueryClientProvider>,
  );
  return onApply;
}

const HINT = '„von“ ist größer als „bis“. Bitte tausche die Werte oder passe sie an.';

describe("filters whose 'von' lies above 'bis'", () => {
  it('says so at the price field instead of applying a filter that finds nothing', async () => {
    const user = userEvent.setup();
    const onApply = renderPanel();
    await user.type(screen.getByRole('textbox', { name: 'von €' }), '500');
    await user.type(screen.getByRole('textbox', { name: 'bis €' }), '50');
    await user.click(screen.getByRole('button', { name: 'Anzeigen zeigen' }));
    expect(screen.getByRole('alert').textContent).toBe(HINT);
    expect(screen.getByRole('textbox', { name: 'bis €' }).getAttribute('aria-invalid')).toBe('true');
    expect(onApply).not.toHaveBeenCalled();

    await user.clear(screen.getByRole('textbox', { name: 'bis €' }));
    await user.type(screen.getByRole('textbox', { name: 'bis €' }), '5000');
    await user.click(screen.getByRole('button', { name: 'Anzeigen zeigen' }));
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ price_min: 500, price_max: 5000 }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so at an attribute range too', async () => {
    const user = userEvent.setup();
    const onApply = renderPanel([mileage]);
    await user.type(screen.getByRole('spinbutton', { name: 'Kilometerstand von' }), '150000');
    await user.type(screen.getByRole('spinbutton', { name: 'Kilometerstand bis' }), '1000');
    await user.click(screen.getByRole('button', { name: 'Anzeigen zeigen' }));
    expect(screen.getByRole('alert').textContent).toBe(HINT);
    expect(onApply).not.toHaveBeenCalled();
  });

  it('finds the wrong ranges of filters from an address', () => {
    expect(invertedRanges({ price_min: 10, price_max: 5, attributes: {} })).toEqual(['price']);
    expect(
      invertedRanges({ attributes: { 'mileage_km.min': '9000', 'mileage_km.max': '100', make: 'VW' } }),
    ).toEqual(['mileage_km']);
    expect(invertedRanges({ price_min: 5, price_max: 5, attributes: { 'year.min': '2000' } })).toEqual([]);
  });
});
