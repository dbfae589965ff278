import { expect, type Page } from '@playwright/test';
import { DESKTOP, MOBILE } from './browser.ts';

/*
 * What the browser tests of server-rendered pages observe (docs/decisions/0030-one-layout-rendered-on-the-server.md):
 * the page as the server sent it, before any script ran, and what React reports when hydrating
 * it does not match.
 */

/** The two widths every public page is tried at: a phone and a desktop. */
export const WIDTHS = [
  ['390', MOBILE],
  ['1280', DESKTOP],
] as const;

/** The text of the page's `<h1>` without the soft hyphens (break points) of long words. */
export async function headingText(page: Page): Promise<string> {
  const heading = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(heading).toHaveCount(1);
  return (await heading.innerText()).replaceAll('\u00ad', '');
}

/** What React reports when the browser's first render does not match the server's markup. */
const HYDRATION_TROUBLE = /hydrat|did not match|Minified React error #(418|423|425)\b/i;

/**
 * Collects the console errors and warnings and the uncaught errors of `page` from now on, each
 * with the address it happened at.
 */
export function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      messages.push(`${page.url()} ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`${page.url()} pageerror: ${error.message}`));
  return messages;
}

/**
 * The app's scripts `page` has loaded so far that build zod schemas (zod's own code carries
 * `_zod` on every schema): none may be among what a public page needs before it answers, where
 * a schema built on load is a long task (docs/decisions/0017-checks-off-the-first-load.md).
 */
export async function scriptsWithZod(page: Page): Promise<string[]> {
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => new URL(name).pathname.endsWith('.js')),
  );
  const withZod: string[] = [];
  for (const script of scripts) {
    const res = await page.request.get(script);
    if ((await res.text()).includes('_zod')) withZod.push(new URL(script).pathname);
  }
  return withZod;
}

/** The messages of {@link watchConsole} that are about hydration. */
export const hydrationTrouble = (messages: readonly string[]) =>
  messages.filter((message) => HYDRATION_TROUBLE.test(message));

/**
 * Before any of the app's scripts runs (they wait for the page's load), marks the `<h1>` the
 * server sent and notes the home feed's view and sort and the names of the Emotion styles as the
 * server's page shows them, in `window.served`.
 */
export async function noteServedPage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const heading = document.querySelector('#root main h1');
      if (heading) Reflect.set(heading, 'served', true);
      const sort = document.querySelector<HTMLSelectElement>('#root main select[aria-label="Sortieren"]');
      Reflect.set(window, 'served', {
        rendered: document.getElementById('root')?.hasAttribute('data-server-rendered') === true,
        loginLink: document.querySelector('#root header a[href="/login"]') !== null,
        viewMode: document.querySelector('#root main ul[data-view-mode]')?.getAttribute('data-view-mode'),
        sort: sort?.value,
        styleNames: Array.from(document.querySelectorAll('style[data-emotion^="css "]')).flatMap((style) =>
          (style.getAttribute('data-emotion') ?? '').split(' ').slice(1),
        ),
      });
    });
  });
}

/** What {@link noteServedPage} noted of the page as the server sent it. */
export function servedPage(page: Page): Promise<{
  rendered: boolean;
  loginLink: boolean;
  viewMode?: string;
  sort?: string;
  styleNames: string[];
}> {
  return page.evaluate(() => Reflect.get(window, 'served'));
}

/** Whether the page's `<h1>` is still the element the server sent (see {@link noteServedPage}). */
export function headingIsServed(page: Page): Promise<boolean> {
  return page
    .getByRole('main')
    .getByRole('heading', { level: 1 })
    .evaluate((heading) => Reflect.get(heading, 'served') === true);
}
