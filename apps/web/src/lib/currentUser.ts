import { type User, userSchema } from '@marketplace/contract';
import { apiFetch } from './api.ts';

/**
 * `GET /api/me` (SPEC.md §4, §7): the current user as the server knows it now; the one fetcher of
 * that call. `token` is sent as `Authorization: Bearer <token>` to check a token before it is
 * stored; without it the stored session's token is sent.
 * @throws ApiError on a non-OK answer (401 when the token is not accepted), TypeError on network
 * failure, ZodError when the answer is not a user.
 */
export async function fetchCurrentUser(token?: string, signal?: AbortSignal): Promise<User> {
  const body = await apiFetch('/api/me', { token, signal });
  return userSchema.parse(body);
}
