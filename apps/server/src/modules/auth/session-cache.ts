import { LRUCache } from 'lru-cache';
import type { CacheCounts } from '../../lib/cache-catalogue.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { SessionUser } from '../users/index.ts';

/**
 * How long an instance answers a session from memory before it asks the database again (ms).
 * It bounds how long a change whose event this instance never received (Redis lost it) can go
 * unnoticed; every change it did receive applies at once (docs/decisions/0007, "The session cache").
 */
export const SESSION_CACHE_MS = 5_000;

/** Most sessions kept; beyond it the least recently used make room. */
export const SESSION_CACHE_MAX_ENTRIES = 50_000;

/** The member behind a valid token, with the session the token belongs to. */
export interface SessionMember extends SessionUser {
  sessionId: string;
}

/**
 * The sessions this instance looked up in the last {@link SESSION_CACHE_MS}, by session id, so a
 * member's burst of requests costs one session query instead of one each
 * (docs/decisions/0007-server-side-sessions.md, "The session cache").
 *
 * Entries are dropped at once on every instance when a session ends (`session.ended`), when the
 * member changes (`user.updated`: role, e-mail, verification) or goes (`user.deleted`), and all
 * of them when the connection to the other instances comes back after a loss. A lookup that was
 * under way while such an event arrived is not kept (the generation check), so an answer read
 * before a logout cannot outlive it. An entry also never outlives the session's absolute expiry.
 */
export class SessionCache {
  /** Members by session id, each for at most the cache's time and its session's remaining life. */
  private readonly entries: LRUCache<string, SessionMember>;
  /** Session ids of each member, to drop all of a member's entries. */
  private readonly byMember = new Map<string, Set<string>>();
  /** Counts every drop; a lookup started before a drop is not stored. */
  private generation = 0;

  private readonly ttlMs: number;
  private readonly counts: CacheCounts | undefined;

  /** @param counts where its reads are counted (`app.caches.counts(name)`), for `/metrics` */
  constructor(ttlMs = SESSION_CACHE_MS, maxEntries = SESSION_CACHE_MAX_ENTRIES, counts?: CacheCounts) {
    this.ttlMs = ttlMs;
    this.counts = counts;
    this.entries = new LRUCache<string, SessionMember>({
      max: maxEntries,
      ttl: ttlMs,
      // The wall clock, which the sessions' idle time and expiry are measured by.
      perf: { now: () => Date.now() },
      // However an entry goes (dropped, replaced, aged, evicted), the member's index follows.
      dispose: (member, sessionId) => this.unindex(member.id, sessionId),
    });
  }

  /** The cached member of session `sessionId` of member `userId`, or undefined (ask the database). */
  get(sessionId: string, userId: string): SessionMember | undefined {
    const member = this.entries.get(sessionId);
    const found = member?.id === userId ? member : undefined;
    if (this.counts) this.counts[found ? 'hit' : 'miss'] += 1;
    return found;
  }

  /** The generation to pass to {@link SessionCache.set} for a lookup starting now. */
  begin(): number {
    return this.generation;
  }

  /**
   * Keeps a member found by the database lookup that started at `generation`, unless anything
   * was dropped since (the answer may be older than the drop).
   * @param expiresInMs time until the session's absolute expiry, by the database clock (ms)
   */
  set(member: SessionMember, generation: number, expiresInMs: number): void {
    if (generation !== this.generation || expiresInMs <= 0) return;
    this.entries.set(member.sessionId, member, { ttl: Math.min(this.ttlMs, expiresInMs) });
    let ids = this.byMember.get(member.id);
    if (!ids) {
      ids = new Set();
      this.byMember.set(member.id, ids);
    }
    ids.add(member.sessionId);
  }

  /** Drops the given sessions, or all of the member's when `sessionIds` is omitted. */
  forget(userId: string, sessionIds?: readonly string[]): void {
    this.generation++;
    for (const id of sessionIds ?? [...(this.byMember.get(userId) ?? [])]) this.entries.delete(id);
  }

  /** Drops every entry. */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /**
   * Subscribes the cache to the events that change sessions or members, on every instance.
   * @returns a function that removes the subscriptions
   */
  subscribe(events: EventBus): () => void {
    const off = [
      events.onEveryInstance('session.ended', ({ userId, sessionIds }) => this.forget(userId, sessionIds)),
      events.onEveryInstance('user.updated', ({ userId }) => this.forget(userId)),
      events.onEveryInstance('user.deleted', ({ userId }) => this.forget(userId)),
      events.onReconnected(() => this.clear()),
    ];
    return () => {
      for (const unsubscribe of off) unsubscribe();
    };
  }

  private unindex(userId: string, sessionId: string): void {
    const ids = this.byMember.get(userId);
    ids?.delete(sessionId);
    if (ids?.size === 0) this.byMember.delete(userId);
  }
}
