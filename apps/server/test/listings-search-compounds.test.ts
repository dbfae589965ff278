import type { ListingList } from '@marketplace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createAd, verifiedMember } from './helpers/marketplace.ts';

// German writes compounds as one word: a search for a word also finds the ads whose title
// words end in it, ranked below the ads with the word itself (docs/decisions/0011-compound-words.md).

let t: TestApp;
let seller: RegisteredMember;

const search = async (query: string) => {
  const res = await t.app.inject({ url: `/api/listings?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListingList;
};
const titles = (list: ListingList) => list.listings.map((l) => l.title);

const flat = (title: string, transaction: 'Miete' | 'Kauf') => ({
  title,
  description: 'Hell, ruhig gelegen, mit Balkon und Keller.',
  category: transaction === 'Miete' ? 'mietwohnungen' : 'eigentumswohnungen',
  attributes: { transaction, rooms: 3, living_area_m2: 80 },
  price: transaction === 'Miete' ? 950 : 320_000,
  price_type: 'fixed' as const,
});

beforeAll(async () => {
  t = await startTestApp();
  seller = await verifiedMember(t);
  for (const ad of [
    flat('Schöne Wohnung am Park', 'Miete'),
    flat('Eigentumswohnung mit Garten', 'Kauf'),
    flat('Dachgeschosswohnung in Altbau', 'Miete'),
    flat('Gartenwohnung, 3 Zimmer', 'Miete'),
    flat('Ferienwohnung an der Ostsee', 'Kauf'),
  ]) {
    await createAd(t, seller.access_token, ad);
  }
  const bike = { category: 'fahrraeder-zubehoer', attributes: { bike_type: 'Citybike' }, price: 60 };
  const livingRoom = { category: 'wohnzimmer', attributes: { condition: 'Gut' } };
  for (const ad of [
    { ...bike, title: 'Kinderfahrrad 20 Zoll', description: 'Blau, mit Stützrädern.' },
    { ...bike, title: 'Fahrrad Damen 28 Zoll', description: 'Rot, mit Korb und Licht.' },
    { ...bike, title: 'Fahrradanhänger für zwei Kinder', description: 'Mit Regenverdeck.' },
    // 'Limit' ends in the stop word 'mit'.
    { ...livingRoom, title: 'Limit-Schild aus Blech', description: 'Tempo 30, gut lesbar.', price: 5 },
    { ...livingRoom, title: 'Stehlampe aus Messing', description: 'Mit Dimmer, 160 cm hoch.', price: 35 },
    {
      ...livingRoom,
      title: 'Wohnungsauflösung: Sessel und Tisch',
      description: 'Alles muss raus.',
      price: 20,
    },
  ]) {
    await createAd(t, seller.access_token, ad);
  }
});
afterAll(async () => t?.close());

describe('search for a word also finds its compounds', () => {
  it("'Wohnung' finds all five flats, the flat named 'Wohnung' first, and the compound it starts", async () => {
    const found = await search('q=Wohnung');
    expect(titles(found).sort()).toEqual(
      [
        'Dachgeschosswohnung in Altbau',
        'Eigentumswohnung mit Garten',
        'Ferienwohnung an der Ostsee',
        'Gartenwohnung, 3 Zimmer',
        'Schöne Wohnung am Park',
        'Wohnungsauflösung: Sessel und Tisch',
      ].sort(),
    );
    expect(found.total).toBe(6);
    expect(titles(found)[0]).toBe('Schöne Wohnung am Park');
    expect(found.corrected_q).toBeNull();
  });

  it("'Fahrrad' finds the 'Kinderfahrrad' and the 'Fahrradanhänger' after the 'Fahrrad'", async () => {
    const found = titles(await search('q=Fahrrad'));
    expect(found[0]).toBe('Fahrrad Damen 28 Zoll');
    expect(found.slice(1).sort()).toEqual(['Fahrradanhänger für zwei Kinder', 'Kinderfahrrad 20 Zoll']);
  });

  it('the plural finds what the singular finds, compounds included', async () => {
    const singular = titles(await search('q=Fahrrad')).sort();
    expect(titles(await search(`q=${encodeURIComponent('Fahrräder')}`)).sort()).toEqual(singular);
    expect(titles(await search('q=Wohnungen')).sort()).toEqual(titles(await search('q=Wohnung')).sort());
    expect(titles(await search('q=Lampen'))).toEqual(['Stehlampe aus Messing']);
  });

  it("a short word finds the compounds it ends: 'Rad' and 'Räder' find the bikes", async () => {
    const bikes = ['Fahrrad Damen 28 Zoll', 'Kinderfahrrad 20 Zoll'];
    expect(titles(await search('q=Rad')).sort()).toEqual(bikes);
    expect(titles(await search(`q=${encodeURIComponent('Räder')}`)).sort()).toEqual(bikes);
  });

  // 'Limit' ends in 'mit': widened, the stop word would ask for it.
  it("a stop word is not widened: 'Wohnung mit Garten' needs no word ending in 'mit'", async () => {
    expect(titles(await search(`q=${encodeURIComponent('Wohnung mit Garten')}`)).sort()).toEqual([
      'Eigentumswohnung mit Garten',
      'Gartenwohnung, 3 Zimmer',
    ]);
  });

  it('keeps every word required: a compound of one word and the other word', async () => {
    expect(titles(await search('q=wohnung%20garten')).sort()).toEqual([
      'Eigentumswohnung mit Garten',
      'Gartenwohnung, 3 Zimmer',
    ]);
    expect(titles(await search('q=kinderfahrrad%20blau'))).toEqual(['Kinderfahrrad 20 Zoll']);
  });

  it('widens within filters and every sort, and counts the same ads', async () => {
    const rent = await search('q=wohnung&category=mietwohnungen&sort=price-asc');
    expect(titles(rent).sort()).toEqual([
      'Dachgeschosswohnung in Altbau',
      'Gartenwohnung, 3 Zimmer',
      'Schöne Wohnung am Park',
    ]);
    expect(rent.total).toBe(3);
  });

  it('takes a search with syntax as typed: quotes and an excluded word', async () => {
    expect(titles(await search(`q=${encodeURIComponent('"wohnung am park"')}`))).toEqual([
      'Schöne Wohnung am Park',
    ]);
    expect(titles(await search(`q=${encodeURIComponent('fahrrad -kinderfahrrad')}`))).toEqual([
      'Fahrrad Damen 28 Zoll',
    ]);
  });

  it('finds the compound a word begins, and keeps a LIKE pattern in the text literal', async () => {
    expect(titles(await search('q=ferien'))).toEqual(['Ferienwohnung an der Ostsee']);
    const res = await t.app.inject({ url: `/api/listings?q=${encodeURIComponent('wohn%ung')}` });
    expect(res.statusCode).toBe(200);
    expect((res.json() as ListingList).listings.map((l) => l.title)).not.toContain(
      'Eigentumswohnung mit Garten',
    );
  });
});
