import { useSyncExternalStore } from 'react';
import { type CookieConsent, getCookieConsent, subscribeCookieConsent } from '../lib/cookieConsent.ts';

/** The stored cookie choice of this browser (or null), updated when it changes anywhere. */
export function useCookieConsent(): CookieConsent | null {
  return useSyncExternalStore(subscribeCookieConsent, getCookieConsent);
}
