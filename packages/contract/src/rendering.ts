/**
 * What the server and the web app's server build (`apps/web/src/entry-server.tsx`, loaded by
 * `apps/server/src/plugins/page-renderer.ts`) hand each other to render a public page
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md).
 */

/**
 * Where a server that renders pages puts this installation's public configuration (`SiteConfig`)
 * on `globalThis` before it loads the web app's server build: the app's texts read the site's
 * name when they load, and there is no document whose `site-config` element they could read. One
 * installation per process.
 */
export const SERVER_SITE_GLOBAL = 'marketplaceSiteConfig';

/**
 * The answers a page is rendered from, as the JSON text that also goes into the page for the
 * browser: `home` in `<script type="application/json" id="home-data">` (the newest ads and the
 * categories), `page` in `id="page-data"` (an ad, a category's or a search's first page), `query`
 * in `id="query-data"` (what the page's components asked the API for, dehydrated by TanStack
 * Query, with `countsViews`).
 */
export interface FirstData {
  kind: 'home' | 'page' | 'query';
  json: string;
}

/** What the server gives a page to render. */
export interface RenderRequest {
  /** The page's address below the origin, with its query (`/search?q=sofa`). */
  url: string;
  /** The answers the server read for the page itself, or null (legal, help, forum, profiles). */
  data: FirstData | null;
}

/** A page rendered by the web app's own components. */
export interface RenderedPage {
  /** The markup inside `<div id="root">`, the same the browser's first render hydrates. */
  html: string;
  /** `<style data-emotion="…">` elements for the head: the rules the markup uses, no more. */
  styles: string;
  /** The title the page named (`usePageTitle`: '<title> – <site>'), or null. */
  title: string | null;
  /** The meta description the page named (`usePageTitle`), or null for the site's own. */
  description: string | null;
  /** 404 when the answer the page shows said so (an unknown thread or member), else 200. */
  status: 200 | 404;
  /** For a page whose answers the app asked the API for: those answers (`query`), else null. */
  data: FirstData | null;
  /**
   * The address the page leads to instead of showing itself (an unknown legal page leads home,
   * SPEC.md §2 "unknown paths to /"): the server answers it as a redirect. Null for a page.
   */
  location: string | null;
}

/** Sends one API request as `fetch` would: the path below the origin and the request. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;
