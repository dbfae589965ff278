import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  filtersFromSearchParams,
  filtersToSearchParams,
  listingsApiParams,
  withoutFilters,
} from './filters.ts';

const read = (query: string) => filtersFromSearchParams(new URLSearchParams(query));

describe('list filters ↔ page address', () => {
  it('reads price range, place with radius, offer type, sort and attribute filters', () => {
    expect(
      read(
        'price_min=100&price_max=2500&postal_code=80331&radius_km=20&offer_type=offer&sort=price-asc' +
          '&attr.make=BMW&attr.mileage_km.max=150000&attr.first_registration.min=2015',
      ),
    ).toEqual({
      price_min: 100,
      price_max: 2500,
      postal_code: '80331',
      radius_km: 20,
      offer_type: 'offer',
      sort: 'price-asc',
      attributes: { make: 'BMW', 'mileage_km.max': '150000', 'first_registration.min': '2015' },
    });
  });

  it('writes the same filters back in a fixed order, so links are shareable', () => {
    const query =
      'sort=price-asc&price_min=100&price_max=2500&postal_code=80331&radius_km=20&offer_type=offer' +
      '&attr.first_registration.min=2015&attr.make=BMW&attr.mileage_km.max=150000';
    expect(filtersToSearchParams(read(query)).toString()).toBe(query);
  });

  it('round-trips a search term and category', () => {
    const filters = read('q=E-Bike+28+Zoll&category=fahrraeder-zubehoer');
    expect(filters).toMatchObject({ q: 'E-Bike 28 Zoll', category: 'fahrraeder-zubehoer' });
    expect(filtersFromSearchParams(filtersToSearchParams(filters))).toEqual(filters);
  });

  it('leaves out malformed values', () => {
    expect(
      read(
        'price_min=abc&price_max=-5&sort=cheapest&offer_type=tausch&radius_km=7&postal_code=80331&attr.make=',
      ),
    ).toEqual({ postal_code: '80331', attributes: {} });
    expect(read('attr.mileage_km.min=viel').attributes).toEqual({});
  });

  it("drops the radius without a postal code ('Umkreis' needs a place)", () => {
    expect(read('radius_km=20')).toEqual({ attributes: {} });
    expect(filtersToSearchParams({ radius_km: 20, attributes: {} }).toString()).toBe('');
  });

  it('accepts only the Umkreis choices 5, 10, 20, 50 and 100 km', () => {
    for (const km of [5, 10, 20, 50, 100])
      expect(read(`postal_code=10115&radius_km=${km}`).radius_km).toBe(km);
    expect(read('postal_code=10115&radius_km=30').radius_km).toBeUndefined();
  });

  it('builds the API query with the category and attribute filters as attr.<key>', () => {
    const params = listingsApiParams(read('attr.make=Audi&attr.mileage_km.min=1000&price_max=9000'), 'autos');
    expect(params.get('category')).toBe('autos');
    expect(params.get('attr.make')).toBe('Audi');
    expect(params.get('attr.mileage_km.min')).toBe('1000');
    expect(params.get('price_max')).toBe('9000');
  });

  it("asks for 'Nächste zuerst' only with a postal code", () => {
    expect(listingsApiParams(read('sort=distance')).get('sort')).toBeNull();
    expect(listingsApiParams(read('sort=distance&postal_code=20095')).get('sort')).toBe('distance');
  });

  it('counts active filters and removes them while keeping term, category and sort', () => {
    const filters = read('q=Sofa&category=moebel&sort=newest&price_max=300&attr.condition=Gut');
    expect(activeFilterCount(filters)).toBe(2);
    expect(withoutFilters(filters)).toEqual({
      q: 'Sofa',
      category: 'moebel',
      sort: 'newest',
      attributes: {},
    });
  });
});

describe("'nur verifizierte Verkäufer'", () => {
  it('reads and writes verified_only=true and counts it as a filter', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('q=rad&verified_only=true'));
    expect(filters.verified_only).toBe(true);
    expect(filtersToSearchParams(filters).get('verified_only')).toBe('true');
    expect(activeFilterCount(filters)).toBe(1);
    expect(filtersFromSearchParams(new URLSearchParams('verified_only=ja')).verified_only).toBeUndefined();
    expect(filtersToSearchParams({ attributes: {} }).has('verified_only')).toBe(false);
  });
});
