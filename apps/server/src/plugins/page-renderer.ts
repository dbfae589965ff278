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
import { LRUCache } from 'lru-cache';

/** What `apps/web/src/entry-server.tsx` exports (built to `dist/server/entry-server.js`). */
interface ServerEntry {
  renderPage(request: RenderRequest): Promise<RenderedPage>;
  RENDERED_PATHS: readonly string[];
  setApiTransport(send: ApiTransport): void;
}

/** How long a rendered page is sent again to every visitor of the same address and data. */
const RENDERED_TTL_MS = 10_000;

/**
 * Renders the public pages with the web app's components on the server
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md): loads the app's server build once
 * and keeps each rendered page for 10 s under its address, sent again while the answers it was
 * rendered from are the same text (they come from the cache of public answers, which changes
 * them when an ad changes), so a busy page is rendered about once per 10 s and not per visitor.
 * Renders of the same address that are under way are shared.
 */
export class PageRenderer {
  private readonly entry: ServerEntry;
  /**
   * The app's own style sheets (CSS modules, in `dist/assets/*.css`) as one `<style>` element:
   * the browser loads them with the parts' scripts, after the rendered page has been painted.
   */
  private readonly appStyles: string;
  private readonly rendered = new LRUCache<string, { data: string | null; page: Promise<RenderedPage> }>({
    // A page with its styles is about 100 kB.
    max: 200,
    ttl: RENDERED_TTL_MS,
  });
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
   * The page at `url` (path and query) rendered from `data`: from the last 10 s when it was
   * rendered from the same data, else rendered now.
   * @throws what rendering throws (the caller sends the page unrendered)
   */
  render(url: string, data: FirstData | null): Promise<RenderedPage> {
    const json = data ? `${data.kind}:${data.json}` : null;
    const kept = this.rendered.get(url);
    if (kept && kept.data === json) return kept.page;
    const page = this.entry
      .renderPage({ url, data })
      .then((rendered) => ({ ...rendered, styles: `${rendered.styles}${this.appStyles}` }));
    const entry = { data: json, page };
    this.rendered.set(url, entry);
    // A failed render is not kept (a newer one under the same address stays).
    page.catch(() => {
      if (this.rendered.get(url) === entry) this.rendered.delete(url);
    });
    return page;
  }
}
