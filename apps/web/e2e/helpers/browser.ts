import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** Screenshots of each state land here (ignored by git, kept by CI for a look). */
export const screenshotDir = path.join(repoRoot, 'test-results');

/** A browser window's inner size in CSS px. */
export interface Viewport {
  width: number;
  height: number;
}

/** The desktop the tests use (CSS px). */
export const DESKTOP = { width: 1280, height: 800 } as const;
/** The phone the tests use (CSS px), below the md breakpoint of 900 px. */
export const MOBILE = { width: 390, height: 844 } as const;

/** One step of a flow waits at most this long for the app (ms). */
export const STEP_MS = 20_000;

export { CHROMIUM_ARGS, chromePath } from './chromium.ts';

/**
 * Opens `path` and waits until the app runs it ({@link appStarted}): a public page arrives
 * rendered by the server and its scripts start only after it has loaded, so `goto` alone returns
 * before the app has taken it over.
 */
export async function openApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await appStarted(page);
}

/**
 * Resolves once the app runs the page in the window: a page the browser renders has replaced the
 * first paint of `index.html`, a page the server rendered (`#root[data-server-rendered]`) is
 * hydrated. While hydrating, the app draws both headers as the server did and CSS shows the one
 * that fits the width; right after, the other one is gone
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md), so a single search field in the
 * header tells that hydration is over.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('#root .first-paint') === null &&
      document.querySelectorAll('#desktop-search, #mobile-search').length < 2,
  );
}

/**
 * Waits until the page's lazily loaded part and its data have arrived: the network has been idle
 * (at most {@link STEP_MS}), 'Seite wird geladen...' and every loading spinner are gone.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: STEP_MS }).catch(() => {});
  await page.getByText('Seite wird geladen...').waitFor({ state: 'detached', timeout: STEP_MS });
  await page
    .locator('[role="status"][aria-label="Lädt..."]')
    .first()
    .waitFor({ state: 'detached', timeout: STEP_MS });
}

/** Console errors other than the browser's own line for a request answered with 4xx or 5xx. */
export function unexpected(errors: string[]): string[] {
  return errors.filter((error) => !error.startsWith('Failed to load resource'));
}

/**
 * Resolves once the page shows its top: scrolled to 0 and no finite animation or transition
 * (such as the top link bar sliding back in) still running.
 */
export async function atTop(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(
    () =>
      window.scrollY === 0 &&
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
        ),
    undefined,
    { timeout: STEP_MS },
  );
}

/** Saves the visible part of the page as test-results/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: false });
}

/**
 * Where the text of `selector`'s first match breaks into lines: for each line after the first,
 * the character before the break and the one after it.
 */
export async function lineBreaks(
  page: Page,
  selector: string,
  hasText: string,
): Promise<{ before: string; after: string; text: string }[]> {
  const element = page.locator(selector, { hasText }).first();
  await element.waitFor({ timeout: STEP_MS });
  return element.evaluate((root) => {
    const chars: { ch: string; top: number | null }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let i = 0; i < node.data.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        // Next to a hyphenation point Chromium reports a letter's box on both lines: the last counts.
        const rect = Array.from(range.getClientRects())
          .filter((box) => box.width > 0)
          .at(-1);
        chars.push({ ch: node.data[i] as string, top: rect ? rect.top : null });
      }
    }
    const breaks: { before: string; after: string; text: string }[] = [];
    const text = chars.map((char) => char.ch).join('');
    const shown = (part: string) => part.replaceAll('\u00ad', '·');
    let lastTop: number | null = null;
    for (let i = 0; i < chars.length; i++) {
      const top = chars[i]?.top;
      if (top === null || top === undefined) continue;
      if (lastTop !== null && top > lastTop + 2) {
        const before = chars[i - 1]?.ch ?? '';
        breaks.push({
          before,
          after: chars[i]?.ch ?? '',
          text: `${shown(text.slice(0, i))}|${shown(text.slice(i))}`,
        });
      }
      lastTop = top;
    }
    return breaks;
  });
}

/** A break is fine after a space, a soft hyphen or a hyphen, never between two letters. */
export const letterByLetter = (breaks: { before: string; after: string }[]) =>
  breaks.filter(({ before }) => !/[\s\u00ad-]/.test(before));

/** The number a count badge inside `element` shows, '' while it is hidden (count 0). */
export async function badge(element: Locator): Promise<string> {
  // One look, no waiting: a badge that hides between a count and a read would make the read
  // wait for it to come back.
  const [text] = await element.locator('.MuiBadge-badge:not(.MuiBadge-invisible)').allTextContents();
  return text ?? '';
}
