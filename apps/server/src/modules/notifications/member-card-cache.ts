import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import { displayName, findAccounts } from '../users/index.ts';

/** A member as notifications name them. */
export interface MemberCard {
  name: string;
  avatar: string | null;
}

/**
 * Names and avatars of recent senders, followers and savers, per instance (a chat sends many
 * messages from the same members). `user.updated` and `user.deleted` on any instance drop an entry.
 */
export class MemberCardCache {
  /** At most 10,000 members, the least recently used out first. */
  private readonly cards = new LRUCache<string, MemberCard>({ max: 10_000 });

  /**
   * The member's card, or null when the account is gone; read through `db` (a reaction's
   * transaction: on PGlite a read beside an open transaction would wait for it to end).
   */
  async get(db: Database, userId: string): Promise<MemberCard | null> {
    const known = this.cards.get(userId);
    if (known) return known;
    const [account] = await findAccounts(db, [userId]);
    if (!account) return null;
    const card = { name: displayName(account), avatar: account.avatarUrl };
    this.cards.set(userId, card);
    return card;
  }

  /** Drops the member's card (a changed name or avatar, a deleted account). */
  forget(userId: string): void {
    this.cards.delete(userId);
  }
}
