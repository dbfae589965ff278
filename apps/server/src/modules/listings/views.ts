import { createHmac } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { addressKey, countRequest, lockLimit, type RequestLimit } from '../auth/index.ts';
import type { ListingDeps } from './deps.ts';
import { recordView } from './queries.ts';

/**
 * The views of an ad (SPEC.md §3 `views`): who a visit is counted for, and counting it once per
 * visitor and day under the address's daily cap. The route counts the view before it reads the ad.
 */

/**
 * Views one address (IPv4, IPv6 /64) adds over all ads in 24 hours; further visits from it
 * are shown but not counted, so one address cannot push an ad up 'Meistgesehen'.
 */
export const LISTING_VIEW_LIMIT: RequestLimit = {
  bucket: 'listing_view',
  max: 100,
  windowMs: 24 * 60 * 60 * 1000,
  reason: 'Zu viele Aufrufe von dieser Adresse.',
};

/** Today's date in UTC (`YYYY-MM-DD`): the day of view counting. */
function viewDay(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Who a view is counted for (`visitorOf`). */
export interface Visitor {
  /** The member asking, or null for a visitor without a token. */
  viewerId: string | null;
  /** One view per ad and day is counted per key: `u:` member id, or `a:` the address's pseudonym of the day. */
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
    key: viewerId ? `u:${viewerId}` : `a:${hmac(`${viewDay()}|${network}`)}`,
    address: hmac(`address|${network}`),
  };
}

/**
 * Counts one view of ad `id` per visitor (`visitorOf`) and UTC day (SPEC.md §3 `views`, §9
 * `popular`; not the seller's own visits), at most 100 per address in 24 hours over all ads
 * (`LISTING_VIEW_LIMIT`), and emits `listing.viewed` in the transaction that counts it when the
 * counter rose. The view, its counter and the address's count are written in one transaction
 * under the address's advisory lock, so parallel visits cannot pass the cap. A visit this
 * instance counted today needs no write. Malformed and unknown ids count nothing.
 * @returns false for a visit this instance had already counted today (the counter is unchanged)
 */
export async function countView(deps: ListingDeps, id: string, visitor: Visitor): Promise<boolean> {
  if (!isUuid(id)) return false;
  const day = viewDay();
  const visit = `${visitor.key}|${id}`;
  if (deps.countedViews.has(visit, day)) return false;
  try {
    await deps.events.transaction(deps.db, async (tx, emit) => {
      await lockLimit(tx, LISTING_VIEW_LIMIT.bucket, visitor.address);
      const view = await recordView(tx, {
        listingId: id,
        visitor: visitor.key,
        viewerId: visitor.viewerId,
        day,
      });
      // Re-entrant: the same lock is held already. Over the cap, the view rolls back.
      if (view) {
        await countRequest(tx, LISTING_VIEW_LIMIT, visitor.address);
        emit('listing.viewed', { listingId: id, sellerId: view.sellerId, views: view.views });
      }
    });
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'rate_limited')) throw error;
  }
  deps.countedViews.add(visit);
  return true;
}
