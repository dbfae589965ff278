import { foldPlaceName, type Place } from '@marketplace/contract';
import type { QueryClient } from '@tanstack/react-query';
import { placesQuery } from './api.ts';

/** What a typed place text means, given the completions `GET /api/places` answered for it. */
export type PlaceResolution =
  | { kind: 'place'; place: Place }
  | { kind: 'unknown' }
  | { kind: 'choose'; choices: Place[] };

/** Most places offered for an ambiguous text. */
const MAX_CHOICES = 5;

/** '80331 München' as a place reads in lists, in the field and where it is kept. */
export function placeLabel(place: Place): string {
  return `${place.postal_code} ${place.place}`;
}

/**
 * Decides what `text` names among `places` (the server's completions for it, larger places
 * first): a 5-digit postal code its first place; '80331 München' that entry; a name the one
 * place called exactly so ('Koln' and 'Koeln' read as Köln), or the only place offered; no
 * completions `unknown`; several places (Frankfurt am Main, Frankfurt (Oder)) `choose`, one
 * entry per place in the server's order, at most 5.
 */
export function resolvePlace(text: string, places: readonly Place[]): PlaceResolution {
  const term = text.trim();
  if (term === '' || places.length === 0) return { kind: 'unknown' };
  const distinct = places.filter(
    (place, index) =>
      places.findIndex((other) => other.place === place.place && other.state === place.state) === index,
  );
  if (/^\d{5}$/.test(term)) {
    const match = places.find((place) => place.postal_code === term);
    return match ? { kind: 'place', place: match } : { kind: 'unknown' };
  }
  const combined = /^(\d{1,5})\s+(.+)$/.exec(term);
  if (combined?.[1] && combined[2]) {
    const code = combined[1];
    const name = foldPlaceName(combined[2]);
    const match = places.find((place) => place.postal_code === code && foldPlaceName(place.place) === name);
    if (match) return { kind: 'place', place: match };
  } else if (!/^\d+$/.test(term)) {
    const exact = distinct.filter((place) => foldPlaceName(place.place) === foldPlaceName(term));
    if (exact.length === 1 && exact[0]) return { kind: 'place', place: exact[0] };
  }
  if (places.length === 1 && places[0]) return { kind: 'place', place: places[0] };
  const choices = /^\d+$/.test(term) ? places : distinct;
  if (choices.length === 1 && choices[0]) return { kind: 'place', place: choices[0] };
  return { kind: 'choose', choices: choices.slice(0, MAX_CHOICES) };
}

/**
 * What a place kept on this device stands for today: its label ('50667 Köln' for a kept 'Koln';
 * an ambiguous name the larger place, as the server reads it), or null when no place answers
 * to it any more (it should be dropped).
 * @throws when the places cannot be asked (then keep it and try another time)
 */
export async function checkKeptPlace(queryClient: QueryClient, kept: string): Promise<string | null> {
  const places = await queryClient.fetchQuery(placesQuery(kept));
  const result = resolvePlace(kept, places);
  if (result.kind === 'place') return placeLabel(result.place);
  if (result.kind === 'choose' && result.choices[0]) return placeLabel(result.choices[0]);
  return null;
}
