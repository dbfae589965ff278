import { useEffect } from 'react';
import { usePlaces } from '../feed/index.ts';

/**
 * The place of an ad whose member types only the postal code: once the completions of a
 * complete 5-digit postal code are there and no place is chosen (`location` empty), their first,
 * the postal code's main town as the server ranks them ('88131': Lindau (Bodensee)), becomes the
 * ad's place through `choose`, so the form shows and sends the town the ad will name. Picking
 * another offer sets `location` itself and is left alone; typing again empties it.
 */
export function usePreselectedPlace(postalCode: string, location: string, choose: (place: string) => void) {
  const code = /^\d{5}$/.test(postalCode.trim()) ? postalCode.trim() : '';
  const places = usePlaces(code);
  const first = places.isPlaceholderData ? undefined : places.data?.[0];
  useEffect(() => {
    if (code !== '' && location === '' && first?.postal_code === code) choose(first.place);
  }, [code, location, first, choose]);
}
