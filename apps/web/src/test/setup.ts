import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { reloadCookieConsent } from '../lib/cookieConsent.ts';
import { reloadSession } from '../lib/session.ts';

// `findBy…` and `waitFor` wait for a state; on a busy 2-core machine a lazily loaded page can
// take longer than the library's default 1 s to appear.
configure({ asyncUtilTimeout: 10_000 });

// jsdom does not scroll; the router's scroll restoration calls this.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  reloadSession();
  reloadCookieConsent();
});
