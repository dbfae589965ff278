import type { FollowEntry } from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import { findAccounts, toUserSummary } from '../users/index.ts';
import type { FollowEdge } from './queries.ts';

/**
 * Turns follow edges (member id and time) into list entries with display name and avatar
 * (contract `followEntrySchema`, SPEC.md §7 "reads following"), keeping their order; members
 * deleted meanwhile are left out.
 */
export async function toFollowEntries(db: Database, edges: readonly FollowEdge[]): Promise<FollowEntry[]> {
  const accounts = await findAccounts(
    db,
    edges.map((edge) => edge.userId),
  );
  const byId = new Map(accounts.map((row) => [row.id, row]));
  return edges.flatMap((edge) => {
    const row = byId.get(edge.userId);
    return row ? [{ ...toUserSummary(row), followed_at: edge.followedAt.toISOString() }] : [];
  });
}
