import {
  type AuthResponse,
  authResponseSchema,
  type LoginBody,
  messageSchema,
  type RegisterBody,
  type User,
  userSchema,
  type VerifyEmailResponse,
  verifyEmailResponseSchema,
} from '@marketplace/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

/**
 * `POST /api/auth/login` (SPEC.md §7): token and user.
 * @throws ApiError 401 with a German detail for wrong credentials, 429 after too many failures
 */
export async function login(body: LoginBody): Promise<AuthResponse> {
  return authResponseSchema.parse(await apiFetch('/api/auth/login', { method: 'POST', body, token: null }));
}

/**
 * `POST /api/auth/register` (ARCHITECTURE.md): creates the account, sends the verification
 * mail and answers like a login.
 * @throws ApiError 409 when the e-mail is registered, 422 for bad input, 429 above the limit
 */
export async function register(body: RegisterBody): Promise<AuthResponse> {
  return authResponseSchema.parse(
    await apiFetch('/api/auth/register', { method: 'POST', body, token: null }),
  );
}

/**
 * `POST /api/auth/verify-email {token}`: confirms the address of the mail link and answers the
 * user as it is now (`email_verified: true`).
 * @throws ApiError 400 for an unknown, used or expired link
 */
export async function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return verifyEmailResponseSchema.parse(
    await apiFetch('/api/auth/verify-email', { method: 'POST', body: { token } }),
  );
}

/**
 * `POST /api/auth/resend-verification` for the logged-in member: a new verification mail.
 * @returns the server's German confirmation
 * @throws ApiError 409 when already verified, 429 above the limit
 */
export async function resendVerification(): Promise<string> {
  return messageSchema.parse(await apiFetch('/api/auth/resend-verification', { method: 'POST' })).detail;
}

/**
 * `POST /api/auth/password-reset {email}`: always answered the same (202), whether or not the
 * account exists.
 * @throws ApiError 422 for a malformed address, 429 above the limit
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiFetch('/api/auth/password-reset', { method: 'POST', body: { email }, token: null });
}

/**
 * `POST /api/auth/reset-password {token, password}`: sets the new password.
 * @throws ApiError 400 for an unknown, used or expired link
 */
export async function resetPassword(token: string, password: string): Promise<void> {
  await apiFetch('/api/auth/reset-password', { method: 'POST', body: { token, password }, token: null });
}

/** `GET /api/me`: the logged-in member as the server knows it now. */
export async function fetchMe(): Promise<User> {
  return userSchema.parse(await apiFetch('/api/me'));
}

/** Mutation of {@link resendVerification}. */
export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
