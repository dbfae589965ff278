import { Writable } from 'node:stream';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { FirstData, RenderedPage, RenderRequest } from '@marketplace/contract';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PageProviders } from './app/App.tsx';
import { EMOTION_CACHE_KEY } from './app/providers/emotion.ts';
import { appRoutes, preloadPage, SERVER_RENDERED_PATHS } from './app/routes.tsx';
import { seedFirstData } from './app/servedPage.ts';
import { PREFETCHED_PATHS, prefetchPage } from './app/serverPrefetch.ts';
import { type RedirectCollector, RedirectContext } from './components/Redirect.tsx';
import { type PageTitleCollector, PageTitleContext } from './components/usePageTitle.ts';
import { ApiError } from './lib/api.ts';
import { hyphenateGerman } from './lib/hyphenation.server.ts';
import { HyphenationContext } from './lib/hyphenation.tsx';
import { createQueryClient } from './lib/queryClient.ts';

export { setApiTransport } from './lib/api.ts';

/**
 * Every public page the server renders: those whose answers it reads itself
 * (`SERVER_RENDERED_PATHS`) and those whose answers the app asks the API for (`PREFETCHED_PATHS`).
 */
export const RENDERED_PATHS: readonly string[] = [
  ...new Set([...SERVER_RENDERED_PATHS, ...PREFETCHED_PATHS]),
];

/** The routes of the app, the same the browser's router has; built once per process. */
const { query, dataRoutes } = createStaticHandler(appRoutes());

/** The longest a render may take before the server sends the page unrendered. */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * Renders the page at `request.url` with the same routes, providers and components the browser
 * uses (`App`), the query cache seeded with `request.data` exactly as the browser seeds it before
 * hydrating (`seedFirstData`), as a visitor without a session on a device with no stored choices.
 * Streams with React's `renderToPipeableStream` and waits for every lazily loaded part
 * (`onAllReady`), so the page reads fully without scripts; the MUI styles are extracted by
 * Emotion's documented server API; long German words carry soft hyphens from the TeX patterns
 * (`hyphenation.server.ts`). Only the paths of `RENDERED_PATHS` are meant to come here:
 * pages behind a login stay rendered in the browser. For the forum's pages and the profiles, the
 * answers are asked for through the API transport the server set (`setApiTransport`), as a
 * visitor, and come back in `data`.
 * @throws when rendering fails or takes longer than 10 s; the server then sends the page unrendered
 */
export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const url = new URL(request.url, 'http://localhost');
  const queryClient = createQueryClient();
  if (request.data) seedFirstData(queryClient, url.pathname, request.data);
  // The page's own code is loaded before rendering, so it renders in one pass.
  await preloadPage(url.pathname);

  const context = await query(new Request(url));
  if (context instanceof Response) throw new Error(`route answered ${context.status}`);
  const leaf = context.matches.at(-1);
  // What the page's own answers put there goes to the browser with them, not again.
  const seeded = new Set(
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryHash),
  );
  const { asked, countsViews } = leaf?.route.path
    ? await prefetchPage(leaf.route.path, leaf.params, url.searchParams, queryClient)
    : { asked: false, countsViews: false };
  const router = createStaticRouter(dataRoutes, context);

  const head: PageTitleCollector = { title: null, description: null };
  const redirect: RedirectCollector = { location: null };
  const cache = createCache({ key: EMOTION_CACHE_KEY });
  const emotion = createEmotionServer(cache);
  const app = (
    <StrictMode>
      <CacheProvider value={cache}>
        <PageTitleContext value={head}>
          <RedirectContext value={redirect}>
            <HyphenationContext value={hyphenateGerman}>
              <PageProviders client={queryClient}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </PageProviders>
            </HyphenationContext>
          </RedirectContext>
        </PageTitleContext>
      </CacheProvider>
    </StrictMode>
  );
  const html = await renderToString(app);
  const status = answeredNotFound(queryClient) ? 404 : 200;
  const answers = asked ? askedAnswers(queryClient, countsViews, seeded) : null;
  queryClient.clear();
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return {
    html,
    styles,
    title: head.title,
    description: head.description,
    status,
    data: answers,
    location: redirect.location,
  };
}

/** Whether an answer in `queryClient` was a 404 (the page then says it found nothing). */
function answeredNotFound(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .getAll()
    .some(({ state }) => state.error instanceof ApiError && state.error.status === 404);
}

/**
 * The answers the page's components asked for, as TanStack Query dehydrates them (failures
 * too, with the status and texts of their `ApiError`), and whether the browser is to ask again
 * (`countsViews`); JSON safe inside a script element. Queries whose hash is in `seeded` came
 * with the page's own answers and are left out. Null when nothing was asked.
 */
function askedAnswers(
  queryClient: QueryClient,
  countsViews: boolean,
  seeded: ReadonlySet<string>,
): FirstData | null {
  const shown = (query: { queryHash: string; state: { status: string } }) =>
    query.state.status !== 'pending' && !seeded.has(query.queryHash);
  if (!queryClient.getQueryCache().getAll().some(shown)) return null;
  const state = dehydrate(queryClient, { shouldDehydrateQuery: shown });
  const json = JSON.stringify({ state, countsViews }).replaceAll('<', '\\u003c');
  return { kind: 'query', json };
}

/**
 * The whole markup of `app` once every Suspense boundary has resolved, through React's streaming
 * renderer (`renderToPipeableStream`, waiting for `onAllReady`).
 */
function renderToString(app: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failed: unknown = null;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        if (failed) reject(failed);
        else resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(app, {
      // Every part in place, none sent apart for a script to move in later: the page's
      // policy allows no inline script, and the whole page is sent at once anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError(error) {
        failed ??= error;
      },
    });
    const timer = setTimeout(() => {
      stream.abort();
      reject(new Error('render timed out'));
    }, RENDER_TIMEOUT_MS);
    sink.on('finish', () => clearTimeout(timer));
  });
}
