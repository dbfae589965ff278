import { FAVORITE_ALREADY_DETAIL } from '@marketplace/contract';
import { de } from '../../i18n/de.ts';
import { ApiError } from '../../lib/api.ts';

/** What the app shows after a failed favourite change (SPEC.md §8 "Favorites"). */
export interface FavoriteFailure {
  text: string;
  /** True when the change counts as done anyway (the ad was already a favourite). */
  treatAsSuccess: boolean;
}

/**
 * Maps a failed add or remove to its SPEC.md §8 text: 401 'Bitte melde dich an, um Favoriten
 * hinzuzufügen'; 400 with detail 'Listing is already in favorites' 'Anzeige ist bereits in
 * deinen Favoriten' (a success); otherwise 'Fehler beim Hinzufügen zur Merkliste' or 'Fehler
 * beim Entfernen aus der Merkliste'.
 */
export function favoriteFailure(action: 'add' | 'remove', error: unknown): FavoriteFailure {
  if (error instanceof ApiError) {
    if (error.status === 401) return { text: de.favorites.loginRequired, treatAsSuccess: false };
    if (error.status === 400 && action === 'add' && error.message === FAVORITE_ALREADY_DETAIL) {
      return { text: de.favorites.alreadyFavorite, treatAsSuccess: true };
    }
  }
  return {
    text: action === 'add' ? de.favorites.addFailed : de.favorites.removeFailed,
    treatAsSuccess: false,
  };
}
