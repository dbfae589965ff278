/**
 * One redirect: `from` is a route pattern (`:param` segments allowed), `to` a target whose
 * `:param` segments are filled from the match.
 */
export interface RedirectRule {
  from: string;
  to: string;
}

/**
 * Every redirect of SPEC.md §2 "Redirects", plus the side-menu addresses /categories,
 * /my-listings, /saved and /profile (see ROUTES.md). Patterns never overlap a page route.
 */
export const REDIRECTS: readonly RedirectRule[] = [
  { from: '/category/autos', to: '/category/auto-rad-boot' },
  { from: '/merkliste', to: '/favorites' },
  { from: '/impressum', to: '/legal/impressum' },
  { from: '/datenschutz', to: '/legal/datenschutz' },
  { from: '/agb', to: '/legal/agb' },
  { from: '/cookies', to: '/legal/cookies' },
  { from: '/shops', to: '/entities?type=shops' },
  { from: '/dienstleister', to: '/entities?type=providers' },
  { from: '/user', to: '/entities?type=users' },
  { from: '/kategorien', to: '/' },
  { from: '/kategorien/elektronik', to: '/category/elektronik' },
  { from: '/kategorien/:slug', to: '/category/:slug' },
  { from: '/kategorien/:slug/:sub', to: '/category/:slug/:sub' },
  { from: '/categories', to: '/' },
  { from: '/my-listings', to: '/listings' },
  { from: '/saved', to: '/favorites' },
  { from: '/profile', to: '/settings' },
];

/** Where a path that no page or redirect matches leads (SPEC.md §2: unknown paths to /). */
export const UNKNOWN_PATH_TARGET = '/';

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** The `:param` values of `pathname` for `pattern` (kept as written, i.e. URL-encoded), or null. */
function matchPattern(pattern: string, pathname: string): Map<string, string> | null {
  const wanted = segments(pattern);
  const given = segments(pathname);
  if (wanted.length !== given.length) return null;
  const params = new Map<string, string>();
  for (const [index, part] of wanted.entries()) {
    const value = given[index] ?? '';
    if (part.startsWith(':')) params.set(part.slice(1), value);
    else if (part.toLowerCase() !== value.toLowerCase()) return null;
  }
  return params;
}

/**
 * Target of the first redirect rule matching `pathname` (SPEC.md §2), or null when no rule
 * matches. Static segments match case-insensitively and a trailing slash is ignored, like the
 * router does; parameters are copied into the target as written (still URL-encoded).
 */
export function resolveRedirect(pathname: string, rules: readonly RedirectRule[] = REDIRECTS): string | null {
  for (const rule of rules) {
    const params = matchPattern(rule.from, pathname);
    if (params) return rule.to.replace(/:(\w+)/g, (_placeholder, name: string) => params.get(name) ?? '');
  }
  return null;
}
