import {
  FORUM_THREADS_PAGE_SIZE,
  type ForumSearchResult,
  forumSearchResultSchema,
} from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { rowCount, rowDate, selectRows } from '../../db/client.ts';
import { memberNameColumn, memberNameRow } from '../users/index.ts';
import type { ForumDeps } from './caches.ts';
import { plainExcerpt } from './markdown.ts';
import { authorName, iso } from './present.ts';
import { categoryNames } from './queries.ts';

/**
 * The forum search (`GET /api/forum/search`): PostgreSQL full text over titles and posts, its
 * capped count and its answer kept for visitors (docs/decisions/0010-forum-search-speed.md).
 * Search hits carry no actions, so they have no `can`.
 */

/** The forum search counts at most this many hits; beyond it the answer says 'über 1.000'. */
export const FORUM_SEARCH_COUNT_CAP = 1000;

/** The capped count of a search's hits. */
const searchHitsRow = z.object({ hits: rowCount });

/** A post the search found, with its thread and its author's name parts (`memberNameColumn`). */
const searchHitRow = z.object({
  id: z.string(),
  number: z.number(),
  body: z.string(),
  created_at: rowDate,
  author_id: z.string(),
  thread_id: z.string(),
  title: z.string(),
  category_id: z.string(),
  author: memberNameRow,
});

/**
 * `GET /api/forum/search`: visible posts whose text, or whose thread's title (for the opening
 * post), matches the words (PostgreSQL full text, 'german' configuration, web search syntax),
 * newest first, 20 per page. `total` counts up to {@link FORUM_SEARCH_COUNT_CAP} hits;
 * `total_capped` says there are more (then only the first 1,000 can be paged to).
 * docs/decisions/0010-forum-search-speed.md: the capped count stops early, and it decides the
 * plan: up to 1,000 hits are read through the text indexes and sorted; a word with more hits
 * walks the date index `forum_posts_newest_idx` from the newest post and stops after the page.
 */
export async function searchForum(
  deps: Pick<ForumDeps, 'db' | 'searchCounts' | 'categories'>,
  q: string,
  page: number,
): Promise<ForumSearchResult> {
  const db = deps.db;
  const query = sql`websearch_to_tsquery('german', ${q})`;
  const cap = FORUM_SEARCH_COUNT_CAP;
  const hits = await deps.searchCounts.get(q, async () => {
    // The text hits first; only when they are 1,000 or fewer can the title hits of opening
    // posts change the capped count, so only then is the title branch read (PostgreSQL
    // evaluates the `else` subquery on demand). A post of a deleted thread is left out by a
    // hashed lookup in the few deleted threads (partial index `forum_threads_deleted_idx`),
    // not by reading each post's thread. docs/decisions/0010, "The uncached count".
    const [counted] = await selectRows(
      db,
      searchHitsRow,
      sql`with text_hits as materialized (
            select p.id from forum_posts p
            where p.search_vector @@ ${query} and p.deleted_at is null
              and p.thread_id not in (select d.id from forum_threads d where d.deleted_at is not null)
            limit ${cap + 1}
          )
          select case when (select count(*) from text_hits) > ${cap} then ${cap + 1}
            else (select count(distinct id) from (
              select id from text_hits
              union all
              (select p.id from forum_threads t join forum_posts p on p.thread_id = t.id and p.number = 1
               where t.search_vector @@ ${query} and t.deleted_at is null and p.deleted_at is null
               limit ${cap + 1})
            ) found) end as hits`,
    );
    return Math.min(counted?.hits ?? 0, cap + 1);
  });
  const offset = (page - 1) * FORUM_THREADS_PAGE_SIZE;
  // The author's name parts come with each hit (users door's `memberNameColumn`).
  const columns = sql`p.id, p.number, p.body, p.created_at, p.author_id, t.id as thread_id, t.title, t.category_id,
    ${memberNameColumn(sql`p.author_id`)} as author`;
  const rows =
    hits === 0 || offset >= Math.min(hits, cap)
      ? []
      : hits <= cap
        ? // Few hits: read them all through the two text indexes, then sort.
          await selectRows(
            db,
            searchHitRow,
            sql`with found as materialized (
                  select p.id from forum_posts p where p.search_vector @@ ${query} and p.deleted_at is null
                  union
                  select p.id from forum_threads t join forum_posts p on p.thread_id = t.id and p.number = 1
                  where t.search_vector @@ ${query}
                )
                select ${columns}
                from found f join forum_posts p on p.id = f.id join forum_threads t on t.id = p.thread_id
                where t.deleted_at is null and p.deleted_at is null
                order by p.created_at desc, p.id desc
                limit ${FORUM_THREADS_PAGE_SIZE} offset ${offset}`,
          )
        : // Many hits: newest first along the date index, testing each post, until the page is full.
          await selectRows(
            db,
            searchHitRow,
            sql`select ${columns}
                from forum_posts p join forum_threads t on t.id = p.thread_id
                where p.deleted_at is null and t.deleted_at is null
                  and (p.search_vector @@ ${query} or (p.number = 1 and t.search_vector @@ ${query}))
                order by p.created_at desc nulls last, p.id desc nulls last
                limit ${FORUM_THREADS_PAGE_SIZE} offset ${offset}`,
          );
  const names = await categoryNames(deps);
  return {
    hits: rows.map((row) => ({
      thread_id: row.thread_id,
      thread_title: row.title,
      category_id: row.category_id,
      category_name: names.get(row.category_id) ?? row.category_id,
      post_id: row.id,
      post_number: row.number,
      author_name: authorName(row.author),
      excerpt: plainExcerpt(row.body, 240),
      created_at: iso(row.created_at),
    })),
    total: Math.min(hits, cap),
    total_capped: hits > cap,
    page,
    page_size: FORUM_THREADS_PAGE_SIZE,
  };
}

/**
 * `GET /api/forum/search`, sent as finished JSON: the same for every visitor, kept up to
 * `PUBLIC_ANSWER_MS` (`lib/public-answers.ts`) and forgotten after each forum write of this
 * instance (docs/decisions/0010-forum-search-speed.md). @see searchForum
 */
export function publicSearch(
  deps: Pick<ForumDeps, 'db' | 'searchCounts' | 'pages' | 'categories'>,
  reply: FastifyReply,
  q: string,
  page: number,
): Promise<FastifyReply> {
  return deps.pages.answers.send(reply, forumSearchResultSchema, `search|${page}|${q}`, () =>
    searchForum(deps, q, page),
  );
}
