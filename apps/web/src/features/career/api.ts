import type { JobApplicationBody, JobPosition, JobPositionList } from '@marketplace/contract';
import { messageSchema } from '@marketplace/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api.ts';

/** Query keys of the career pages. */
export const careerKeys = {
  list: ['career', 'positions'] as const,
  position: (slug: string) => ['career', 'positions', slug] as const,
};

/** Whether `error` says there is no such open position (404, 410 closed, 422 no address): not asked again. */
const missing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 410 || error.status === 422);

/**
 * `GET /api/career/positions`: the open positions, newest first. Taken as typed like every answer
 * of our own server on the public pages (docs/decisions/0017-checks-off-the-first-load.md).
 */
export const positionListQuery = queryOptions({
  queryKey: careerKeys.list,
  queryFn: ({ signal }) => apiFetch<JobPositionList>('/api/career/positions', { signal }),
  staleTime: 60_000,
});

/** The open positions ({@link positionListQuery}). */
export function usePositionList() {
  return useQuery(positionListQuery);
}

/**
 * `GET /api/career/positions/{slug}`: one open position with its sanitized HTML. A closed (410) or
 * unknown (404) one is not asked for again, also not on mount after the server rendered it.
 */
export function positionQuery(slug: string) {
  return queryOptions({
    queryKey: careerKeys.position(slug),
    queryFn: ({ signal }) =>
      apiFetch<JobPosition>(`/api/career/positions/${encodeURIComponent(slug)}`, { signal }),
    staleTime: 60_000,
    retry: (failures, error) => failures < 1 && !missing(error),
    retryOnMount: (query) => !missing(query.state.error),
  });
}

/** One position ({@link positionQuery}). */
export function usePosition(slug: string) {
  return useQuery(positionQuery(slug));
}

/** The career pages' first answers as they ask for them (for the server that renders them). */
export const careerQueries = {
  list: positionListQuery,
  position: positionQuery,
};

/**
 * `POST /api/career/positions/{slug}/applications`: the form's fields as the JSON field `data`
 * and the CV as `cv` (multipart); answers the server's German confirmation.
 * @throws ApiError 422 for a bad field or a CV that is no PDF, 413 above 10 MB, 410 for a closed
 *   position, 429 above the limits per address and e-mail
 */
export async function sendApplication(slug: string, body: JobApplicationBody, cv: File): Promise<string> {
  const form = new FormData();
  form.append('data', JSON.stringify(body));
  form.append('cv', cv, cv.name);
  const answer = await apiFetch(`/api/career/positions/${encodeURIComponent(slug)}/applications`, {
    method: 'POST',
    body: form,
  });
  return messageSchema.parse(answer).detail;
}
