import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ReportTargets } from './targets.ts';

/**
 * The reports module's only door (ARCHITECTURE.md "modules", docs/decisions/0023-one-reports-store.md):
 * the one store of members' reports (DSA Art. 16) that the moderation queue reads. It lies
 * below every module whose things are reported, so that each files its reports in its own
 * transaction (`fileReport`) without depending on the moderation module above them; the kinds
 * of reported things are registered here at start (`app.reportTargets.register`).
 */
export {
  countNotices,
  countReportsPerTarget,
  type FiledReport,
  fileReport,
  type NewReport,
  REPORTS_READ_MAX,
  readReports,
  reportedBy,
  resolveReports,
  type StoredReport,
} from './store.ts';
export {
  type ReportedThing,
  type ReportTargetKey,
  ReportTargets,
  type ReportTargetType,
  type TargetFacts,
  targetKey,
} from './targets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The kinds of reported things; the modules that own them register them at start. */
    reportTargets: ReportTargets;
  }
}

/** Registers the reports module: decorates `app.reportTargets`. */
async function reportsModule(app: FastifyInstance) {
  app.decorate('reportTargets', new ReportTargets());
}

export default fp(reportsModule, { name: 'reports', dependencies: ['database'] });
