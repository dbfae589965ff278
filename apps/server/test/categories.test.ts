import type { CategoriesResponse } from '@marketplace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';

describe('GET /api/categories/all', () => {
  let t: TestApp;
  let body: CategoriesResponse;
  beforeAll(async () => {
    t = await startTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/categories/all' });
    expect(res.statusCode).toBe(200);
    body = res.json();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the fourteen German top-level categories with id, name, slug and icon', () => {
    expect(body.categories).toHaveLength(14);
    const names = body.categories.map((c) => c.name);
    expect(names).toEqual([
      'Auto, Rad & Boot',
      'Immobilien',
      'Jobs',
      'Dienstleistungen',
      'Elektronik',
      'Haustiere',
      'Eintrittskarten & Tickets',
      'Zu verschenken & Tauschen',
      'Mode & Beauty',
      'Möbel & Wohnen',
      'Haus & Garten',
      'Familie, Kind & Baby',
      'Freizeit, Hobby & Nachbarschaft',
      'Musik, Filme & Bücher',
    ]);
    for (const category of body.categories) {
      expect(category.id).toBeTypeOf('number');
      expect(category.label).toBe(category.name);
      expect(category.value).toBe(category.slug);
      expect(category.icon.length).toBeGreaterThan(0);
      expect(category.subcategories.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('uses the slugs the routes rely on', () => {
    const slugs = body.categories.map((c) => c.slug);
    expect(slugs).toEqual(expect.arrayContaining(['auto-rad-boot', 'elektronik', 'mode', 'moebel']));
  });

  it("gives cars make, model, mileage, first registration, fuel and gearbox, on top of the parent's", () => {
    const cars = body.categories
      .find((c) => c.slug === 'auto-rad-boot')
      ?.subcategories.find((s) => s.slug === 'autos');
    const keys = cars?.attributes.map((a) => a.key);
    expect(keys).toEqual(
      expect.arrayContaining(['make', 'model', 'mileage_km', 'first_registration', 'fuel', 'gearbox']),
    );
    expect(cars?.attributes.find((a) => a.key === 'mileage_km')?.unit).toBe('km');
  });

  it('merges parent attributes into subcategories (real estate rooms and living area)', () => {
    const flats = body.categories
      .find((c) => c.slug === 'immobilien')
      ?.subcategories.find((s) => s.slug === 'mietwohnungen');
    expect(flats?.attributes.map((a) => a.key)).toEqual(
      expect.arrayContaining(['rooms', 'living_area_m2', 'transaction']),
    );
  });

  it('keeps ids stable when the server starts again on the same database', async () => {
    const second = await t.app.inject({ method: 'GET', url: '/api/categories/all' });
    expect(second.json()).toEqual(body);
  });
});
