import type { User } from '@marketplace/contract';
import { apiFetch } from './api.ts';

/**
 * `GET /api/me` (SPEC.md §4, §7): the current user as the server knows it now; the one fetcher of
 * that call. `token` is sent as `Authorization: Bearer <token>` to check a token before it is
 * stored; without it the stored session's token is sent.
 * The answer is taken as typed: the server serializes it with the contract's schema
 * (docs/decisions/0017-checks-off-the-first-load.md).
 * @throws ApiError on a non-OK answer (401 when the token is not accepted), TypeError on network
 * failure.
 */
export async function fetchCurrentUser(token?: string, signal?: AbortSignal): Promise<User> {
  return apiFetch<User>('/api/me', { token, signal });
}
