import type { Message } from '@marketplace/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

/**
 * `POST /api/auth/resend-verification` for the logged-in member: a new verification mail. Apart
 * from the login and registration calls (features/auth/api.ts), so the ad, forum thread and
 * profile pages that offer it load without zod; the answer of our own server is taken as typed
 * (docs/decisions/0017-checks-off-the-first-load.md).
 * @returns the server's German confirmation
 * @throws ApiError 409 when already verified, 429 above the limit
 */
export async function resendVerification(): Promise<string> {
  return (await apiFetch<Message>('/api/auth/resend-verification', { method: 'POST' })).detail;
}

/** Mutation of {@link resendVerification}. */
export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
