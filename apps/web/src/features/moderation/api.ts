import { type ModerationAppealBody, moderationDecisionSchema } from '@marketplace/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

/** Query key of one statement of reasons. */
export const decisionKey = (id: string) => ['moderation', 'decision', id] as const;

/** `GET /api/moderation/decisions/{id}`: the statement of reasons (affected member or ADMIN). */
export function useDecision(id: string) {
  return useQuery({
    queryKey: decisionKey(id),
    queryFn: async ({ signal }) =>
      moderationDecisionSchema.parse(
        await apiFetch(`/api/moderation/decisions/${encodeURIComponent(id)}`, { signal }),
      ),
  });
}

/** `POST /api/moderation/decisions/{id}/appeal`: 'Widerspruch einlegen', once. */
export function useAppeal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ModerationAppealBody) =>
      moderationDecisionSchema.parse(
        await apiFetch(`/api/moderation/decisions/${encodeURIComponent(id)}/appeal`, {
          method: 'POST',
          body,
        }),
      ),
    onSuccess: (decision) => queryClient.setQueryData(decisionKey(id), decision),
  });
}
