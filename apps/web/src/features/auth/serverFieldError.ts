import { ApiError } from '../../lib/api.ts';

/**
 * The server's German reason for one form field: a 422 whose `detail` names that field
 * (`Feld 'password': Dieses Passwort ist zu leicht zu erraten. …`, ARCHITECTURE.md "Errors"),
 * without the field prefix, so the form shows it at the field. Null for any other error.
 * @param field the body field as the API names it (`password`, `new_password`)
 */
export function serverFieldError(error: unknown, field: string): string | null {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.detail) return null;
  const prefix = `Feld '${field}': `;
  return error.detail.startsWith(prefix) ? error.detail.slice(prefix.length) : null;
}
