import type { MyListingsBulkAction, MyListingsBulkResult } from '@marketplace/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { releaseUploads, removeFiles } from '../media/index.ts';
import type { Actor } from '../users/index.ts';
import type { ListingDeps } from './deps.ts';
import { effectiveStatus } from './present.ts';
import { type ListingRow, listings } from './schema.ts';
import {
  announceStatus,
  assertExtendable,
  assertMayChange,
  assertNotRemoved,
  LISTING_LIFETIME_MS,
} from './service.ts';
import { adjustTermsBulk } from './terms.ts';

/** Why an ad already in the status asked for is left as it is. */
const ALREADY: Partial<Record<MyListingsBulkAction, { status: string; reason: string }>> = {
  reserve: { status: 'reserved', reason: 'Die Anzeige ist bereits reserviert.' },
  sold: { status: 'sold', reason: 'Die Anzeige ist bereits als verkauft markiert.' },
};

/**
 * Whether `action` may change `row`, by the rules of the single-ad actions (`service.ts`):
 * the listing policy, no change of an ad removed by moderation (deleting it is allowed), and
 * extending only an active or expired ad.
 * @returns null when it may, else the German reason (the single action's error text)
 */
function refusal(actor: Actor, row: ListingRow, action: MyListingsBulkAction): string | null {
  try {
    assertMayChange(actor, row, action === 'delete' ? 'delete' : 'edit');
    if (action === 'delete') return null;
    assertNotRemoved(row);
    if (action === 'extend') assertExtendable(row);
  } catch (error) {
    if (error instanceof AppError) return error.detail;
    throw error;
  }
  const already = ALREADY[action];
  return already && row.status === already.status ? already.reason : null;
}

/**
 * `POST /api/my-listings/bulk`: one action on many of the actor's own ads at once, in one
 * transaction (the rows locked, so parallel calls change each ad once): `reserve` and `sold` set
 * the status as `PATCH /api/listings/{id}` does, `extend` runs an active or expired ad another
 * 60 days as `POST /api/listings/{id}/extend`, `delete` removes the ad with its photos as
 * `DELETE /api/listings/{id}`. Ads of other members (also for ADMINs: the table shows one's own
 * ads only) and unknown ids count as not found. After the commit the photo files go and every
 * change is announced like the single action's.
 * @param ids up to 500 ids (repeated ones count once)
 * @returns the changed ids and each refused id with its German reason, in the order given
 */
export async function changeOwnListings(
  deps: ListingDeps,
  actor: Actor,
  action: MyListingsBulkAction,
  ids: readonly string[],
): Promise<MyListingsBulkResult> {
  const unique = [...new Set(ids)];
  const wanted = unique.filter(isUuid);
  const now = Date.now();
  const { locked, changed, released } = await deps.db.transaction(async (tx) => {
    const found =
      wanted.length === 0
        ? []
        : await tx
            .select()
            .from(listings)
            .where(and(inArray(listings.id, wanted), eq(listings.sellerId, actor.id)))
            .orderBy(listings.id)
            .for('update');
    const byId = new Map(found.map((row) => [row.id, row]));
    const allowed = found.filter((row) => refusal(actor, row, action) === null);
    const allowedIds = allowed.map((row) => row.id);
    const released: string[] = [];
    if (allowedIds.length > 0) {
      const stamp = new Date(now);
      if (action === 'delete') {
        for (const id of allowedIds) released.push(...(await releaseUploads(tx, id, [])));
        await tx.delete(listings).where(inArray(listings.id, allowedIds));
        await adjustTermsBulk(
          tx,
          allowed.map((row) => row.title),
          -1,
        );
      } else if (action === 'extend') {
        await tx
          .update(listings)
          .set({ expiresAt: new Date(now + LISTING_LIFETIME_MS), updatedAt: stamp })
          .where(inArray(listings.id, allowedIds));
      } else {
        await tx
          .update(listings)
          .set({ status: action === 'reserve' ? 'reserved' : 'sold', updatedAt: stamp })
          .where(inArray(listings.id, allowedIds));
      }
    }
    return { locked: byId, changed: new Set(allowedIds), released };
  });
  await removeFiles(deps.storage, released);
  await announce(
    deps,
    action,
    [...changed].flatMap((id) => locked.get(id) ?? []),
    now,
  );
  return {
    action,
    changed: unique.filter((id) => changed.has(id)),
    failed: unique.flatMap((id) => {
      if (changed.has(id)) return [];
      const row = locked.get(id);
      const reason = row ? refusal(actor, row, action) : null;
      return [{ id, reason: reason ?? new AppError('listing_not_found').detail }];
    }),
  };
}

/** Announces each changed ad as the single action does (after the commit). */
async function announce(
  deps: ListingDeps,
  action: MyListingsBulkAction,
  rows: readonly ListingRow[],
  now: number,
): Promise<void> {
  for (const row of rows) {
    if (action === 'delete') {
      await deps.events.publish('listing.deleted', { listingId: row.id, sellerId: row.sellerId });
      continue;
    }
    await deps.events.publish('listing.updated', { listingId: row.id, sellerId: row.sellerId });
    const after =
      action === 'extend'
        ? 'active'
        : effectiveStatus(
            { status: action === 'reserve' ? 'reserved' : 'sold', expiresAt: row.expiresAt },
            now,
          );
    await announceStatus(deps, row, effectiveStatus(row, now), after);
  }
}
