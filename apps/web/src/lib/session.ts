import { ROLES, type User } from '@marketplace/contract';
import { isNullableString, isOneOf, isRecord } from './guards.ts';

/** localStorage key of the JWT access token (SPEC.md §4). */
export const TOKEN_STORAGE_KEY = 'auth.token';
/** localStorage key of the logged-in user as JSON of `User` (SPEC.md §3, §4). */
export const USER_STORAGE_KEY = 'auth.user';

/** A logged-in session as kept in localStorage. */
export interface Session {
  token: string;
  user: User;
}

/**
 * What the stored keys hold when read: a session; nothing; a malformed token (to clear); or a
 * well-formed token without a readable user (the server is asked who it belongs to).
 */
export type StoredSessionState =
  | { kind: 'session'; session: Session }
  | { kind: 'none' }
  | { kind: 'invalid-token' }
  | { kind: 'token-only'; token: string };

/**
 * True when `token` has three non-empty dot-separated parts, the only shape of token the app
 * accepts and checks with the server (SPEC.md §5; ARCHITECTURE.md "auth").
 */
export function isWellFormedToken(token: string): boolean {
  const parts = token.split('.');
  return parts.length === 3 && parts.every((part) => part.length > 0);
}

/**
 * Whether `value` has the fields of a `User` (SPEC.md §3) with their types and a role of
 * {@link ROLES}: what {@link writeStoredSession} stores from the server's answer.
 */
function isStoredUser(value: unknown): value is User {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.email === 'string' &&
    isNullableString(value.avatar) &&
    isOneOf(ROLES, value.role) &&
    isNullableString(value.nickname) &&
    isNullableString(value.first_name) &&
    isNullableString(value.last_name) &&
    typeof value.email_verified === 'boolean' &&
    typeof value.created_at === 'string' &&
    (value.terms_version === undefined || isNullableString(value.terms_version))
  );
}

/**
 * Reads the session keys from `storage` (SPEC.md §4). A token without three dot-separated parts
 * gives `invalid-token`; a missing or malformed user next to a good token gives `token-only`.
 * Never throws.
 */
export function readStoredSession(storage: Storage): StoredSessionState {
  const token = storage.getItem(TOKEN_STORAGE_KEY);
  if (token === null || token === '') return { kind: 'none' };
  if (!isWellFormedToken(token)) return { kind: 'invalid-token' };
  const userJson = storage.getItem(USER_STORAGE_KEY);
  if (userJson === null) return { kind: 'token-only', token };
  try {
    const user: unknown = JSON.parse(userJson);
    return isStoredUser(user) ? { kind: 'session', session: { token, user } } : { kind: 'token-only', token };
  } catch {
    return { kind: 'token-only', token };
  }
}

/** Writes both session keys (SPEC.md §4: token and user stored locally on login). */
export function writeStoredSession(storage: Storage, session: Session): void {
  storage.setItem(TOKEN_STORAGE_KEY, session.token);
  storage.setItem(USER_STORAGE_KEY, JSON.stringify(session.user));
}

/** Removes both session keys (SPEC.md §4: logout, 401 or failure of the current-user call). */
export function clearStoredSession(storage: Storage): void {
  storage.removeItem(TOKEN_STORAGE_KEY);
  storage.removeItem(USER_STORAGE_KEY);
}

// The session as an observable store over window.localStorage, so every component and the API
// client see the same state, and a login or logout in another tab is noticed.

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: Session | null | undefined;

function loadSnapshot(): Session | null {
  const state = readStoredSession(window.localStorage);
  return state.kind === 'session' ? state.session : null;
}

function emit(): void {
  snapshot = loadSnapshot();
  for (const listener of listeners) listener();
}

/** The current session, or null when logged out. Stable between changes (for useSyncExternalStore). */
export function getSession(): Session | null {
  if (snapshot === undefined) snapshot = loadSnapshot();
  return snapshot;
}

/** The stored token even when it is malformed, or null (also on the server). The API client sends it when present. */
export function getSessionToken(): string | null {
  // A server rendering a page asks as a visitor.
  if (typeof window === 'undefined') return null;
  return window.localStorage.getItem(TOKEN_STORAGE_KEY);
}

/** Stores a session (after login or after the current user was refreshed) and notifies listeners. */
export function setSession(session: Session): void {
  writeStoredSession(window.localStorage, session);
  emit();
}

/**
 * Stores `user` as answered by a current-user request sent while `sent` was the session (the
 * value of `getSession()` then, null for a token without a stored user), unless the token is
 * another one now or anything stored a session meanwhile: an answer read before a newer write (an
 * address just confirmed, a profile just saved) must not put the older user back.
 */
export function storeAnsweredUser(sent: Session | null, token: string, user: User): void {
  if (getSessionToken() === token && getSession() === sent) setSession({ token, user });
}

/** Clears the session and notifies listeners. */
export function clearSession(): void {
  clearStoredSession(window.localStorage);
  emit();
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === TOKEN_STORAGE_KEY || event.key === USER_STORAGE_KEY) emit();
}

/** Subscribes to session changes, in this tab and in others. Returns the unsubscribe function. */
export function subscribeSession(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** Re-reads localStorage, for code that wrote the keys directly (tests, other scripts). */
export function reloadSession(): void {
  emit();
}
