import { adminMemberPath } from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';
import { conversationNames } from '../chat/index.ts';
import { forumPostNames } from '../forum/index.ts';
import { findModeratedListings } from '../listings/index.ts';
import { storyNames } from '../stories/index.ts';
import { displayName, findAccounts } from '../users/index.ts';
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

/** A target of the audit log by name, and where an admin opens it (null: no page shows it). */
export interface AuditTargetName {
  name: string;
  link: string | null;
}

/** Reads the targets of one kind by id in one batch; ids no longer stored are left out. */
type NameLookup = (db: Database, ids: readonly string[]) => Promise<Map<string, AuditTargetName>>;

/** Per kind of target: how its things are named (through their modules' doors) and its placeholder once gone. */
const TARGET_KINDS: Record<string, { lookup: NameLookup; gone: string }> = {
  user: {
    lookup: async (db, ids) =>
      new Map(
        (await findAccounts(db, ids)).map((account) => [
          account.id,
          { name: displayName(account), link: adminMemberPath(account.id) },
        ]),
      ),
    gone: 'Gelöschtes Mitglied',
  },
  listing: {
    lookup: async (db, ids) =>
      new Map(
        [...(await findModeratedListings(db, ids)).values()].map((ad) => [
          ad.id,
          { name: ad.title, link: `/listing/${ad.id}` },
        ]),
      ),
    gone: 'Gelöschte Anzeige',
  },
  forum_post: { lookup: forumPostNames, gone: 'Gelöschter Forenbeitrag' },
  story: { lookup: storyNames, gone: 'Gelöschte Story' },
  conversation: { lookup: conversationNames, gone: 'Gelöschte Unterhaltung' },
};

/**
 * The targets of audit log entries by their current names (see {@link TARGET_KINDS}): one
 * batched read per kind, never one per entry, so a page of 200 entries costs at most one
 * statement per kind (two for conversations). Keyed `type:id`; a target no longer stored gets its
 * kind's German placeholder ('Gelöschte Anzeige') and `deleted`; an unknown kind or a malformed id
 * is named by its id.
 */
export async function auditTargetNames(
  db: Database,
  targets: readonly { targetType: string; targetId: string }[],
): Promise<Map<string, AuditTargetName & { deleted: boolean }>> {
  const idsByKind = new Map<string, Set<string>>();
  for (const { targetType, targetId } of targets) {
    if (!TARGET_KINDS[targetType] || !isUuid(targetId)) continue;
    idsByKind.set(targetType, (idsByKind.get(targetType) ?? new Set()).add(targetId));
  }
  const found = await Promise.all(
    [...idsByKind].map(
      async ([kind, ids]) => [kind, await TARGET_KINDS[kind]?.lookup(db, [...ids])] as const,
    ),
  );
  const names = new Map(found);
  return new Map(
    targets.map(({ targetType, targetId }) => {
      const kind = TARGET_KINDS[targetType];
      const named = names.get(targetType)?.get(targetId);
      const entry = named
        ? { ...named, deleted: false }
        : kind && isUuid(targetId)
          ? { name: kind.gone, link: null, deleted: true }
          : { name: targetId, link: null, deleted: false };
      return [`${targetType}:${targetId}`, entry];
    }),
  );
}
