import type { User } from '@marketplace/contract';
import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/SessionProvider.tsx';
import { useSiteConfig } from './site.ts';

const TermsDialog = lazy(() => import('./TermsDialog.tsx').then((m) => ({ default: m.TermsDialog })));

/**
 * Whether a member has to accept the AGB `currentVersion` ('YYYY-MM-DD'): the server recorded
 * none (null) or an older one. A user object without the field (not from the server) asks nothing.
 */
export function mustAcceptTerms(user: Pick<User, 'terms_version'> | null, currentVersion: string): boolean {
  if (!user || !currentVersion || user.terms_version === undefined) return false;
  return user.terms_version === null || user.terms_version < currentVersion;
}

/**
 * Shown in the app frame: asks a logged-in member once to accept the current AGB when the
 * version they accepted (`terms_version` of `GET /api/me`, refreshed on every page load and
 * login) is older than the site's (`terms_version` of `GET /api/site`), or when they accepted
 * none yet (asked for a first acceptance, not told of a change). The dialog's code is
 * loaded only then.
 */
export function TermsGate() {
  const { user } = useSession();
  // Visitors and users not read from the server are asked nothing, so they cause no call.
  if (!user || user.terms_version === undefined) return null;
  return <MemberTermsGate user={user} />;
}

function MemberTermsGate({ user }: { user: User }) {
  const { config } = useSiteConfig();
  if (!mustAcceptTerms(user, config.terms_version)) return null;
  return (
    <Suspense fallback={null}>
      <TermsDialog version={config.terms_version} firstTime={user.terms_version === null} />
    </Suspense>
  );
}
