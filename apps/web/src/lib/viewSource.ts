import type { ViewSourceHint } from '@marketplace/contract';

/**
 * Where the visitor opened an ad from, for the seller analytics (/analytics): a list notes it
 * when one of its ad cards is clicked, and the ad page's view request (`GET /api/listings/{id}`)
 * takes it as `src`. An ad opened from an instant saved-search alert (`/listing/{id}?src=alert`)
 * came from the alert. An ad that is the first page of the visit, reached from another site, is
 * an outside link; anything else is direct (the server's default).
 */
const noted = new Map<string, ViewSourceHint>();

/** The page the visit started on, and whether its outside referrer was used already. */
const landing =
  typeof window === 'undefined'
    ? null
    : { path: window.location.pathname, referrer: document.referrer, used: false };

/** Notes that ad `listingId` is being opened from `source` (an ad card's click). */
export function noteViewSource(listingId: string, source: ViewSourceHint): void {
  noted.set(listingId, source);
}

/**
 * The source of the next view request of ad `listingId`, once: the noted one, else `external`
 * when the visit started on this ad from another site, else undefined (direct).
 */
export function takeViewSource(listingId: string): ViewSourceHint | undefined {
  const source = noted.get(listingId);
  if (source) {
    noted.delete(listingId);
    return source;
  }
  // An instant saved-search alert links the ad itself with `src=alert`.
  if (
    typeof window !== 'undefined' &&
    window.location.pathname === `/listing/${listingId}` &&
    new URLSearchParams(window.location.search).get('src') === 'alert'
  )
    return 'alert';
  if (!landing || landing.used || landing.path !== `/listing/${listingId}` || !landing.referrer)
    return undefined;
  landing.used = true;
  try {
    return new URL(landing.referrer).origin === window.location.origin ? undefined : 'external';
  } catch {
    return undefined;
  }
}
