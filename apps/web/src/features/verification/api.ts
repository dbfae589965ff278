import {
  type AdminVerification,
  adminVerificationListSchema,
  adminVerificationSchema,
  type MyVerification,
  myVerificationSchema,
  type Verification,
  type VerificationDecision,
  type VerificationRequestData,
  type VerificationStatus,
  verificationSchema,
} from '@marketplace/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, apiFetch, errorMessageFor } from '../../lib/api.ts';
import { getSessionToken } from '../../lib/session.ts';

/** Query keys of seller verification. */
export const verificationKeys = {
  mine: ['verification', 'mine'] as const,
  admin: (status: VerificationStatus) => ['admin', 'verifications', status] as const,
};

/** `GET /api/verification/me`: my latest request and whether I may send a new one. */
export function useMyVerification() {
  return useQuery({
    queryKey: verificationKeys.mine,
    queryFn: async ({ signal }): Promise<MyVerification> =>
      myVerificationSchema.parse(await apiFetch('/api/verification/me', { signal })),
  });
}

/**
 * `POST /api/verification`: the JSON `data` before the document in `file` (multipart).
 * @throws ApiError with the server's German detail (409 open request, 415 type, 422 fields)
 */
export async function applyForVerification(data: VerificationRequestData, file: File): Promise<Verification> {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  form.append('file', file);
  return verificationSchema.parse(await apiFetch('/api/verification', { method: 'POST', body: form }));
}

/** The ADMIN queue of one state, oldest first. */
export function useAdminVerifications(status: VerificationStatus) {
  return useQuery({
    queryKey: verificationKeys.admin(status),
    queryFn: async ({ signal }): Promise<AdminVerification[]> =>
      adminVerificationListSchema.parse(
        await apiFetch(`/api/admin/verifications?status=${status}`, { signal }),
      ).verifications,
  });
}

/** Approves or rejects a request (ADMIN); refreshes the queues afterwards. */
export function useDecideVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision }: { id: string; decision: VerificationDecision }) =>
      adminVerificationSchema.parse(
        await apiFetch(`/api/admin/verifications/${id}/decision`, { method: 'POST', body: decision }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'verifications'] }),
  });
}

/**
 * A private document as an object URL: documents are served only with the bearer token, so
 * an `<img>` or link cannot load them directly. The URL is revoked when the component leaves.
 * @returns the object URL, or an error text, while `url` is null nothing is loaded
 */
export function useDocument(url: string | null): { src: string | null; error: string | null } {
  const [state, setState] = useState<{ src: string | null; error: string | null }>({
    src: null,
    error: null,
  });
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = getSessionToken();
    fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) {
          throw new ApiError(response.status, errorMessageFor(response.status, await response.text()));
        }
        objectUrl = URL.createObjectURL(await response.blob());
        setState({ src: objectUrl, error: null });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ src: null, error: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
}
