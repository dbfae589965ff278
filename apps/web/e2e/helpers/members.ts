import type { Locator, Page } from '@playwright/test';
import { openApp, STEP_MS } from './browser.ts';
import { linkFromOutbox } from './mail.ts';
import type { RunningServer } from './server.ts';

/** The password of every member the browser tests register (strong enough for the server's check). */
export const PASSWORD = 'Kiesel-Wald-2026';

/** A member with a confirmed e-mail address and a session, as the login answer gives it. */
export interface Member {
  email: string;
  /** The user's id. */
  id: string;
  /** The access token (a JWT) for `Authorization: Bearer`. */
  token: string;
  /** The login answer's user, as the app keeps it in `auth.user`. */
  user: { id: string } & Record<string, unknown>;
}

/** Calls `server`'s API as `token`'s member; answers the parsed JSON body, throws on a non-2xx answer. */
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
 * Registers a member through the API (with {@link PASSWORD}, and `nickname` when given),
 * confirms the e-mail address with the link from the outbox and logs in. Throws on any non-2xx
 * answer or when the mail does not arrive within 15 s.
 */
export async function registerMember(
  server: RunningServer,
  email: string,
  nickname?: string,
): Promise<Member> {
  await callApi(server, 'POST', '/api/auth/register', {
    email,
    password: PASSWORD,
    ...(nickname === undefined ? {} : { nickname }),
  });
  await callApi(server, 'POST', '/api/auth/verify-email', {
    token: new URL(
      await linkFromOutbox(server.dataDir, email, 'verify-email'),
      server.baseUrl,
    ).searchParams.get('token'),
  });
  const login = await callApi<{ access_token: string; user: Member['user'] }>(
    server,
    'POST',
    '/api/auth/login',
    { email, password: PASSWORD },
  );
  return { email, id: login.user.id, token: login.access_token, user: login.user };
}

/** localStorage entries that make the app start logged in as `member` (without a login form). */
export function signedIn(member: Pick<Member, 'token' | 'user'>): Record<string, string> {
  return { 'auth.token': member.token, 'auth.user': JSON.stringify(member.user) };
}

/**
 * Logs in with {@link PASSWORD} through the login form, landing on `next`. With `ready` it then
 * waits for that element, accepting the AGB once when the app asks first (accounts made at start,
 * such as the administrator, have accepted none).
 */
export async function logIn(page: Page, email: string, next: string, ready?: Locator): Promise<void> {
  await openApp(page, `/login?next=${encodeURIComponent(next)}`);
  const form = page.getByRole('form', { name: 'Anmelden' });
  await form.getByLabel('E-Mail-Adresse').fill(email);
  await form.getByLabel(/^Passwort$/).fill(PASSWORD);
  await form.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => url.pathname === next.split('?')[0], { timeout: STEP_MS });
  if (!ready) return;
  const terms = page.getByRole('dialog', {
    name: /^(Unsere AGB haben sich geändert|Bitte stimme unseren AGB zu)$/,
  });
  await terms.or(ready).first().waitFor({ timeout: STEP_MS });
  if (await terms.isVisible()) {
    await terms.getByRole('button', { name: 'Zustimmen' }).click();
    await terms.waitFor({ state: 'detached', timeout: STEP_MS });
  }
  await ready.waitFor({ timeout: STEP_MS });
}

/** An ad in 'Fahrräder & Zubehör': what the tests vary; the rest has the defaults below. */
export interface BikeAd {
  title: string;
  description: string;
  /** Euros. */
  price: number;
  /** Default 'negotiable' (VB). */
  price_type?: 'fixed' | 'negotiable';
  /** Default '80331' (München). */
  postal_code?: string;
  /** Default 'Trekkingrad'. */
  bike_type?: string;
}

/**
 * Posts `ad` as `token`'s member through `POST /api/listings` (an offer without photos); answers
 * the new ad's id. Fails the test on a non-2xx answer.
 */
export async function postBikeAd(server: RunningServer, token: string, ad: BikeAd): Promise<string> {
  const { bike_type = 'Trekkingrad', ...fields } = ad;
  const created = await callApi<{ id: string }>(
    server,
    'POST',
    '/api/listings',
    {
      price_type: 'negotiable',
      offer_type: 'offer',
      category: 'fahrraeder-zubehoer',
      postal_code: '80331',
      location: '',
      images: [],
      ...fields,
      attributes: { bike_type },
    },
    token,
  );
  return created.id;
}
