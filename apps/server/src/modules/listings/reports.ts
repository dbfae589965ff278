import type { ListingReportBody } from '@marketplace/contract';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { countRequest, type RequestLimit } from '../auth/index.ts';
import { fileReport } from '../reports/index.ts';
import type { Actor } from '../users/index.ts';
import type { ListingDeps } from './deps.ts';
import { canReportListing } from './policies.ts';
import { listings } from './schema.ts';

/**
 * Members' reports of ads for the administrators, filed into the one reports store (the kind
 * `listing`, docs/decisions/0023-one-reports-store.md). What moderation reads of the reported
 * ads and does with them is in `moderation.ts`.
 */

/** Reports per member and hour (one per ad; docs/decisions/0005). */
export const LISTING_REPORT_LIMIT: RequestLimit = {
  bucket: 'listing_report',
  max: 20,
  windowMs: 60 * 60 * 1000,
  reason: 'Du hast in kurzer Zeit sehr viele Anzeigen gemeldet.',
};

export const messages = {
  reported: 'Danke! Wir prüfen die Anzeige.',
  alreadyReported: 'Du hast diese Anzeige bereits gemeldet. Wir prüfen sie.',
} as const;

/**
 * `POST /api/listings/{id}/report`: stores a member's report for the administrators, one per
 * member and ad (a second answers 409 and changes nothing), at most 20 per member and hour
 * (`LISTING_REPORT_LIMIT`, counted with the report in one transaction).
 * @throws AppError listing_not_found (404), validation (422) for one's own ad, conflict (409)
 *   for a repeated report, rate_limited (429)
 */
export async function reportListing(
  deps: ListingDeps,
  actor: Actor,
  id: string,
  body: ListingReportBody,
): Promise<{ detail: string }> {
  const row = isUuid(id)
    ? (
        await deps.db
          .select({ sellerId: listings.sellerId, title: listings.title })
          .from(listings)
          .where(eq(listings.id, id))
      )[0]
    : undefined;
  if (!row) throw new AppError('listing_not_found');
  if (!canReportListing(actor, row))
    throw new AppError('validation', 'Du kannst deine eigene Anzeige nicht melden.');
  const comment = body.comment?.trim() ? body.comment.trim() : null;
  await deps.events.transaction(deps.db, async (tx, emit) => {
    await countRequest(tx, LISTING_REPORT_LIMIT, actor.id);
    const filed = await fileReport(
      tx,
      {
        targetType: 'listing',
        targetId: id,
        reportedId: row.sellerId,
        reporterId: actor.id,
        reason: body.reason,
        comment,
      },
      'refuse',
    );
    // Rolls the counted request back with it: a repeat costs nothing of the hourly limit.
    if (filed === 'refused') throw new AppError('conflict', messages.alreadyReported);
    // The reporter's confirmation (DSA Art. 16); the moderation queue reads the report itself.
    emit('listing.reported', { listingId: id, reporterId: actor.id, title: row.title });
  });
  return { detail: messages.reported };
}
