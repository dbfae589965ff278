import fs from 'node:fs';
import os from 'node:os';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { DESKTOP, type Viewport } from './helpers/browser.ts';
import { callApi, type Member, registerMember } from './helpers/members.ts';
import { type RunningServer, SERVER_START_MS, startServer } from './helpers/server.ts';

export { expect };

/** A page in a context of its own (own storage), and the errors its console reported. */
export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions of the page, in the order they happened. */
  errors: string[];
}

/** How {@link TestFixtures.newPage} prepares a page's context. */
export interface PageOptions {
  /**
   * Whether a cookie choice ('rejected', made now) is stored before the app starts, so the banner
   * covers nothing; default true. False: a first visit that the banner asks.
   */
  consent?: boolean;
  /** Further localStorage entries set before any of the app's scripts run (see `signedIn`). */
  storage?: Record<string, string>;
  /** False: scripts off, as a search engine's first look or a phone before the app arrives. */
  javaScriptEnabled?: boolean;
  /**
   * True: the page stays open after the test, for the next tests of a serial file; the file
   * closes its context (in `test.afterAll`).
   */
  keep?: boolean;
}

/** Fixtures shared by the tests of one file: they run in one worker. */
export interface WorkerFixtures {
  /**
   * Environment of the file's server on top of the defaults (free port, fresh DATA_DIR,
   * `SEED_DEMO=0`), e.g. `{ SEED_DEMO: '1' }` or `ADMIN_EMAIL`/`ADMIN_PASSWORD`. Every file sets
   * it at its top with `test.use({ serverEnv: … })`; that gives the file a worker and a server of
   * its own.
   */
  serverEnv: Record<string, string> | undefined;
  /**
   * The real server process (apps/server/src/main.ts serving the built app) on a fresh DATA_DIR,
   * started once for the file's tests (up to 120 s) and stopped after them; its DATA_DIR is removed
   * then unless `serverEnv` named one.
   */
  server: RunningServer;
}

/** Fixtures made for each test. */
export interface TestFixtures {
  /**
   * Opens a page at `viewport` (CSS px, default 1280 x 800) in a fresh context on the server
   * (baseURL, locale de-DE, service workers blocked), by default with a stored cookie choice; it is
   * closed after the test unless `keep` is set. Console errors are collected in `errors`.
   */
  newPage(viewport?: Viewport, options?: PageOptions): Promise<OpenedPage>;
  /**
   * Registers a member through the API, confirms the address with the link from the outbox and
   * logs in; answers the member with an access token.
   */
  member(email: string, nickname?: string): Promise<Member>;
  /** Calls the server's API as `token`'s member; answers the JSON body, throws on a non-2xx answer. */
  api<T = unknown>(method: string, apiPath: string, body?: unknown, token?: string): Promise<T>;
  /** Attaches what the server printed during the test to a failed test's report. */
  serverLog: undefined;
}

/** The cookie choice a visitor made before (SPEC.md §4), as the app stores it. */
function storedConsent(): Record<string, string> {
  const consent = { choice: 'rejected', necessary: true, statistics: false, marketing: false };
  return { 'cookie-consent': JSON.stringify({ ...consent, date: new Date().toISOString() }) };
}

/** Playwright's `test` with the marketplace's server, pages and members. */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverEnv: [undefined, { scope: 'worker', option: true }],
  server: [
    async ({ serverEnv }, use) => {
      if (!serverEnv) {
        throw new Error("set the file's server with test.use({ serverEnv: { … } }) at its top");
      }
      const server = await startServer(serverEnv);
      try {
        await use(server);
      } finally {
        await server.stop();
        if (!serverEnv.DATA_DIR && server.dataDir.startsWith(os.tmpdir())) {
          fs.rmSync(server.dataDir, { recursive: true, force: true });
        }
      }
    },
    { scope: 'worker', timeout: SERVER_START_MS + 60_000 },
  ],
  // Relative addresses of pages and of the `request` fixture go to the file's server.
  baseURL: async ({ server }, use) => {
    await use(server.baseUrl);
  },
  serverLog: [
    async ({ server }, use, testInfo) => {
      const from = server.output().length;
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('server output', {
          body: server.output().slice(from),
          contentType: 'text/plain',
        });
      }
    },
    { auto: true },
  ],
  newPage: async ({ browser, server }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (viewport = DESKTOP, options = {}) => {
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport,
        javaScriptEnabled: options.javaScriptEnabled ?? true,
      });
      if (!options.keep) contexts.push(context);
      const storage = { ...(options.consent === false ? {} : storedConsent()), ...options.storage };
      if (Object.keys(storage).length > 0) {
        await context.addInitScript((entries) => {
          for (const [name, value] of Object.entries(entries)) window.localStorage.setItem(name, value);
        }, storage);
      }
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      return { context, page, errors };
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
  member: async ({ server }, use) => {
    await use((email, nickname) => registerMember(server, email, nickname));
  },
  api: async ({ server }, use) => {
    await use(<T>(method: string, apiPath: string, body?: unknown, token?: string) =>
      callApi<T>(server, method, apiPath, body, token),
    );
  },
});
