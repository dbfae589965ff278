import type { Browser, Locator, Page } from 'playwright-core';
import { openApp, openPage } from './browser.ts';
import { linkFromOutbox } from './mail.ts';
import type { RunningServer } from './server.ts';

/** The password of every member the browser tests register (strong enough for the server's check). */
export const PASSWORD = 'Kiesel-Wald-2026';
/** One step of a flow waits at most this long for the app (ms). */
export const STEP_MS = 20_000;

/** Calls `server`'s API as `token`'s member; fails the test on a non-2xx answer. */
export async function callApi<T>(
  server: RunningServer,
  method: string,
  apiPath: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.baseUrl}${apiPath}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${apiPath} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Registers a member through the API, confirms the e-mail address with the link from the
 * outbox and logs in; answers the access token.
 */
export async function registerMember(
  server: RunningServer,
  email: string,
  nickname: string,
): Promise<string> {
  await callApi(server, 'POST', '/api/auth/register', { email, password: PASSWORD, nickname });
  await callApi(server, 'POST', '/api/auth/verify-email', {
    token: new URL(
      await linkFromOutbox(server.dataDir, email, 'verify-email'),
      server.baseUrl,
    ).searchParams.get('token'),
  });
  const login = await callApi<{ access_token: string }>(server, 'POST', '/api/auth/login', {
    email,
    password: PASSWORD,
  });
  return login.access_token;
}

/** A page whose visitor already chose cookies, so the banner covers nothing. */
export async function openQuietPage(
  browser: Browser,
  server: RunningServer,
  viewport: { width: number; height: number },
) {
  const opened = await openPage(browser, server.baseUrl, viewport);
  await opened.context.addInitScript(() => {
    const consent = { choice: 'rejected', necessary: true, statistics: false, marketing: false };
    window.localStorage.setItem(
      'cookie-consent',
      JSON.stringify({ ...consent, date: new Date().toISOString() }),
    );
  });
  return opened;
}

/**
 * Logs in through the login form, landing on `next`. With `ready` it then waits for that
 * element, accepting the AGB once when the app asks first (accounts made at start, such as the
 * administrator, have accepted none).
 */
export async function logIn(page: Page, email: string, next: string, ready?: Locator): Promise<void> {
  await openApp(page, `/login?next=${encodeURIComponent(next)}`);
  const form = page.getByRole('form', { name: 'Anmelden' });
  await form.getByLabel('E-Mail-Adresse').fill(email);
  await form.getByLabel(/^Passwort$/).fill(PASSWORD);
  await form.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => url.pathname === next.split('?')[0], { timeout: STEP_MS });
  if (!ready) return;
  const terms = page.getByRole('dialog', { name: 'Unsere AGB haben sich geändert' });
  await terms.or(ready).first().waitFor({ timeout: STEP_MS });
  if (await terms.isVisible()) {
    await terms.getByRole('button', { name: 'Zustimmen' }).click();
    await terms.waitFor({ state: 'detached', timeout: STEP_MS });
  }
  await ready.waitFor({ timeout: STEP_MS });
}
