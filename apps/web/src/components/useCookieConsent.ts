import { type CookieConsent, getCookieConsent, subscribeCookieConsent } from '../lib/cookieConsent.ts';
import { useDeviceStore } from '../lib/handOver.tsx';

/** The cookie choice the server knows: none. */
const noChoice = (): CookieConsent | null => null;

/**
 * The stored cookie choice of this browser (or null), updated when it changes anywhere. Null on
 * the server and while a server-rendered page is hydrated; the stored choice follows right after.
 */
export function useCookieConsent(): CookieConsent | null {
  return useDeviceStore(subscribeCookieConsent, getCookieConsent, noChoice);
}
