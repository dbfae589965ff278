import { createHmac } from 'node:crypto';
import type { ViewSource, ViewSourceHint } from '@marketplace/contract';
import { berlinDay } from '../../lib/berlin-time.ts';
import { isUuid } from '../../lib/ids.ts';
import { addressKey } from '../auth/index.ts';
import type { ListingDeps } from './deps.ts';
import { recordView, releaseViewCap, reserveViewCap, viewCapEnd } from './queries.ts';

/**
 * The views of an ad (SPEC.md §3 `views`): who a visit is counted for, and counting it once per
 * visitor and Europe/Berlin day under the address's daily cap. The route counts the view before it reads the ad.
 */

/**
 * Views one address (IPv4, IPv6 /64) adds over all ads in a 24-hour window that starts with its
 * first counted view; further visits from it are shown but not counted, so one address cannot
 * push an ad up 'Meistgesehen' (docs/decisions/0005).
 */
export const LISTING_VIEW_LIMIT = {
  max: 100,
  windowMs: 24 * 60 * 60 * 1000,
} as const;

/** The most addresses with a spent cap one instance remembers (`ListingDeps.cappedAddresses`). */
export const MAX_CAPPED_ADDRESSES = 100_000;

/** Who a view is counted for (`visitorOf`). */
export interface Visitor {
  /** The member asking, or null for a visitor without a token. */
  viewerId: string | null;
  /** One view per ad and Berlin day is counted per key: `u:` member id, or `a:` the address's pseudonym of the day. */
  key: string;
  /** Pseudonym of the address (IPv4, IPv6 /64) for the daily cap over all ads. */
  address: string;
}

/**
 * A visitor for view counting (SPEC.md §3 `views`): a member by id, anyone else by address
 * (IPv4, IPv6 by /64; not by browser, so user agents from one address count once), as HMACs
 * so that no address is stored.
 */
export function visitorOf(secret: string, viewerId: string | null, ip: string): Visitor {
  const network = addressKey(ip);
  const hmac = (text: string) => createHmac('sha256', secret).update(text).digest('base64url').slice(0, 32);
  return {
    viewerId,
    key: viewerId ? `u:${viewerId}` : `a:${hmac(`${berlinDay()}|${network}`)}`,
    address: hmac(`address|${network}`),
  };
}

/**
 * Counts one view of ad `id` per visitor (`visitorOf`) and Europe/Berlin day (SPEC.md §3 `views`, §9
 * `popular`; not the seller's own visits), at most 100 per address in its 24-hour window over all
 * ads (`LISTING_VIEW_LIMIT`), and emits `listing.viewed` in the transaction that counts it when the
 * counter rose. Takes no lock per address, so an address's first visits never queue behind each
 * other: one upsert reserves a place under the address's cap (`reserveViewCap`), then the view and
 * its counter are written in one short transaction; a visit that counted nothing gives its place
 * back. The cap never passes 100; while places are reserved by parallel visits that count nothing
 * (another instance's repeat, the seller's own) it may count a few less. A visit this instance
 * counts or counted today, and any visit of an address whose cap this instance saw spent, need no
 * write. Malformed and unknown ids count nothing.
 * @param source where the visitor came from, carried by `listing.viewed` to the seller analytics
 * @returns false for a visit this instance had already counted today (the counter is unchanged)
 */
export async function countView(
  deps: ListingDeps,
  id: string,
  visitor: Visitor,
  source: ViewSource = 'direct',
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const day = berlinDay();
  const visit = `${visitor.key}|${id}`;
  if (deps.countedViews.has(visit, day)) return false;
  const cappedUntil = deps.cappedAddresses.get(visitor.address);
  if (cappedUntil !== undefined && cappedUntil > Date.now()) return true;
  // Taken before the writes, so parallel repeats of this visit on this instance write nothing.
  deps.countedViews.add(visit);
  try {
    const { max, windowMs } = LISTING_VIEW_LIMIT;
    if (!(await reserveViewCap(deps.db, visitor.address, max, windowMs))) {
      deps.countedViews.forget(visit);
      deps.cappedAddresses.set(visitor.address, await viewCapEnd(deps.db, visitor.address, windowMs));
      return true;
    }
    const counted = await deps.events.transaction(deps.db, async (tx, emit) => {
      const view = await recordView(tx, {
        listingId: id,
        visitor: visitor.key,
        viewerId: visitor.viewerId,
        day,
      });
      if (view)
        emit('listing.viewed', { listingId: id, sellerId: view.sellerId, views: view.views, source, day });
      return view !== null;
    });
    if (!counted) await releaseViewCap(deps.db, visitor.address);
  } catch (error) {
    deps.countedViews.forget(visit);
    throw error;
  }
  return true;
}

/**
 * Where a view came from (seller analytics, /analytics): the web app's hint `src` when it opened
 * the ad from a list or an alert; without one, a `Referer` of another host than `host` is an
 * outside link, anything else (typed, bookmarked, no referrer) direct.
 */
export function viewSourceOf(
  hint: ViewSourceHint | undefined,
  referer: string | undefined,
  host: string,
): ViewSource {
  if (hint) return hint;
  if (!referer) return 'direct';
  try {
    return new URL(referer).host === host ? 'direct' : 'external';
  } catch {
    return 'direct';
  }
}
