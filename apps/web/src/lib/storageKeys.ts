import { useDeviceStore } from './handOver.tsx';

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

/** Reads a stored string; null when missing, when storage is unavailable and on the server. */
export function readStored(key: string): string | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Stores a string (or removes the key for null) and tells the components that show it; storage
 * failures are ignored.
 */
export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or full storage: the choice just is not remembered.
  }
  for (const listener of listeners) listener();
}

const listeners = new Set<() => void>();

function subscribeStored(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** What the server knows of a device's stored choices: nothing. */
const nothingStored = (): string | null => null;

/**
 * The string stored under `key`, kept current when this tab or another changes it. While a page
 * the server rendered is hydrated it is null, as on the server, which knows no device's choices;
 * the stored value follows right after (docs/decisions/0030-one-layout-rendered-on-the-server.md).
 * A page rendered in the browser alone has the stored value from its first render.
 */
export function useStored(key: string): string | null {
  return useDeviceStore(subscribeStored, () => readStored(key), nothingStored);
}
