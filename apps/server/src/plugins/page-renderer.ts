import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type ApiTransport,
  type FirstData,
  type RenderedPage,
  type RenderRequest,
  SERVER_SITE_GLOBAL,
  type SiteConfig,
} from '@marketplace/contract';

/** What `apps/web/src/entry-server.tsx` exports (built to `dist/server/entry-server.js`). */
interface ServerEntry {
  renderPage(request: RenderRequest): Promise<RenderedPage>;
  RENDERED_PATHS: readonly string[];
  setApiTransport(send: ApiTransport): void;
}

/**
 * How many pages are rendered at once. A render keeps the event loop busy for about 10–30 ms of
 * CPU; more at once would only make every visitor of a kept page wait behind them.
 */
export const RENDERS_AT_ONCE = 2;

/**
 * The share of the time renders may take while other page requests wait, and the most they may
 * save up while the server is quiet (ms). A render blocks the event loop for its whole length, so
 * a burst of new addresses (a crawler, a shared link) would otherwise spend every millisecond on
 * renders and none on the pages already kept.
 */
export const RENDER_SHARE = 0.5;
export const RENDER_SAVINGS_MS = 1000;

/**
 * Renders the public pages with the web app's components on the server
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md): loads the app's server build once
 * and renders at most {@link RENDERS_AT_ONCE} pages at a time, and while other page requests
 * wait, for at most {@link RENDER_SHARE} of the time. A request that finds them busy or their
 * share spent is told so (`render` answers null) and sends its page unrendered, with its head
 * and answers, for the browser to render: under a burst of new addresses the pages already
 * kept (`SentPages`) keep going out instead of queueing behind renders. Renders of the same
 * address and answers that are under way are shared.
 */
export class PageRenderer {
  private readonly entry: ServerEntry;
  /**
   * The app's own style sheets (CSS modules, in `dist/assets/*.css`) as one `<style>` element:
   * the browser loads them with the parts' scripts, after the rendered page has been painted.
   */
  private readonly appStyles: string;
  /** The renders under way, by address. */
  private readonly running = new Map<string, { data: string | null; page: Promise<RenderedPage> }>();
  /**
   * The render time left to spend while others wait (ms): it grows by {@link RENDER_SHARE} of
   * the time that passes, up to {@link RENDER_SAVINGS_MS}, and each render takes the time the
   * event loop was busy while it ran.
   */
  private budget = { ms: RENDER_SAVINGS_MS, at: performance.now() };
  /** The route patterns of the pages rendered on the server (the web app's `SERVER_RENDERED_PATHS`). */
  readonly paths: readonly string[];

  private constructor(entry: ServerEntry, appStyles: string) {
    this.entry = entry;
    this.appStyles = appStyles;
    this.paths = entry.RENDERED_PATHS;
  }

  /**
   * The renderer of the web app built in `distDir` (`npm run build` writes
   * `dist/server/entry-server.js`), or null when that build is missing. `site` is what the app's
   * texts name (one installation per process); `api` answers the app's API requests while it
   * renders (the server's own routes, as a visitor).
   */
  static async load(distDir: string, site: SiteConfig, api: ApiTransport): Promise<PageRenderer | null> {
    const file = path.join(distDir, 'server', 'entry-server.js');
    if (!fs.existsSync(file)) return null;
    // The app's texts read the site's name when they load: there is no document here.
    Reflect.set(globalThis, SERVER_SITE_GLOBAL, site);
    // React, MUI and Emotion choose their build by NODE_ENV when they load. The browser's app is
    // always the production build, so the server renders with the same unless told otherwise: in
    // development MUI labels Emotion's class names ('css-1avu64u-MuiPaper-root'), the browser's
    // names differ, and hydrating then inserts every style of the page again (docs/decisions/0030).
    process.env.NODE_ENV ??= 'production';
    const entry = (await import(pathToFileURL(file).href)) as ServerEntry;
    entry.setApiTransport(api);
    const assets = path.join(distDir, 'assets');
    const sheets = (fs.existsSync(assets) ? fs.readdirSync(assets) : [])
      .filter((name) => name.endsWith('.css'))
      .sort()
      .map((name) => fs.readFileSync(path.join(assets, name), 'utf8'));
    return new PageRenderer(entry, sheets.length > 0 ? `<style>${sheets.join('\n')}</style>` : '');
  }

  /**
   * The page at `url` (path and query) rendered from `data`: the render under way for the same
   * address and data, else a new one; null when {@link RENDERS_AT_ONCE} renders are under way,
   * or when `othersWaiting` and renders have taken their share of the time
   * ({@link RENDER_SHARE}): the page then goes out unrendered.
   * @param othersWaiting whether other page requests are being answered meanwhile
   * @throws what rendering throws (the caller sends the page unrendered)
   */
  render(url: string, data: FirstData | null, othersWaiting = false): Promise<RenderedPage> | null {
    const made = data ? `${data.kind}:${data.json}` : null;
    const running = this.running.get(url);
    if (running && running.data === made) return running.page;
    if (this.running.size >= RENDERS_AT_ONCE) return null;
    const started = performance.now();
    const busyBefore = performance.eventLoopUtilization().active;
    const budget = this.budget;
    budget.ms = Math.min(RENDER_SAVINGS_MS, budget.ms + (started - budget.at) * RENDER_SHARE);
    budget.at = started;
    if (othersWaiting && budget.ms <= 0) return null;
    const page = this.entry
      .renderPage({ url, data })
      .then((rendered) => ({ ...rendered, styles: `${rendered.styles}${this.appStyles}` }));
    const entry = { data: made, page };
    this.running.set(url, entry);
    const done = () => {
      // What the render kept the event loop busy for: not the time it waited for answers.
      budget.ms -= Math.min(
        performance.now() - started,
        performance.eventLoopUtilization().active - busyBefore,
      );
      if (this.running.get(url) === entry) this.running.delete(url);
    };
    page.then(done, done);
    return page;
  }
}
