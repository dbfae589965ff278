import type {
  ForumCreateThreadBody,
  ForumLike,
  ForumModerateThreadBody,
  ForumOverview,
  ForumPost,
  ForumPreview,
  ForumSearchResult,
  ForumSort,
  ForumThreadList,
  ForumThreadPage,
} from '@marketplace/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api.ts';

/** Query keys of the forum; writes invalidate `['forum']`. */
export const forumKeys = {
  all: ['forum'] as const,
  overview: ['forum', 'overview'] as const,
  threads: (category: string, sort: ForumSort, page: number) =>
    ['forum', 'threads', category, sort, page] as const,
  thread: (id: string, page: number) => ['forum', 'thread', id, page] as const,
  search: (q: string, page: number) => ['forum', 'search', q, page] as const,
};

/**
 * `GET /api/forum/categories`: the three forums with subforums, counts and latest activity.
 * Like every answer of our own server in this module, it is taken as typed: the forum pages
 * load this module before the pages rendered on the server hydrate, and check without zod
 * (docs/decisions/0017-checks-off-the-first-load.md).
 */
export const forumOverviewQuery = queryOptions({
  queryKey: forumKeys.overview,
  queryFn: ({ signal }) => apiFetch<ForumOverview>('/api/forum/categories', { signal }),
});

/** The three forums with subforums, counts and latest activity ({@link forumOverviewQuery}). */
export function useForumOverview() {
  return useQuery(forumOverviewQuery);
}

/** Orders of a thread list (SPEC.md §2 forum): latest activity first unless the address says else. */
export const THREAD_SORTS: readonly ForumSort[] = ['activity', 'newest', 'liked'];

/** The order (`?sort=`, 'activity' when absent or unknown) of a thread list's address. */
export function threadListSort(search: URLSearchParams): ForumSort {
  const sort = search.get('sort');
  return THREAD_SORTS.find((known) => known === sort) ?? 'activity';
}

/** The page (`?page=`, from 1; 1 when absent or not a number) of a paged forum address. */
export function forumPageNumber(search: URLSearchParams): number {
  return Math.max(1, Number(search.get('page')) || 1);
}

/** `GET /api/forum/threads`: one page of a forum's threads in the chosen order. */
export function forumThreadsQuery(category: string, sort: ForumSort, page: number) {
  return queryOptions({
    queryKey: forumKeys.threads(category, sort, page),
    queryFn: ({ signal }) =>
      apiFetch<ForumThreadList>(
        `/api/forum/threads?${new URLSearchParams({ category, sort, page: String(page) }).toString()}`,
        { signal },
      ),
    retry: false,
  });
}

/** One page of a forum's threads ({@link forumThreadsQuery}), the last page shown while the next loads. */
export function useForumThreads(category: string, sort: ForumSort, page: number) {
  return useQuery({ ...forumThreadsQuery(category, sort, page), placeholderData: keepPreviousData });
}

/** `GET /api/forum/threads/{id}`: the thread with one page of posts. */
export function forumThreadQuery(id: string, page: number) {
  return queryOptions({
    queryKey: forumKeys.thread(id, page),
    queryFn: ({ signal }) =>
      apiFetch<ForumThreadPage>(`/api/forum/threads/${encodeURIComponent(id)}?page=${page}`, { signal }),
    retry: false,
    // An unknown thread is not asked for again when the page mounts: a page rendered on the
    // server hands over that answer, and shows the notice instead of the loading state.
    retryOnMount: (query) => !(query.state.error instanceof ApiError && query.state.error.status === 404),
  });
}

/** The thread with one page of posts ({@link forumThreadQuery}). */
export function useForumThread(id: string, page: number) {
  return useQuery(forumThreadQuery(id, page));
}

/** `GET /api/forum/search`: hits for `q` (at least 2 characters; disabled below). */
export function useForumSearch(q: string, page: number) {
  return useQuery({
    queryKey: forumKeys.search(q, page),
    queryFn: ({ signal }) =>
      apiFetch<ForumSearchResult>(
        `/api/forum/search?${new URLSearchParams({ q, page: String(page) }).toString()}`,
        {
          signal,
        },
      ),
    enabled: q.trim().length >= 2,
    retry: false,
  });
}

/** `POST /api/forum/threads`. @returns the new thread's id. @throws ApiError (422 German, 429) */
export async function createThread(body: ForumCreateThreadBody): Promise<string> {
  const answer = await apiFetch<{ id: string }>('/api/forum/threads', { method: 'POST', body });
  return answer.id;
}

/** `POST /api/forum/threads/{id}/posts`: a reply, optionally answering `replyTo`. */
export async function createPost(threadId: string, body: string, replyTo: string | null): Promise<ForumPost> {
  return apiFetch<ForumPost>(`/api/forum/threads/${encodeURIComponent(threadId)}/posts`, {
    method: 'POST',
    body: { body, reply_to: replyTo },
  });
}

/** `PATCH /api/forum/posts/{id}`: the author's new text. */
export async function editPost(postId: string, body: string): Promise<ForumPost> {
  return apiFetch<ForumPost>(`/api/forum/posts/${encodeURIComponent(postId)}`, {
    method: 'PATCH',
    body: { body },
  });
}

/** `DELETE /api/forum/posts/{id}`; `reason` when an admin deletes another member's post. */
export async function deletePost(postId: string, reason?: string): Promise<void> {
  await apiFetch(`/api/forum/posts/${encodeURIComponent(postId)}`, {
    method: 'DELETE',
    body: reason ? { reason } : {},
  });
}

/** `DELETE /api/forum/threads/{id}`. */
export async function deleteThread(threadId: string, reason?: string): Promise<void> {
  await apiFetch(`/api/forum/threads/${encodeURIComponent(threadId)}`, {
    method: 'DELETE',
    body: reason ? { reason } : {},
  });
}

/** `POST`/`DELETE /api/forum/posts/{id}/like`. */
export async function setLike(postId: string, like: boolean): Promise<ForumLike> {
  return apiFetch<ForumLike>(`/api/forum/posts/${encodeURIComponent(postId)}/like`, {
    method: like ? 'POST' : 'DELETE',
  });
}

/** `POST /api/forum/posts/{id}/report`. */
export async function reportPost(postId: string, reason: string): Promise<void> {
  await apiFetch(`/api/forum/posts/${encodeURIComponent(postId)}/report`, {
    method: 'POST',
    body: { reason },
  });
}

/** `PUT /api/forum/threads/{id}/subscription`. */
export async function setSubscription(threadId: string, level: 'watch' | 'mute' | null): Promise<void> {
  await apiFetch(`/api/forum/threads/${encodeURIComponent(threadId)}/subscription`, {
    method: 'PUT',
    body: { level },
  });
}

/** `PATCH /api/forum/threads/{id}` (ADMIN): pin, lock, move. */
export async function moderateThread(threadId: string, change: ForumModerateThreadBody): Promise<void> {
  await apiFetch(`/api/forum/threads/${encodeURIComponent(threadId)}`, { method: 'PATCH', body: change });
}

/** `POST /api/forum/preview`: the server's rendering of a text. */
export async function previewPost(body: string): Promise<string> {
  return (await apiFetch<ForumPreview>('/api/forum/preview', { method: 'POST', body: { body } })).html;
}

/**
 * The forum's first answers as its pages ask for them from their address (for the server that
 * renders them, docs/decisions/0030-one-layout-rendered-on-the-server.md): the overview, a
 * forum's thread list (`?sort=`, `?page=`) and a thread (`?page=`).
 */
export const forumQueries = {
  overview: forumOverviewQuery,
  threads: (category: string, search: URLSearchParams) =>
    forumThreadsQuery(category, threadListSort(search), forumPageNumber(search)),
  thread: (id: string, search: URLSearchParams) => forumThreadQuery(id, forumPageNumber(search)),
};
