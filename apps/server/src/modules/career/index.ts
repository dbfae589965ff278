import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { createLocalMediaStorage } from '../../lib/media-storage.ts';
import type { SiteFacts } from '../../lib/page-head.ts';
import { removeConcludedApplications } from './applications.ts';
import { type CareerPage, careerListPage, careerPositionPage, careerSitemap } from './heads.ts';
import careerRoutes from './routes.ts';
import type { CareerDeps } from './service.ts';

/** When concluded applications past their six months are deleted: daily (cron, UTC). */
const CLEANUP_CRON = '40 3 * * *';

export { CONCLUDED_APPLICATION_MS, removeConcludedApplications } from './applications.ts';
/**
 * The career module's only door (ARCHITECTURE.md "modules"): the positions of /karriere kept by
 * the ADMINs, the applications to them with their CVs in the private storage
 * (`DATA_DIR/private/career-cv`, served only by `GET /api/admin/career/applications/{id}/cv`),
 * and the heads and sitemap of the career pages for the web-app plugin (`app.careerPages`).
 */
export { type CareerPage, jobPosting } from './heads.ts';
export {
  type CareerDeps,
  createPosition as createJobPosition,
  JOB_APPLICATION_ADDRESS_LIMIT,
  JOB_APPLICATION_EMAIL_LIMIT,
  listAdminPositions as listJobPositions,
} from './service.ts';

/** The career pages as the web-app plugin serves them: heads of `/karriere…` and their sitemap. */
export interface CareerPages {
  list(site: SiteFacts): Promise<CareerPage>;
  position(slug: string, site: SiteFacts): Promise<CareerPage>;
  sitemap(publicUrl: string): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The career pages' heads and sitemap (served by the web-app plugin). */
    careerPages: CareerPages;
    /** What the career service needs (demo data and tests use it). */
    careerDeps: CareerDeps;
  }
}

async function careerModule(app: FastifyInstance, options: { config: Config }) {
  const { config } = options;
  const deps: CareerDeps = {
    db: app.database.db,
    mailer: app.mailer,
    documents: createLocalMediaStorage(path.join(config.dataDir, 'private')),
    tmpDir: path.join(config.dataDir, 'tmp'),
    publicUrl: config.publicUrl,
    siteName: config.siteName,
  };
  app.decorate('careerDeps', deps);
  app.decorate('careerPages', {
    list: (site) => careerListPage(deps.db, site),
    position: (slug, site) => careerPositionPage(deps.db, slug, site),
    sitemap: (publicUrl) => careerSitemap(deps.db, publicUrl),
  } satisfies CareerPages);
  // Concluded applications and their CVs go after six months (a job once across the instances,
  // docs/decisions/0014-job-queue.md).
  await app.jobs.every(
    'career.cleanup',
    CLEANUP_CRON,
    async () => {
      await removeConcludedApplications(deps);
    },
    { runOnStart: true },
  );
  await app.register(careerRoutes, { deps });
}

export default fp(careerModule, {
  name: 'career',
  dependencies: ['database', 'auth', 'auth-module', 'mailer', 'multipart', 'admin', 'jobs'],
});
