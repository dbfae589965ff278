import { useSyncExternalStore } from 'react';
import { type CookieConsent, getCookieConsent, subscribeCookieConsent } from '../lib/cookieConsent.ts';

/**
 * The stored cookie choice of this browser (or null), updated when it changes anywhere. Null on
 * the server and while a server-rendered page is hydrated; the stored choice follows right after.
 */
export function useCookieConsent(): CookieConsent | null {
  return useSyncExternalStore(subscribeCookieConsent, getCookieConsent, () => null);
}
