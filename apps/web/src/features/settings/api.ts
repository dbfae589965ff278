import {
  type AccountExport,
  accountExportSchema,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type DeleteAccountBody,
  messageSchema,
  type PasswordChangedResponse,
  passwordChangedResponseSchema,
  type Session,
  sessionListSchema,
  type UpdateProfileBody,
  type User,
  userSchema,
} from '@marketplace/contract';
import { apiFetch } from '../../lib/api.ts';

/**
 * `PATCH /api/me`: nickname, first and last name (null removes one).
 * @returns the updated user
 * @throws ApiError 422 for bad input
 */
export async function updateProfile(body: UpdateProfileBody): Promise<User> {
  return userSchema.parse(await apiFetch('/api/me', { method: 'PATCH', body }));
}

/**
 * `POST /api/me/avatar`: uploads `file` in the multipart field `file`; the server crops it square.
 * @returns the updated user with the new avatar URL
 * @throws ApiError 413 too large, 415 not JPEG/PNG/WebP, 422 without file
 */
export async function uploadAvatar(file: File): Promise<User> {
  const body = new FormData();
  body.append('file', file);
  return userSchema.parse(await apiFetch('/api/me/avatar', { method: 'POST', body }));
}

/** `DELETE /api/me/avatar`: removes the avatar. @returns the updated user */
export async function removeAvatar(): Promise<User> {
  return userSchema.parse(await apiFetch('/api/me/avatar', { method: 'DELETE' }));
}

/**
 * `POST /api/me/email`: starts an e-mail change; the address changes once the link sent to the
 * new address is opened.
 * @returns the server's German confirmation
 * @throws ApiError 400 wrong password, 409 address taken, 422 same address, 429 too many
 */
export async function changeEmail(body: ChangeEmailBody): Promise<string> {
  return messageSchema.parse(await apiFetch('/api/me/email', { method: 'POST', body })).detail;
}

/**
 * `POST /api/me/password`: changes the password; other sessions end.
 * @returns the confirmation and a fresh token for this device
 * @throws ApiError 400 wrong current password, 429 too many attempts
 */
export async function changePassword(body: ChangePasswordBody): Promise<PasswordChangedResponse> {
  return passwordChangedResponseSchema.parse(await apiFetch('/api/me/password', { method: 'POST', body }));
}

/**
 * `GET /api/auth/sessions`: the member's active sessions (devices), most recently used first;
 * `current` marks this browser's (docs/decisions/0007).
 */
export async function listSessions(): Promise<Session[]> {
  return sessionListSchema.parse(await apiFetch('/api/auth/sessions')).sessions;
}

/**
 * `DELETE /api/auth/sessions/{id}`: logs that device out.
 * @throws ApiError 404 when the session has ended meanwhile
 */
export async function endSession(id: string): Promise<void> {
  await apiFetch(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** `DELETE /api/auth/sessions`: logs every other device out; this one stays logged in. */
export async function endOtherSessions(): Promise<void> {
  await apiFetch('/api/auth/sessions', { method: 'DELETE' });
}

/** `GET /api/me/export`: everything stored about the member (GDPR Art. 20). */
export async function exportAccount(): Promise<AccountExport> {
  return accountExportSchema.parse(await apiFetch('/api/me/export'));
}

/**
 * `DELETE /api/me` with the password: deletes the account and its data.
 * @throws ApiError 400 wrong password, 429 too many attempts
 */
export async function deleteAccount(body: DeleteAccountBody): Promise<void> {
  await apiFetch('/api/me', { method: 'DELETE', body });
}

/** Offers `data` as a pretty-printed JSON file named `fileName` for download. */
export function downloadJson(data: unknown, fileName: string): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has started.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
