import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromePath, DESKTOP, STEP_MS } from './helpers/browser.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * End-to-end tests: the built app served by the real server (one per test file, see
 * fixtures.ts), driven in Debian's Chromium. `npm run build -w apps/web` first.
 */
export default defineConfig({
  testDir: here,
  testMatch: '*.e2e.ts',
  outputDir: path.resolve(here, '../../../test-results/e2e'),
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: STEP_MS },
  workers: os.availableParallelism() >= 2 ? 2 : 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromePath, args: CHROMIUM_ARGS },
    locale: 'de-DE',
    viewport: DESKTOP,
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
