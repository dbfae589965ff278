import {
  STORY_FEED_DEFAULT_LIMIT,
  type Story,
  type StoryFeed,
  type StoryInsights,
} from '@marketplace/contract';
import { queryOptions } from '@tanstack/react-query';
import { de } from '../../i18n/de.ts';
import { ApiError, apiFetch, errorDetailOr } from '../../lib/api.ts';
import { getSessionToken } from '../../lib/session.ts';

/** The feed query (SPEC.md §7 `GET /api/stories/feed`, limit 50); logged out it is empty, silently (§8). */
export const storyFeedQuery = queryOptions({
  queryKey: ['stories', 'feed'] as const,
  queryFn: async ({ signal }): Promise<StoryFeed> => {
    if (!getSessionToken()) return { stories: [], total: 0 };
    try {
      return await apiFetch<StoryFeed>(`/api/stories/feed?limit=${STORY_FEED_DEFAULT_LIMIT}&offset=0`, {
        signal,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return { stories: [], total: 0 };
      throw new Error(`${de.stories.loadFailed}: ${errorDetailOr(error, de.stories.loadFailed)}`);
    }
  },
  staleTime: 30_000,
});

/** The insights of one's own story (owner only; SPEC.md §3). */
export function storyInsightsQuery(storyId: string) {
  return queryOptions({
    queryKey: ['stories', 'insights', storyId] as const,
    queryFn: ({ signal }) => apiFetch<StoryInsights>(`/api/stories/${storyId}/insights`, { signal }),
  });
}

/** My active ads a new story may link (`GET /api/me/listings?status=active`), newest first. */
export const myActiveListingsQuery = queryOptions({
  queryKey: ['stories', 'my-active-listings'] as const,
  queryFn: async ({ signal }) =>
    (
      await apiFetch<{ listings: { id: string; title: string }[] }>(
        '/api/me/listings?status=active&limit=50',
        {
          signal,
        },
      )
    ).listings,
});

/** `POST /api/stories/{id}/view`; failures are only logged (the local mark stays). */
export function postStoryView(storyId: string): void {
  apiFetch(`/api/stories/${storyId}/view`, { method: 'POST' }).catch(() => {});
}

/** `POST /api/stories/{id}/reaction` with 'heart'. @throws Error 'Fehler beim Reagieren auf Story' */
export async function reactToStory(storyId: string): Promise<void> {
  try {
    await apiFetch(`/api/stories/${storyId}/reaction`, { method: 'POST', body: { reaction_type: 'heart' } });
  } catch {
    throw new Error(de.stories.reactFailed);
  }
}

/**
 * `POST /api/stories/{id}/reply`. A 401 is ignored silently (SPEC.md §8).
 * @throws Error 'Fehler beim Senden der Story-Antwort' (with the server's detail)
 */
export async function replyToStory(storyId: string, text: string): Promise<void> {
  try {
    await apiFetch(`/api/stories/${storyId}/reply`, { method: 'POST', body: { text } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return;
    throw new Error(errorDetailOr(error, de.stories.replyFailed));
  }
}

/**
 * `DELETE /api/stories/{id}` with the texts of SPEC.md §8.
 * @throws Error 'Nicht authentifiziert - Bitte melden Sie sich erneut an' (no token, 401),
 *   'Keine Berechtigung zum Löschen dieser Story' (403), else 'Fehler beim Löschen der Story'
 */
export async function deleteStory(storyId: string): Promise<void> {
  if (!getSessionToken()) throw new Error(de.stories.notAuthenticated);
  try {
    await apiFetch(`/api/stories/${storyId}`, { method: 'DELETE' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new Error(de.stories.notAuthenticated);
    if (error instanceof ApiError && error.status === 403) throw new Error(de.stories.deleteForbidden);
    throw new Error(de.stories.deleteFailed);
  }
}

/**
 * `POST /api/stories/` as multipart (`media`, a video's `poster` when one was made, `caption`
 * trimmed and omitted when empty), with upload progress in percent.
 * @throws Error with the server's detail, else 'Fehler beim Erstellen der Story'
 */
export function createStory(
  file: File,
  caption: string,
  onProgress: (percent: number) => void,
  listingId?: string,
  poster?: Blob | null,
): Promise<Story> {
  const form = new FormData();
  form.append('media', file);
  if (poster) form.append('poster', poster, 'poster.jpg');
  const trimmed = caption.trim();
  if (trimmed) form.append('caption', trimmed);
  if (listingId) form.append('listing_id', listingId);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/stories/');
    const token = getSessionToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status === 201) {
        resolve(JSON.parse(request.responseText) as Story);
        return;
      }
      let detail: string = de.stories.createFailed;
      try {
        const body = JSON.parse(request.responseText) as { detail?: unknown };
        if (typeof body.detail === 'string') detail = body.detail;
      } catch {
        // No JSON body: the general text.
      }
      reject(new Error(detail));
    };
    request.onerror = () => reject(new Error(de.stories.createFailed));
    request.send(form);
  });
}
