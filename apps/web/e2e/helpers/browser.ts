import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** Screenshots of each state land here (ignored by git, kept by CI for a look). */
export const screenshotDir = path.join(repoRoot, 'test-results');

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

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

/** Debian's Chromium, headless, with no traffic beyond the page under test. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
}

/** A fresh context (empty storage) whose page records console errors and failed requests. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    locale: 'de-DE',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * Opens `path` and waits until the app has replaced the page's first paint (on the home page the
 * app starts only after the page has loaded, so `goto` alone returns before it is there).
 */
export async function openApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('.first-paint').waitFor({ state: 'detached' });
}

/** Saves a full-page screenshot as test-results/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: false });
}
