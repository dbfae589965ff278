import {
  type AuthResponse,
  authResponseSchema,
  type LoginBody,
  type PasswordStrength,
  type PasswordStrengthBody,
  passwordStrengthSchema,
  type RegisterBody,
  registerResponseSchema,
  type VerifyEmailResponse,
  verifyEmailResponseSchema,
} from '@marketplace/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

/**
 * `POST /api/auth/login` (SPEC.md §7): token and user.
 * @throws ApiError 401 with a German detail for wrong credentials, 429 after too many failures
 */
export async function login(body: LoginBody): Promise<AuthResponse> {
  return authResponseSchema.parse(await apiFetch('/api/auth/login', { method: 'POST', body, token: null }));
}

/**
 * `POST /api/auth/register` (ARCHITECTURE.md): answers 202 with 'Wir haben dir eine E-Mail
 * geschickt …' alike for a new address (verification mail) and a registered one (a mail to its
 * owner). Then logs in with the same e-mail and password: that works for the new account.
 * @returns the session, or null when the login did not work (the address had an account), and
 *   the server's confirmation text
 * @throws ApiError 422 for bad input (a weak password: `Feld 'password': …`), 429 above the limit
 */
export async function register(
  body: RegisterBody,
): Promise<{ session: AuthResponse | null; detail: string }> {
  const { detail } = registerResponseSchema.parse(
    await apiFetch('/api/auth/register', { method: 'POST', body, token: null }),
  );
  try {
    return { session: await login({ email: body.email, password: body.password }), detail };
  } catch {
    return { session: null, detail };
  }
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

/**
 * `POST /api/auth/password-strength`: the server's rating of a new password while it is
 * typed, with the rule that registration, reset and change apply (zxcvbn score 0–4, `accepted`).
 * @throws ApiError 429 when the address asked too often
 */
export async function ratePassword(
  body: PasswordStrengthBody,
  signal?: AbortSignal,
): Promise<PasswordStrength> {
  return passwordStrengthSchema.parse(
    await apiFetch('/api/auth/password-strength', { method: 'POST', body, token: null, signal }),
  );
}

/**
 * The rating of `password` for the strength meter, asked only when `enabled` (the password
 * has the required length and the member paused typing). The last rating
 * stays shown while the next one is asked; ratings are not kept after the form is gone.
 */
export function usePasswordRating(password: string, userInputs: string[], enabled: boolean) {
  return useQuery({
    queryKey: ['auth', 'password-strength', password, userInputs],
    queryFn: ({ signal }) => ratePassword({ password, user_inputs: userInputs }, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
