import { distanceKm } from '../../lib/geo.ts';

/** A town or district of the postal-code table, with the district (Kreis) it lies in. */
export interface TownRow {
  postal_code: string;
  place: string;
  /** The table's `community`: the Landkreis or kreisfreie Stadt, e.g. 'Landkreis Lindau'. */
  district: string;
  latitude: number;
  longitude: number;
}

/** A company or authority of the table (e.g. 'Amtsgericht Lindau (Bodensee)') and its district. */
export interface OrganisationRow {
  place: string;
  district: string;
}

/** Words before a district's town name ('Landkreis Lindau', 'Kreisfreie Stadt Dresden', 'Region Hannover'). */
const DISTRICT_KIND =
  /^(?:Landkreis|Kreisfreie Stadt|Stadtkreis|Kreis|Region|Regionalverband|Städteregion|Eifelkreis|Landeshauptstadt)\s+/;

/** A place's name without what follows its town name: 'Lindau (Bodensee)' and 'Heringen/Helme' to 'Lindau', 'Heringen'. */
function townName(place: string): string {
  return place
    .replace(/\s*\(.*$/, '')
    .replace(/\/.*$/, '')
    .trim();
}

/**
 * The towns a district is named after: 'Landkreis Lindau' Lindau, 'Dresden, Stadt' and
 * 'Kreisfreie Stadt Dresden' Dresden, 'Dessau-Roßlau' Dessau-Roßlau, Dessau and Roßlau,
 * 'Eifelkreis Bitburg-Prüm' Bitburg and Prüm; the landscape words of 'Rhein-Lahn-Kreis' name
 * no place of the table.
 */
function districtTowns(district: string): Set<string> {
  const core = townName((district.split(',')[0] ?? '').replace(DISTRICT_KIND, ''));
  const names = [core, ...core.split('-')].map((name) => name.replace(DISTRICT_KIND, '').trim());
  return new Set(names.filter((name) => name.length >= 3 && !/kreis$/i.test(name)));
}

const LETTER = /\p{L}/u;

/** Whether `name` stands in `text` as whole words: 'Amtsgericht Lindau' names Lindau, 'Lindauer Zeitung' does not. */
function namesWholeWords(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    if (!LETTER.test(text[at - 1] ?? ' ') && !LETTER.test(text[at + name.length] ?? ' ')) return true;
  }
  return false;
}

/**
 * Counts the companies and authorities of a district whose names name a town:
 * `count(district, 'Lindau')` for 'Landkreis Lindau' counts 'Amtsgericht Lindau (Bodensee)' and
 * 'Finanzamt Lindau (Bodensee)'. Each count is made once.
 */
function organisationCounter(organisations: readonly OrganisationRow[]) {
  const byDistrict = new Map<string, string[]>();
  for (const { place, district } of organisations) {
    const names = byDistrict.get(district) ?? [];
    names.push(place);
    byDistrict.set(district, names);
  }
  const counts = new Map<string, number>();
  return (district: string, name: string): number => {
    const key = `${district}|${name}`;
    let count = counts.get(key);
    if (count === undefined) {
      count = (byDistrict.get(district) ?? []).filter((organisation) =>
        namesWholeWords(organisation, name),
      ).length;
      counts.set(key, count);
    }
    return count;
  };
}

/** The ranking's measures of one place of a postal code with several places. */
interface Standing {
  index: number;
  namedByDistrict: boolean;
  postalCodes: number;
  organisations: number;
  /** Sum of the distances to the postal code's other places, in km. */
  spread: number;
}

/** Larger first: named by its district, more postal codes, more organisations, more central, file order. */
function compareStandings(a: Standing, b: Standing): number {
  return (
    Number(b.namedByDistrict) - Number(a.namedByDistrict) ||
    b.postalCodes - a.postalCodes ||
    b.organisations - a.organisations ||
    a.spread - b.spread ||
    a.index - b.index
  );
}

/**
 * Ranks the places of each postal code, its main town first, from what the GeoNames table holds
 * (it has no population). Among the places of one postal code, in this order:
 * 1. the place its district is named after (88131: Lindau (Bodensee) of 'Landkreis Lindau'
 *    before Bodolz; 20095: Hamburg before Hamburg Altstadt);
 * 2. the place with more postal codes in its district (a town has several, a village one);
 * 3. the place more companies and authorities of its district name ('Amtsgericht Lindau
 *    (Bodensee)'; they stand in the table under postal codes of their own);
 * 4. the place nearest to the postal code's other places (the smallest sum of distances): of
 *    several villages the one in the middle, which a small town among villages usually is;
 * 5. the table's order.
 * Computed once when the table is read.
 * @returns each town's rank within its postal code, by the towns' indexes: 1 for the main
 *   town, 2 for the next, …; 1 for the only place of a postal code
 */
export function rankPlaces(towns: readonly TownRow[], organisations: readonly OrganisationRow[]): number[] {
  const ranks = towns.map(() => 1);
  const byCode = new Map<string, number[]>();
  const codesOfPlace = new Map<string, Set<string>>();
  towns.forEach((town, index) => {
    const places = byCode.get(town.postal_code) ?? [];
    places.push(index);
    byCode.set(town.postal_code, places);
    const key = `${town.district}|${town.place}`;
    codesOfPlace.set(key, (codesOfPlace.get(key) ?? new Set()).add(town.postal_code));
  });
  const organisationsNaming = organisationCounter(organisations);
  const namesOfDistrict = new Map<string, Set<string>>();
  for (const indexes of byCode.values()) {
    if (indexes.length < 2) continue;
    const places = indexes.map((index) => towns[index] as TownRow);
    const standings = places.map((town, i): Standing => {
      const named = namesOfDistrict.get(town.district) ?? districtTowns(town.district);
      namesOfDistrict.set(town.district, named);
      return {
        index: indexes[i] as number,
        namedByDistrict: named.has(townName(town.place)),
        postalCodes: codesOfPlace.get(`${town.district}|${town.place}`)?.size ?? 1,
        organisations: organisationsNaming(town.district, townName(town.place)),
        spread: places.reduce((sum, other) => sum + distanceKm(town, other), 0),
      };
    });
    standings.sort(compareStandings).forEach((standing, position) => {
      ranks[standing.index] = position + 1;
    });
  }
  return ranks;
}
