import {
  type ModerationAppealDecisionBody,
  type ModerationDecisionBody,
  moderationDecisionSchema,
  moderationQueueSchema,
  moderationTransparencySchema,
} from '@marketplace/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, errorMessageFor } from '../../lib/api.ts';
import { getSessionToken } from '../../lib/session.ts';
import { adminKeys } from './api.ts';

/** Query keys of the reports queue; under `['admin']`, so `admin_update` reloads them too. */
export const moderationKeys = {
  queue: [...adminKeys.all, 'moderation', 'queue'] as const,
  transparency: (from: string, to: string) =>
    [...adminKeys.all, 'moderation', 'transparency', from, to] as const,
};

/** `GET /api/admin/moderation/queue`: open reports grouped by ad, then open appeals. */
export function useModerationQueue() {
  return useQuery({
    queryKey: moderationKeys.queue,
    queryFn: async ({ signal }) =>
      moderationQueueSchema.parse(await apiFetch('/api/admin/moderation/queue', { signal })),
  });
}

/** `POST /api/admin/moderation/decisions`: keep or remove an ad with a ground and a text. */
export function useDecideReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ModerationDecisionBody) =>
      moderationDecisionSchema.parse(
        await apiFetch('/api/admin/moderation/decisions', { method: 'POST', body }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** `POST /api/admin/moderation/appeals/{id}/decision`: uphold or reverse (another ADMIN only). */
export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: ModerationAppealDecisionBody & { id: string }) =>
      moderationDecisionSchema.parse(
        await apiFetch(`/api/admin/moderation/appeals/${encodeURIComponent(id)}/decision`, {
          method: 'POST',
          body,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

function periodQuery(from: string, to: string): string {
  return `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
}

/** `GET /api/admin/moderation/transparency`: the transparency report for whole days. */
export function useTransparency(from: string, to: string) {
  return useQuery({
    queryKey: moderationKeys.transparency(from, to),
    enabled: from !== '' && to !== '',
    queryFn: async ({ signal }) =>
      moderationTransparencySchema.parse(
        await apiFetch(`/api/admin/moderation/transparency?${periodQuery(from, to)}`, { signal }),
      ),
  });
}

/**
 * Downloads the transparency report as CSV (`GET /api/admin/moderation/transparency.csv`) with
 * the session token and saves it under the server's file name.
 * @throws ApiError on a non-OK answer
 */
export async function downloadTransparencyCsv(from: string, to: string): Promise<void> {
  const token = getSessionToken();
  const response = await fetch(`/api/admin/moderation/transparency.csv?${periodQuery(from, to)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, errorMessageFor(response.status, text));
  }
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ??
    `transparenzbericht-${from}-${to}.csv`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
