import type { Place } from '@marketplace/contract';
import { describe, expect, it } from 'vitest';
import { placeLabel, resolvePlace } from './placeResolution.ts';

const koeln: Place = { postal_code: '50667', place: 'Köln', state: 'Nordrhein-Westfalen' };
const main: Place = { postal_code: '60306', place: 'Frankfurt am Main', state: 'Hessen' };
const main2: Place = { postal_code: '60308', place: 'Frankfurt am Main', state: 'Hessen' };
const oder: Place = { postal_code: '15230', place: 'Frankfurt (Oder)', state: 'Brandenburg' };

describe('what a typed place means', () => {
  it('takes the one place called so, with or without umlauts', () => {
    expect(resolvePlace('Koln', [koeln])).toEqual({ kind: 'place', place: koeln });
    expect(resolvePlace('koeln', [koeln, { ...koeln, place: 'Kölnhausen' }])).toEqual({
      kind: 'place',
      place: koeln,
    });
    expect(resolvePlace('50667', [koeln])).toEqual({ kind: 'place', place: koeln });
    expect(resolvePlace('60308 Frankfurt am Main', [main2])).toEqual({ kind: 'place', place: main2 });
  });

  it('offers the choices of an ambiguous name, each place once, in the server order', () => {
    expect(resolvePlace('Frankfurt', [main, oder, main2])).toEqual({ kind: 'choose', choices: [main, oder] });
  });

  it('knows nothing of a text without completions', () => {
    expect(resolvePlace('Xyzzyhausen', [])).toEqual({ kind: 'unknown' });
    expect(resolvePlace('99999', [])).toEqual({ kind: 'unknown' });
  });

  it("labels a place with its postal code: '60306 Frankfurt am Main'", () => {
    expect(placeLabel(main)).toBe('60306 Frankfurt am Main');
  });
});
