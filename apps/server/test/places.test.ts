import type { Place } from '@marketplace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTownName, readPostalCodes } from '../src/modules/places/index.ts';
import { bearer } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { countRows, createAd, verifiedMember } from './helpers/marketplace.ts';

let t: TestApp;
const places = async (q: string) => {
  const res = await t.app.inject({ url: `/api/places?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { places: Place[] }).places;
};

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('postal codes', () => {
  it('are loaded from the GeoNames table on the first start', async () => {
    expect(await countRows(t, 'postal_codes')).toBe(readPostalCodes().length);
    expect(await countRows(t, 'postal_codes')).toBeGreaterThan(15_000);
  });

  it('keep towns and districts and leave out companies and authorities', () => {
    for (const town of [
      'München',
      'Frankfurt am Main',
      'Taufkirchen (Vils)',
      'Baruth/Mark',
      'Hamburg Altstadt',
      'Maikammer',
      'Hohenkammer',
      'Bundenthal',
    ]) {
      expect(isTownName(town), town).toBe(true);
    }
    for (const firm of [
      'Daimler AG',
      'Agentur für Arbeit Potsdam',
      'Finanzamt Stuttgart 2',
      'HUK-Coburg AG',
      'Bundesarchiv',
      'Bundesknappschaft Geschäftsstelle Moers',
      'Kassenärztliche Vereinigung Bayerns',
      'Bußgeldstelle',
      'Job-Center Mitte',
    ]) {
      expect(isTownName(firm), firm).toBe(false);
    }
  });
});

describe('GET /api/places', () => {
  it('completes postal-code prefixes, at most 10', async () => {
    const found = await places('80');
    expect(found.length).toBe(10);
    for (const place of found) expect(place.postal_code.startsWith('80')).toBe(true);
    const codes = found.map((place) => place.postal_code);
    expect(codes).toEqual([...codes].sort());
    expect((await places('8033'))[0]).toEqual({ postal_code: '80331', place: 'München', state: 'Bayern' });
  });

  it('completes place names case-insensitively, exact names first', async () => {
    const found = await places('köln');
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]?.place).toBe('Köln');
    const prefix = await places('frankf');
    expect(prefix.some((p) => p.place === 'Frankfurt am Main')).toBe(true);
  });

  it('takes postal code and place together', async () => {
    const found = await places('10115 Ber');
    expect(found).toEqual([{ postal_code: '10115', place: 'Berlin', state: 'Berlin' }]);
  });

  it('answers nothing for empty or unknown text, and treats wildcards literally', async () => {
    expect(await places('')).toEqual([]);
    expect(await places('Xyzzyhausen')).toEqual([]);
    expect(await places('%')).toEqual([]);
    expect(await places("'; drop table postal_codes; --")).toEqual([]);
    expect(await countRows(t, 'postal_codes')).toBeGreaterThan(15_000);
  });

  it("understands 'oe', 'ue', 'ae', 'ss' and missing umlauts", async () => {
    for (const typed of ['Koeln', 'Koln', 'KÖLN', 'koel']) {
      expect((await places(typed))[0]?.place, typed).toBe('Köln');
    }
    for (const typed of ['Muenchen', 'Munchen', 'münch']) {
      expect((await places(typed))[0], typed).toEqual({
        postal_code: '80331',
        place: 'München',
        state: 'Bayern',
      });
    }
    expect((await places('Duesseldorf'))[0]?.place).toBe('Düsseldorf');
    expect((await places('Giessen'))[0]?.place).toBe('Gießen');
    expect((await places('80331 Muen'))[0]).toEqual({
      postal_code: '80331',
      place: 'München',
      state: 'Bayern',
    });
  });

  it('offers each place of an ambiguous name once, the larger place first', async () => {
    const found = await places('Frankfurt');
    expect(found[0]?.place).toBe('Frankfurt am Main');
    expect(found[1]?.place).toBe('Frankfurt (Oder)');
    // Then the further postal codes of the places, so a seller can still pick their own.
    expect(found.length).toBe(10);
    expect(
      found.slice(2).every((p) => p.place === 'Frankfurt am Main' || p.place === 'Frankfurt (Oder)'),
    ).toBe(true);
  });
});

describe("a postal code's main town comes first", () => {
  const placesOf = async (code: string) => (await places(code)).map((place) => place.place);

  it('88131 offers Lindau (Bodensee), whose district it names, before the village Bodolz', async () => {
    expect(await placesOf('88131')).toEqual(['Lindau (Bodensee)', 'Bodolz']);
  });

  it("a big city's postal code offers the city before its quarters", async () => {
    expect(await placesOf('20095')).toEqual([
      'Hamburg',
      'Hamburg Klostertor',
      'Hamburg Sankt Georg',
      'Hamburg Altstadt',
    ]);
    expect((await placesOf('01067'))[0]).toBe('Dresden');
    expect((await placesOf('70173'))[0]).toBe('Stuttgart');
    expect(await placesOf('80331')).toEqual(['München']);
  });

  it('a postal code of a small town and villages offers the town first and every village once', async () => {
    // The town lies amid the villages that share its postal code.
    const barmstedt = await placesOf('25355');
    expect(barmstedt[0]).toBe('Barmstedt');
    expect([...barmstedt].sort()).toEqual(
      ['Barmstedt', 'Bevern', 'Bullenkuhlen', 'Groß Offenseth-Aspern', 'Heede', 'Lutzhorn'].sort(),
    );
    expect((await placesOf('23758'))[0]).toBe('Oldenburg in Holstein');
    // Dessau-Roßlau, the district, names Roßlau.
    expect(await placesOf('06862')).toEqual(['Roßlau', 'Rodleben', 'Brambach']);
  });

  it('ranks every postal code of the table: one main town each, ranks 1, 2, 3 … without gaps', () => {
    const ranks = new Map<string, number[]>();
    for (const entry of readPostalCodes()) {
      ranks.set(entry.postal_code, [...(ranks.get(entry.postal_code) ?? []), entry.rank]);
    }
    expect(ranks.size).toBeGreaterThan(8000);
    for (const [code, list] of ranks) {
      expect(
        [...list].sort((a, b) => a - b),
        code,
      ).toEqual(list.map((_, index) => index + 1));
    }
  });

  it('an ad given only the postal code names the main town; a chosen place stays the chosen one', async () => {
    const seller = await verifiedMember(t);
    const typed = await createAd(t, seller.access_token, { postal_code: '88131', location: '' });
    expect(typed).toMatchObject({ postal_code: '88131', location: 'Lindau (Bodensee)' });
    const chosen = await createAd(t, seller.access_token, { postal_code: '88131', location: 'Bodolz' });
    expect(chosen).toMatchObject({ postal_code: '88131', location: 'Bodolz' });
    for (const [ad, town] of [
      [typed, 'Lindau (Bodensee)'],
      [chosen, 'Bodolz'],
    ] as const) {
      const page = await t.app.inject({ url: `/api/listings/${ad.id}` });
      expect(page.json()).toMatchObject({ postal_code: '88131', location: town });
    }
    // Choosing another place later changes the ad to exactly that place.
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${typed.id}`,
      headers: bearer(seller.access_token),
      payload: { postal_code: '88131', location: 'Bodolz' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ postal_code: '88131', location: 'Bodolz' });
  });
});

describe('the location filter of ad lists', () => {
  it("reads 'Frankfurt' as Frankfurt am Main and 'Muenchen' as München", async () => {
    const seller = await verifiedMember(t);
    const ad = await createAd(t, seller.access_token, { postal_code: '60311', title: 'Ebike am Main' });
    const near = async (place: string) => {
      const res = await t.app.inject({
        url: `/api/listings?postal_code=${encodeURIComponent(place)}&radius_km=20`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { listings: { id: string }[] }).listings.map((listing) => listing.id);
    };
    expect(await near('Frankfurt')).toContain(ad.id);
    expect(await near('Frankfurt am Main')).toContain(ad.id);
    expect(await near('Frankfurt (Oder)')).not.toContain(ad.id);
    const munich = await t.app.inject({ url: '/api/listings?postal_code=Muenchen&radius_km=20' });
    expect(munich.statusCode, munich.body).toBe(200);
    const unknown = await t.app.inject({ url: '/api/listings?postal_code=Xyzzyhausen' });
    expect(unknown.statusCode).toBe(422);
  });
});
