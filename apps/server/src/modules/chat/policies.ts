import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Actor } from '../users/index.ts';
import { UUID_PATTERN } from './constants.ts';
import * as queries from './queries.ts';
import type { ConversationRow } from './schema.ts';

/**
 * Who may read and write a conversation, and the facts of a conversation its rules look at: its
 * other member and whether it is about an ad.
 */

export function aboutListing(row: ConversationRow): boolean {
  return row.pairKey.startsWith('l:');
}

export function otherMemberOf(row: ConversationRow, userId: string): string {
  return row.buyerId === userId ? row.sellerId : row.buyerId;
}

/** Policy: only its two members may read or write a conversation. */
export function isConversationMember(actor: Actor, row: ConversationRow): boolean {
  return row.buyerId === actor.id || row.sellerId === actor.id;
}

/**
 * A conversation the actor belongs to.
 * @throws AppError conversation_not_found (404), also for malformed ids; conversation_forbidden (403)
 */
export async function memberConversation(db: Database, actor: Actor, id: string): Promise<ConversationRow> {
  const row = UUID_PATTERN.test(id) ? await queries.selectConversation(db, id) : undefined;
  if (!row) throw new AppError('conversation_not_found');
  if (!isConversationMember(actor, row)) throw new AppError('conversation_forbidden');
  return row;
}
