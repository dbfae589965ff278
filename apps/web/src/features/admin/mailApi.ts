import { failingMailListSchema, mailRetryResponseSchema } from '@marketplace/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import { adminKeys } from './api.ts';

/** Query key of the failing mail list (below `['admin']`, so admin updates reload it too). */
export const failingMailKey = [...adminKeys.all, 'mail', 'failing'] as const;

/**
 * `GET /api/admin/mail/failing` (docs/decisions/0014-job-queue.md): mail not delivered after
 * 3 or more attempts, oldest first; refreshed every minute while the page is open.
 */
export function useFailingMail() {
  return useQuery({
    queryKey: failingMailKey,
    queryFn: async ({ signal }) =>
      failingMailListSchema.parse(await apiFetch('/api/admin/mail/failing', { signal })).mails,
    refetchInterval: 60_000,
  });
}

/** `POST /api/admin/mail/{id}/retry`: tries the mail again at once; the list reloads after it. */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      mailRetryResponseSchema.parse(
        await apiFetch(`/api/admin/mail/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: failingMailKey }),
  });
}
