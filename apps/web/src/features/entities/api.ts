import { ENTITIES_PAGE_MAX, type EntityList, type EntityType, entityListSchema } from '@marketplace/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

/** `GET /api/entities`: one page of the directory. @throws ApiError */
export async function fetchEntities(
  type: EntityType,
  q: string,
  page: number,
  signal?: AbortSignal,
): Promise<EntityList> {
  const params = new URLSearchParams({ type, page: String(page) });
  if (q) params.set('q', q);
  return entityListSchema.parse(await apiFetch(`/api/entities?${params.toString()}`, { signal }));
}

/** The directory of `type` matching `q`, 20 a page, the next page on demand (to the 50th). */
export function useEntities(type: EntityType, q: string) {
  return useInfiniteQuery({
    queryKey: ['entities', type, q] as const,
    queryFn: ({ pageParam, signal }) => fetchEntities(type, q, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.page_size < last.total && last.page < ENTITIES_PAGE_MAX ? last.page + 1 : undefined,
  });
}
