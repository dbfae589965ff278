/**
 * The login address for a visitor sent away from a login-required page (SPEC.md §2 "Login
 * required"): `/login?next=<path with query, URL-encoded>`; the login page returns there.
 */
export function loginPathFor(pathname: string, search = ''): string {
  return `/login?${new URLSearchParams({ next: `${pathname}${search}` }).toString()}`;
}

/** Origin used only to resolve `next` and see whether it stays on the same site. */
const PROBE_ORIGIN = 'https://same-origin.invalid';

/**
 * The page to return to after login, read from the `next` query parameter of `search`.
 * Only same-origin relative paths are accepted: they start with a single '/' (not '//' or '/\\'),
 * contain no control characters or backslashes (browsers strip or rewrite those, which could
 * turn the path into another host), and resolve to the same origin. Anything else gives '/'.
 */
export function nextPathFrom(search: string): string {
  return safeNextPath(new URLSearchParams(search).get('next'));
}

/** {@link nextPathFrom} for a value already read from the query; null or unsafe gives '/'. */
export function safeNextPath(next: string | null): string {
  if (next === null || !next.startsWith('/') || next.startsWith('//')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(next)) return '/';
  try {
    const url = new URL(next, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/**
 * `path` with `?next=<next>` so the way back survives a detour between the account pages
 * (login, registration); a `next` of '/' is left out.
 */
export function withNext(path: string, next: string): string {
  return next === '/' ? path : `${path}?${new URLSearchParams({ next }).toString()}`;
}
