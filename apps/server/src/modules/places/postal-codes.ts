import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCsvRecords } from '../../lib/csv.ts';
import { type OrganisationRow, rankPlaces, type TownRow } from './main-places.ts';

/** The shipped GeoNames table (see resources/README.md). */
export const POSTAL_CODES_CSV = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../resources/postal-codes-de.csv',
);

/**
 * One row of the table: a postal code, one of its places, its state and centroid (degrees), and
 * the place's rank among the postal code's places (1 for its main town, see `rankPlaces`).
 */
export interface PostalCodeEntry {
  postal_code: string;
  place: string;
  state: string;
  latitude: number;
  longitude: number;
  rank: number;
}

/**
 * Marks of a company or authority with its own postal code (GeoNames lists those too, e.g.
 * 'Daimler AG'): legal forms and words that occur in organisation names but in no town name.
 */
const ORGANISATION_MARKS =
  /GmbH|GMBH|mbH|\bAG\b|\bKG\b|\beG\b|\bOHG\b|\bGbR\b|\bSE\b|\bLtd|\bLTD\b|\bInc\b|S\.A\.|\bCo\b|Co\.|e\.\s?V\.|a\.\s?G\.?$|Aktiengesellschaft|[Ss]parkasse|[Kk]rankenkasse|[Kk]asse\b|[Vv]ersicherung|Agentur|[Vv]erwaltung|Verlag|Universit|Klinik|[Kk]rankenhaus|Hospital|[Ff]inanzamt|[Ll]andratsamt|[Aa]mtsgericht|[Ll]andgericht|[Ss]taatsanwaltschaft|Jobcenter|Deutsche Post|Telekom|\bAOK\b|\bDAK\b|\bBKK\b|\bIHK\b|\bBG\b|[Ss]tadtwerke|\bBank\b|[Bb]ank\b|[Gg]esellschaft|[Gg]enossenschaft|[Vv]erband|[Mm]inisterium|Institut|[Hh]ochschule|Polizei|Zentrale|[Dd]irektion|Service|Stiftung|Holding|[Jj]ustiz|Regierung|Rundfunk|Redaktion|Zeitung|Bezirksamt|Landesamt|Bundesamt|Bundesanstalt|Landtag|[Kk]aserne|Staatl|Dr\.|Dipl\.|Kreisausschu|Magistrat|Landrat\b|Diözese|Erzbistum|Generalvikariat|\bBMW\b|Daimler|Siemens|Bosch|Mercedes|Zalando|Amazon|Südwestrundfunk|\bSWR\b|\bWDR\b|\bNDR\b|\bZDF\b|\p{L}{5,}amt\b|[Kk]linik\b|(?:Handels|Handwerks|Ärzte|Rechtsanwalts)kammer|(?:Sozial|Verwaltungs|Arbeits|Finanz|Ober|Bundes|Land|Amts|Verfassungs)gericht|^(?:Stadt|Landeshauptstadt|Gemeinde|Kreis|Landkreis) |Versorgungs|[Zz]entrum|[Ww]erke\b|Buchhandel|Büro\b|Haftpflicht|Diakonie|Sportbund|Staatstheater|[Bb]ibliothek|Ordinariat|Reha\b|Reha-|Dienst|Bereich|Fachbereich|Distribution|Vertrieb|International|Großhandel|Tagblatt|Pflege|Schadenb|^Bundes\p{Ll}|Knappschaft|Vereinigung|Gewerkschaft|Beamten|[Aa]rchiv\b|(?:Ärzte|Wirtschafts|Landwirtschafts)kammer|Kammergericht|\p{Ll}stelle\b|Geschäftsstelle|[Kk]irchenrat|Staatskanzlei|Ministerpräsident|Minister\b|Job-Center|Redaktion\b|Botschaft|Vertretung|[Ll]andesbetrieb|Oberlandesgericht|Bezirksregierung|Landesregierung|Kundenservice|Marinearsenal|Gewerbe(?:park|komplex)/u;

/** Lowercase words that occur inside town names ("Frankfurt am Main", "Stetten am kalten Markt"). */
const TOWN_PARTICLES = new Set([
  'am',
  'an',
  'der',
  'den',
  'dem',
  'des',
  'im',
  'in',
  'bei',
  'beim',
  'ob',
  'vor',
  'vorm',
  'auf',
  'zum',
  'zur',
  'unter',
  'über',
  'und',
  'kalten',
  'ob der',
  'a.d.',
  'i.',
  'a.',
]);

/**
 * Whether a place name of the table is a town or district rather than a company or authority
 * (a heuristic): no organisation marks, digits, commas or ampersands, no shouting capitals
 * and no lowercase words other than town particles.
 */
export function isTownName(place: string): boolean {
  if (/[&\d"+]/.test(place)) return false;
  if (ORGANISATION_MARKS.test(place)) return false;
  const outsideBrackets = place.replace(/\([^)]*\)/g, ' ');
  if (/[()]/.test(outsideBrackets)) return false;
  for (const word of outsideBrackets.split(/[\s/,]+/)) {
    if (word === '') continue;
    if (word.length >= 4 && word === word.toUpperCase() && /\p{L}/u.test(word)) return false;
    const first = word[0] ?? '';
    if (first !== first.toUpperCase() && !TOWN_PARTICLES.has(word) && !/^[a-zäöü]{1,3}\.$/.test(word)) {
      return false;
    }
  }
  return true;
}

/** The table names some states in English; answers use the German names. */
const GERMAN_STATE_NAMES: Record<string, string> = {
  Bavaria: 'Bayern',
  'Lower Saxony': 'Niedersachsen',
  Saxony: 'Sachsen',
  'Saxony-Anhalt': 'Sachsen-Anhalt',
  Thuringia: 'Thüringen',
  'Mecklenburg-Western Pomerania': 'Mecklenburg-Vorpommern',
  'Land Berlin': 'Berlin',
};

/**
 * Reads the postal-code table (columns `zipcode`, `place`, `state`, `community`, `latitude`,
 * `longitude`), keeping towns and districts only (see `isTownName`), each postal code and place
 * once, in file order, with German state names and each place's rank within its postal code
 * (`rankPlaces`, which also counts the companies and authorities left out here).
 */
export function readPostalCodes(file = POSTAL_CODES_CSV): PostalCodeEntry[] {
  const seen = new Set<string>();
  const towns: (TownRow & { state: string })[] = [];
  const organisations: OrganisationRow[] = [];
  for (const record of readCsvRecords(file)) {
    const { zipcode: code = '', place = '', state = '', community: district = '' } = record;
    if (!/^\d{5}$/.test(code) || !place || !state) continue;
    if (!record.latitude || !record.longitude) continue;
    const latitude = Number(record.latitude);
    const longitude = Number(record.longitude);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    if (!isTownName(place)) {
      organisations.push({ place, district });
      continue;
    }
    const key = `${code}|${place}`;
    if (seen.has(key)) continue;
    seen.add(key);
    towns.push({ postal_code: code, place, state, district, latitude, longitude });
  }
  const ranks = rankPlaces(towns, organisations);
  return towns.map((town, index) => ({
    postal_code: town.postal_code,
    place: town.place,
    state: GERMAN_STATE_NAMES[town.state] ?? town.state,
    latitude: town.latitude,
    longitude: town.longitude,
    rank: ranks[index] ?? 1,
  }));
}
