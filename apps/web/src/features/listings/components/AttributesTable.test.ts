import { describe, expect, it } from 'vitest';
import { testCategories, testListing } from '../../../test/listingFixtures.ts';
import { attributeRows } from './AttributesTable.tsx';
import { swipeStep } from './Gallery.tsx';

const carAttributes = testCategories()[0]?.subcategories[0]?.attributes ?? [];

describe('details table of an ad', () => {
  it('uses the labels and units of the category definition, in its order', () => {
    const listing = testListing({
      category: {
        id: 10,
        slug: 'autos',
        name: 'Autos',
        parent: { id: 1, slug: 'auto-rad-boot', name: 'Auto' },
      },
      offer_type: 'offer',
      price_type: 'negotiable',
      attributes: { mileage_km: 125000, make: 'BMW', first_registration: 2016, unknown_key: 'x' },
    });
    expect(attributeRows(listing, carAttributes)).toEqual([
      { label: 'Kategorie', value: 'Autos' },
      { label: 'Anzeigenart', value: 'Biete' },
      { label: 'Preisart', value: 'VB' },
      { label: 'Marke', value: 'BMW' },
      { label: 'Kilometerstand', value: '125.000 km' },
      { label: 'Erstzulassung', value: '2016' },
      { label: 'unknown_key', value: 'x' },
    ]);
  });
});

describe('swiping through photos', () => {
  it('steps forward on a swipe to the left and back on a swipe to the right, from 50 px on', () => {
    expect(swipeStep(300, 200)).toBe(1);
    expect(swipeStep(100, 200)).toBe(-1);
    expect(swipeStep(100, 130)).toBe(0);
  });
});
