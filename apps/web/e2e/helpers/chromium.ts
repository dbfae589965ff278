/**
 * The browser every browser test drives, with no DOM code, so that tests outside the web app (the
 * cluster test of apps/server) can use it too.
 */

/** Debian's Chromium, or the one `CHROME_PATH` names. */
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Headless, with no traffic beyond the page under test. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
