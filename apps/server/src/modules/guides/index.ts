import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { GuideCatalogue } from './catalogue.ts';
import guideRoutes from './routes.ts';

/**
 * The guide module's only door (ARCHITECTURE.md "modules"): the guides ("Ratgeber", SPEC.md §2
 * /ratgeber), Markdown files in `apps/server/content/ratgeber/` read and rendered once at start,
 * answered by `GET /api/guides` and `GET /api/guides/{slug}`; the heads and the sitemap of their
 * pages for the web-app plugin (docs/decisions/0036-guides-as-markdown-files.md). No tables.
 */
export { GuideCatalogue } from './catalogue.ts';
export { type GuidePage, guideListPage, guidePage } from './heads.ts';
export { renderSiteMarkdown } from './markdown.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The guides, read at start: list, one guide, sitemap (served by the web-app plugin too). */
    guides: GuideCatalogue;
  }
}

/** Options of the guides plugin: another folder of guide files (tests); default the repository's. */
export interface GuidesOptions {
  dir?: string;
}

/**
 * Reads the guides (a wrong file stops the start with its name and what is wrong), decorates
 * `app.guides` and registers their routes.
 */
async function guidesModule(app: FastifyInstance, options: GuidesOptions) {
  const guides = await GuideCatalogue.load(options.dir);
  app.decorate('guides', guides);
  await app.register(guideRoutes, { guides });
}

export default fp(guidesModule, { name: 'guides', dependencies: ['error-handler'] });
