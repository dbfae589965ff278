import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { reloadCookieConsent } from '../lib/cookieConsent.ts';
import { reloadSession } from '../lib/session.ts';

// jsdom does not scroll; the router's scroll restoration calls this.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  reloadSession();
  reloadCookieConsent();
});
