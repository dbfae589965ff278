import { lazy, Suspense, useEffect, useState } from 'react';
import { useCookieConsent } from '../../components/useCookieConsent.ts';
import { COOKIE_BANNER_DELAY_MS } from '../../lib/constants.ts';

const CookieBannerView = lazy(() =>
  import('./CookieBannerView.tsx').then((module) => ({ default: module.CookieBannerView })),
);

/**
 * Cookie banner (SPEC.md §2, §4): appears 1 s after load when no choice is stored and hides as
 * soon as a choice is stored. `bottomOffset` (px) keeps it above the mobile bottom navigation.
 */
export function CookieBanner({ bottomOffset = 0 }: { bottomOffset?: number }) {
  const consent = useCookieConsent();
  const [delayPassed, setDelayPassed] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setDelayPassed(true), COOKIE_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!delayPassed || consent !== null) return null;
  return (
    <Suspense fallback={null}>
      <CookieBannerView bottomOffset={bottomOffset} />
    </Suspense>
  );
}
