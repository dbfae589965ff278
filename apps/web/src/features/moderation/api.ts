import { type ModerationAppealBody, moderationDecisionSchema } from '@marketplace/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

/** Query key of one statement of reasons. */
export const decisionKey = (id: string) => ['moderation', 'decision', id] as const;

/**
 * `GET /api/moderation/decisions/{id}`: the statement of reasons (affected member or ADMIN).
 * @param linkToken the token of the mailed link (`#zugang=`), used instead of the session: it
 *   opens the decision to a suspended member, who cannot log in
 */
export function useDecision(id: string, linkToken?: string) {
  return useQuery({
    queryKey: decisionKey(id),
    queryFn: async ({ signal }) =>
      moderationDecisionSchema.parse(
        await apiFetch(`/api/moderation/decisions/${encodeURIComponent(id)}`, {
          signal,
          token: linkToken,
        }),
      ),
  });
}

/** `POST /api/moderation/decisions/{id}/appeal`: 'Widerspruch einlegen', once (`linkToken` as above). */
export function useAppeal(id: string, linkToken?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ModerationAppealBody) =>
      moderationDecisionSchema.parse(
        await apiFetch(`/api/moderation/decisions/${encodeURIComponent(id)}/appeal`, {
          method: 'POST',
          body,
          token: linkToken,
        }),
      ),
    onSuccess: (decision) => queryClient.setQueryData(decisionKey(id), decision),
  });
}
