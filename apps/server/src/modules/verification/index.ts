import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { createLocalMediaStorage } from '../../lib/media-storage.ts';
import { EncodeLimiter } from '../media/index.ts';
import { badgeReputation } from './queries.ts';
import verificationRoutes from './routes.ts';
import { removeExpiredDocuments, type VerificationDeps } from './service.ts';
import './events.ts';

export { businessIdsNamed, businessNames } from './businesses.ts';
export { countVerifications } from './counts.ts';
export {
  businessVerificationState,
  businessVerificationStates,
  decideProfileVerificationInTransaction,
  type ProfileBusinessData,
  startProfileVerificationInTransaction,
} from './profiles.ts';
export { sellerBadgeColumns, verifiedSellerCondition } from './queries.ts';
/**
 * The verification module's only door (ARCHITECTURE.md "modules"): seller verification as a
 * private seller or a business (trader traceability, DSA Art. 30), its private documents, the
 * ADMIN queue and decisions, and the seller badges and business sellers' company names other
 * modules show (`businessNames`, `businessIdsNamed` for the name search). It publishes
 * `verification.requested` and `verification.decided` (see `events.ts`); other modules import
 * only from here.
 */
export {
  createRequest as createVerificationRequest,
  removeExpiredDocuments as removeExpiredVerificationDocuments,
  type VerificationDeps,
} from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the verification service needs (demo data and tests use it). */
    verificationDeps: VerificationDeps;
  }
}

/** When documents of requests decided 30 days ago are deleted: every hour (cron, UTC). */
const CLEANUP_CRON = '20 * * * *';

/**
 * Registers the verification module: its routes, its part of the one reputation (the badge) in
 * the users door's member cards, and the clean-up that deletes documents 30 days after the
 * decision every hour (and once on start), a job run once across the instances. Documents live in `DATA_DIR/private/verification`, outside the public
 * media folder, and are served only by `GET /api/verification/{id}/document`.
 */
async function verificationModule(app: FastifyInstance, options: { config: Config }) {
  const dataDir = options.config.dataDir;
  const deps: VerificationDeps = {
    db: app.database.db,
    events: app.events,
    documents: createLocalMediaStorage(path.join(dataDir, 'private')),
    limiter: new EncodeLimiter(1),
    tmpDir: path.join(dataDir, 'tmp'),
  };
  app.decorate('verificationDeps', deps);
  app.memberCards.add(badgeReputation);
  // A job once across the instances (docs/decisions/0014-job-queue.md).
  await app.jobs.every(
    'verification.cleanup',
    CLEANUP_CRON,
    async () => {
      await removeExpiredDocuments(deps);
    },
    { runOnStart: true },
  );
  await app.register(verificationRoutes, { deps });
}

export default fp(verificationModule, {
  name: 'verification',
  dependencies: ['database', 'events', 'auth', 'users', 'media', 'multipart', 'jobs'],
});
