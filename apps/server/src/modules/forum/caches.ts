import type { ForumActivity, ForumAuthor, ForumCategory, ForumThreadSummary } from '@marketplace/contract';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import type { CacheCatalogue } from '../../lib/cache-catalogue.ts';
import { CountCache } from '../../lib/count-cache.ts';
import type { CountedToday } from '../../lib/counted-today.ts';
import { MAX_PUBLIC_ANSWERS, PUBLIC_ANSWER_MS, PublicAnswerCache } from '../../lib/public-answers.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { MemberCards } from '../users/index.ts';
import type { ForumCategoryRow, ForumPostRow, ForumThreadRow } from './schema.ts';

/**
 * What the forum keeps in memory for speed (docs/decisions/0010-forum-search-speed.md), owned by
 * the forum door and its routes (docs/decisions/0006-module-doors.md point 1), and the
 * dependencies every forum use case receives.
 */

/** How long the forums' counts and latest activity are kept, in ms. */
export const FORUM_STATS_CACHE_MS = 15_000;

/** Counts and the newest visible thread activity of one forum or subforum. */
export interface CategoryStats {
  threads: number;
  posts: number;
  activity: ForumActivity | null;
}

/** What the forum needs from the running application. */
export interface ForumDeps {
  db: Database;
  /** Carries `forum.replied`, `forum.mentioned` and `forum.liked` to the notifications. */
  events: EventBus;
  /** The users door's member cards, for the author cards (`app.memberCards`). */
  cards: MemberCards;
  /**
   * Thread and post counts and latest activity of every forum (key `all`), kept for
   * {@link FORUM_STATS_CACHE_MS} and forgotten after each write of this instance
   * (docs/decisions/0010-forum-search-speed.md).
   */
  stats: CountCache<Map<string, CategoryStats>>;
  /**
   * The forums and subforums (key `all`), which only migrations change, kept for
   * {@link FORUM_STATS_CACHE_MS} so no page waits for them.
   */
  categories: CountCache<ForumCategoryRow[]>;
  /**
   * The search's capped hit counts per search text, kept for {@link FORUM_STATS_CACHE_MS} and
   * forgotten after each write of this instance (as the marketplace's search totals).
   */
  searchCounts: CountCache<number>;
  /** Views this instance has counted today (a repeated view needs no write). */
  views: CountedToday;
  /**
   * What every viewer of a thread page sees alike, kept for {@link PUBLIC_ANSWER_MS} and
   * forgotten after each forum write of this instance (docs/decisions/0010-forum-search-speed.md).
   */
  pages: ThreadPages;
}

/**
 * What every viewer of one page of a thread sees alike: the thread, its summary and forum, the
 * page's posts and their authors' cards. Per-viewer parts (own likes, watching, permissions,
 * deletion reasons) are added per request.
 */
export interface SharedThreadPage {
  thread: ForumThreadRow;
  summary: ForumThreadSummary;
  category: ForumCategory;
  parent: ForumCategory | null;
  posts: ForumPostRow[];
  authors: Map<string, ForumAuthor>;
}

/**
 * The shared parts of thread pages (key: thread id and page), owned by the forum's routes:
 * each is fresh for {@link PUBLIC_ANSWER_MS} (as the marketplace's public answers) and until
 * `invalidate` after a forum write of this instance or a change of a member's card; concurrent
 * misses share one computation (`CountCache`). Beside them the finished JSON of the answers
 * for visitors without a login (thread pages and searches, `answers`; their `can` is all false),
 * forgotten alike. It also remembers the highest view count this instance has counted per
 * thread, so a page read from the cache never shows fewer views than the viewer's own counted
 * view (docs/decisions/0010-forum-search-speed.md).
 */
export class ThreadPages {
  private readonly pages: CountCache<SharedThreadPage>;
  /** View counts this instance counted since, by thread; the least recently counted go first. */
  private readonly viewCounts = new LRUCache<string, number>({ max: MAX_PUBLIC_ANSWERS * 20 });
  /** Finished answers for visitors without a login: thread pages and searches. */
  readonly answers: PublicAnswerCache;

  /** @param caches where the reads of its caches are counted (`app.caches`), for `/metrics` */
  constructor(caches?: CacheCatalogue) {
    this.pages = new CountCache<SharedThreadPage>(
      PUBLIC_ANSWER_MS,
      MAX_PUBLIC_ANSWERS,
      caches?.counts('forum.thread_pages'),
    );
    this.answers = new PublicAnswerCache(true, caches?.counts('forum.answers'));
  }

  /** The shared page `page` of thread `threadId`: cached while fresh, else from `compute`. */
  get(threadId: string, page: number, compute: () => Promise<SharedThreadPage>): Promise<SharedThreadPage> {
    return this.pages.get(`${threadId}|${page}`, compute);
  }

  /** Notes the thread's view count after this instance counted a view. */
  counted(threadId: string, viewCount: number): void {
    this.viewCounts.set(threadId, Math.max(viewCount, this.viewCounts.get(threadId) ?? 0));
  }

  /** The thread's view count to show: the page's, or a higher one this instance counted since. */
  viewCount(threadId: string, fromPage: number): number {
    return Math.max(fromPage, this.viewCounts.get(threadId) ?? 0);
  }

  /** Forgets every shared page and answer (a forum write or a changed member card may show on any). */
  invalidate(): void {
    this.pages.invalidate();
    this.answers.invalidate();
  }
}

/** Forgets the counts and pages this instance keeps, after a write that may change them has committed. */
export function forgetCounts(deps: Pick<ForumDeps, 'stats' | 'searchCounts' | 'pages'>): void {
  deps.stats.invalidate();
  deps.searchCounts.invalidate();
  deps.pages.invalidate();
}
