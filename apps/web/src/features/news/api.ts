import {
  type NewsArticle,
  type NewsArticleBody,
  type NewsArticleUpdate,
  type NewsList,
  type NewsWriter,
  newsArticleSchema,
  uploadResponseSchema,
} from '@marketplace/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api.ts';

/** The list's filters as its address holds them (`/lokale-news?plz=&radius=&category=&page=`). */
export interface NewsFilters {
  plz: string;
  radius: string;
  category: string;
  page: number;
}

/** Query keys of the local news. */
export const newsKeys = {
  all: ['news'] as const,
  list: (query: string) => ['news', 'list', query] as const,
  article: (id: string) => ['news', 'article', id] as const,
  mine: ['news', 'mine'] as const,
};

/** The `GET /api/news` query of the filters (page size from the contract's default). */
export function newsListSearch(search: URLSearchParams, pageSize: number): string {
  const query = new URLSearchParams();
  for (const name of ['plz', 'radius', 'category'] as const) {
    const value = search.get(name);
    if (value) query.set(name, value);
  }
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  if (page > 1) query.set('offset', String((page - 1) * pageSize));
  return query.toString();
}

/** A 404 or 422 is an answer, not a failure to try again. */
const settled = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 422);

/**
 * `GET /api/news?…`: one page of the newest articles of a place, radius and category. Answers of
 * our own server are taken as typed (docs/decisions/0017-checks-off-the-first-load.md).
 */
export function newsListQuery(query: string) {
  return queryOptions({
    queryKey: newsKeys.list(query),
    queryFn: ({ signal }) => apiFetch<NewsList>(`/api/news${query ? `?${query}` : ''}`, { signal }),
    staleTime: 60_000,
    retry: (failures, error) => failures < 1 && !settled(error),
    retryOnMount: (query) => !settled(query.state.error),
  });
}

/** `GET /api/news/{id}`: one article with its HTML, the reader's permissions and related articles. */
export function newsArticleQuery(id: string) {
  return queryOptions({
    queryKey: newsKeys.article(id),
    queryFn: ({ signal }) => apiFetch<NewsArticle>(`/api/news/${encodeURIComponent(id)}`, { signal }),
    staleTime: 60_000,
    retry: (failures, error) => failures < 1 && !settled(error),
    retryOnMount: (query) => !settled(query.state.error),
  });
}

/** The local news pages' first answers as they ask for them, for the server that renders them. */
export const newsQueries = { list: newsListQuery, article: newsArticleQuery };

/** `GET /api/news/mine`: whether the member writes, and the articles they may edit. */
export function useNewsWriter(enabled: boolean) {
  return useQuery({
    queryKey: newsKeys.mine,
    queryFn: ({ signal }) => apiFetch<NewsWriter>('/api/news/mine', { signal }),
    enabled,
  });
}

/** `POST /api/news` or, with `id`, `PATCH /api/news/{id}`; the lists reload. */
export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: NewsArticleBody | NewsArticleUpdate }) =>
      newsArticleSchema.parse(
        await apiFetch(id ? `/api/news/${encodeURIComponent(id)}` : '/api/news', {
          method: id ? 'PATCH' : 'POST',
          body,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsKeys.all }),
  });
}

/** `DELETE /api/news/{id}`; the lists reload. */
export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/news/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsKeys.all }),
  });
}

/** `POST /api/upload` with the article's photo in the field `file`: its same-origin URL. */
export async function uploadNewsPhoto(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return uploadResponseSchema.parse(await apiFetch('/api/upload', { method: 'POST', body: form })).url;
}
