import { SESSION_TIMEOUT_MS, SESSION_WARNING_BEFORE_MS } from './constants.ts';

/** Where an inactive session stands (SPEC.md §4): fine, to be warned, or to be ended. */
export type InactivityState = 'active' | 'warn' | 'expired';

/**
 * Inactivity state from the time of the last activity and now (both epoch ms): 'warn' from
 * 25 minutes of inactivity, 'expired' from 30 minutes (SPEC.md §4, §9).
 */
export function inactivityState(lastActivityMs: number, nowMs: number): InactivityState {
  const idle = nowMs - lastActivityMs;
  if (idle >= SESSION_TIMEOUT_MS) return 'expired';
  if (idle >= SESSION_TIMEOUT_MS - SESSION_WARNING_BEFORE_MS) return 'warn';
  return 'active';
}

/**
 * Expiry of a JWT in epoch ms, read from the `exp` claim (seconds) of its payload; null when the
 * token has no readable numeric `exp`. The signature is not checked (the server does that).
 */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    if (typeof json === 'object' && json !== null && 'exp' in json && typeof json.exp === 'number') {
      return json.exp * 1000;
    }
    return null;
  } catch {
    return null;
  }
}

/** True when the token carries an expiry that is not after `nowMs` (SPEC.md §4 token check). */
export function isTokenExpired(token: string, nowMs: number): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt <= nowMs;
}
