import type { Database } from '../../db/client.ts';
import { adminAuditLog } from './schema.ts';

/** One admin action for the audit log (SPEC.md §6 "ADMIN"). */
export interface AdminAction {
  /** The acting ADMIN; null when the system decided (the moderation queue's strikes rule). */
  adminId: string | null;
  /** What was done, e.g. `listing_removed`; the admin area names it in German. */
  action: string;
  /** The kind of target, e.g. `listing` or `user`. */
  targetType: string;
  targetId: string;
  /** Why, as the ADMIN wrote it. */
  reason: string;
  /** A short note of the change, e.g. the ground of a decision. */
  details?: string | null;
}

/**
 * Adds one row to the administrators' audit log, inside the caller's transaction so that the
 * action and its record commit together. Rows are never changed or deleted.
 */
export async function recordAdminAction(tx: Database, entry: AdminAction): Promise<void> {
  await tx.insert(adminAuditLog).values({ ...entry, details: entry.details ?? null });
}
