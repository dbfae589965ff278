import {
  type FailingMail,
  type FailingReaction,
  failingMailListSchema,
  failingReactionListSchema,
  mailRetryResponseSchema,
} from '@marketplace/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import { adminKeys } from './api.ts';

/**
 * One admin list of jobs that keep failing (docs/decisions/0014-job-queue.md): its query key
 * (below `['admin']`, so admin updates reload it too), the path of its endpoints below
 * `/api/admin/` (`<path>/failing`, `<path>/{id}/retry`) and the parser of its list answer.
 */
export interface FailingJobSource<J> {
  key: readonly string[];
  path: string;
  parse: (body: unknown) => J[];
}

/** Mail not delivered after 3 or more attempts (docs/decisions/0014-job-queue.md). */
export const failingMailSource: FailingJobSource<FailingMail> = {
  key: [...adminKeys.all, 'mail', 'failing'],
  path: 'mail',
  parse: (body) => failingMailListSchema.parse(body).mails,
};

/**
 * Reactions to domain events (notifications, audit rows) that failed 3 or more times
 * (docs/decisions/0022-durable-reactions.md); never the event's data.
 */
export const failingReactionSource: FailingJobSource<FailingReaction> = {
  key: [...adminKeys.all, 'reactions', 'failing'],
  path: 'reactions',
  parse: (body) => failingReactionListSchema.parse(body).reactions,
};

/**
 * `GET /api/admin/<path>/failing` of `source`: the failing jobs, oldest first, at most 100;
 * refreshed every minute while the page is open. ADMIN only (401/403 otherwise).
 */
export function useFailingJobs<J>(source: FailingJobSource<J>) {
  return useQuery({
    queryKey: source.key,
    queryFn: async ({ signal }) =>
      source.parse(await apiFetch(`/api/admin/${source.path}/failing`, { signal })),
    refetchInterval: 60_000,
  });
}

/**
 * `POST /api/admin/<path>/{id}/retry` of `source`: tries the job again at once and answers the
 * server's `detail`; 404 when the job no longer waits. The list reloads after it either way.
 */
export function useRetryFailingJob<J>(source: FailingJobSource<J>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      mailRetryResponseSchema.parse(
        await apiFetch(`/api/admin/${source.path}/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: source.key }),
  });
}
