/**
 * localStorage keys of choices the app remembers on this device (SPEC.md §4 "Home feed": view
 * mode and sort are persisted locally). Session and cookie keys live with their modules.
 */

/** View mode of ad grids: `standard` or `compact` (SPEC.md §9). */
export const VIEW_MODE_STORAGE_KEY = 'feed.viewMode';
/** Sort of the home feed (SPEC.md §9 sort options). */
export const FEED_SORT_STORAGE_KEY = 'feed.sort';
/** Postal code the visitor gave for 'Nächste zuerst' and the distance on cards. */
export const FEED_POSTAL_CODE_STORAGE_KEY = 'feed.postalCode';
/** The home feed's 'Umkreis' in km (absent: all of Germany). */
export const FEED_RADIUS_STORAGE_KEY = 'feed.radiusKm';

/** Reads a stored string; null when missing or when storage is unavailable. */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores a string (or removes the key for null); storage failures are ignored. */
export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or full storage: the choice just is not remembered.
  }
}
