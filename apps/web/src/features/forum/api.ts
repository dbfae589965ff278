import {
  type ForumCreateThreadBody,
  type ForumModerateThreadBody,
  type ForumPost,
  type ForumSort,
  forumLikeSchema,
  forumOverviewSchema,
  forumPostSchema,
  forumPreviewSchema,
  forumSearchResultSchema,
  forumThreadListSchema,
  forumThreadPageSchema,
} from '@marketplace/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

/** Query keys of the forum; writes invalidate `['forum']`. */
export const forumKeys = {
  all: ['forum'] as const,
  overview: ['forum', 'overview'] as const,
  threads: (category: string, sort: ForumSort, page: number) =>
    ['forum', 'threads', category, sort, page] as const,
  thread: (id: string, page: number) => ['forum', 'thread', id, page] as const,
  search: (q: string, page: number) => ['forum', 'search', q, page] as const,
};

/** `GET /api/forum/categories`: the three forums with subforums, counts and latest activity. */
export function useForumOverview() {
  return useQuery({
    queryKey: forumKeys.overview,
    queryFn: async ({ signal }) =>
      forumOverviewSchema.parse(await apiFetch('/api/forum/categories', { signal })),
  });
}

/** `GET /api/forum/threads`: one page of a forum's threads in the chosen order. */
export function useForumThreads(category: string, sort: ForumSort, page: number) {
  return useQuery({
    queryKey: forumKeys.threads(category, sort, page),
    queryFn: async ({ signal }) =>
      forumThreadListSchema.parse(
        await apiFetch(
          `/api/forum/threads?${new URLSearchParams({ category, sort, page: String(page) }).toString()}`,
          { signal },
        ),
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** `GET /api/forum/threads/{id}`: the thread with one page of posts. */
export function useForumThread(id: string, page: number) {
  return useQuery({
    queryKey: forumKeys.thread(id, page),
    queryFn: async ({ signal }) =>
      forumThreadPageSchema.parse(
        await apiFetch(`/api/forum/threads/${encodeURIComponent(id)}?page=${page}`, { signal }),
      ),
    retry: false,
  });
}

/** `GET /api/forum/search`: hits for `q` (at least 2 characters; disabled below). */
export function useForumSearch(q: string, page: number) {
  return useQuery({
    queryKey: forumKeys.search(q, page),
    queryFn: async ({ signal }) =>
      forumSearchResultSchema.parse(
        await apiFetch(`/api/forum/search?${new URLSearchParams({ q, page: String(page) }).toString()}`, {
          signal,
        }),
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
  return forumPostSchema.parse(
    await apiFetch(`/api/forum/threads/${encodeURIComponent(threadId)}/posts`, {
      method: 'POST',
      body: { body, reply_to: replyTo },
    }),
  );
}

/** `PATCH /api/forum/posts/{id}`: the author's new text. */
export async function editPost(postId: string, body: string): Promise<ForumPost> {
  return forumPostSchema.parse(
    await apiFetch(`/api/forum/posts/${encodeURIComponent(postId)}`, { method: 'PATCH', body: { body } }),
  );
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
export async function setLike(postId: string, like: boolean) {
  return forumLikeSchema.parse(
    await apiFetch(`/api/forum/posts/${encodeURIComponent(postId)}/like`, {
      method: like ? 'POST' : 'DELETE',
    }),
  );
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
  return forumPreviewSchema.parse(await apiFetch('/api/forum/preview', { method: 'POST', body: { body } }))
    .html;
}
