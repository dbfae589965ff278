import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordAdminAction } from './audit.ts';
import adminRoutes from './routes.ts';
import { sanctionLoginCheck } from './sanctions.ts';
import './events.ts';

/**
 * The admin module's only door (ARCHITECTURE.md "modules", docs/decisions/0006-module-doors.md):
 * the ADMIN-only dashboard figures of SPEC.md §6 and §7 (`GET /api/admin/stats`), the member search with role changes,
 * and the administrators' audit log, which is only ever added to. It reads other modules' tables only, never writes them.
 */
/**
 * `recordAdminAction(tx, { adminId, action, targetType, targetId, reason, details })` writes an
 * admin action of another module (moderation decisions) into the audit log in its transaction.
 */
export { type AdminAction, recordAdminAction } from './audit.ts';
export { readAuditLog, searchMembers } from './members.ts';
/**
 * Member sanctions (SPEC.md §6 "ADMIN"): `suspendMember(deps, { userId, adminId, until, reason })`
 * suspends until a date or bans (`until` null), `adminId` null when the system decided (the
 * moderation queue's three-strikes rule); `deps` is `{ db: app.database.db, events: app.events }`.
 * `findBlockingSanction` tells whether a member is locked out now; `unsanctionedMemberCondition`
 * is the SQL condition for reads that leave locked-out members out.
 */
export {
  findBlockingSanction,
  type SanctionDeps,
  type SuspendMemberInput,
  suspendMember,
  unsanctionedMemberCondition,
} from './sanctions.ts';
export { readAdminStats } from './stats.ts';

/**
 * Registers the admin module: `/api/admin/*`, each route for ADMINs only, and the login check
 * that refuses suspended and banned members (through the auth door's `app.addLoginCheck`).
 */
async function adminModule(app: FastifyInstance) {
  app.addLoginCheck(sanctionLoginCheck(app.database.db));
  // Verification decisions are taken in the verification module, which the admin module reads
  // (so it cannot call this door): their audit rows follow its event.
  const unsubscribe = app.events.on('verification.decided', async (event) => {
    await recordAdminAction(app.database.db, {
      adminId: event.adminId,
      action: event.approved ? 'verification_approved' : 'verification_rejected',
      targetType: 'user',
      targetId: event.userId,
      reason: event.reason ?? 'Angaben und Nachweis geprüft',
      details: event.kind === 'business' ? 'gewerblich' : 'privat',
    });
  });
  app.addHook('onClose', async () => unsubscribe());
  await app.register(adminRoutes, { db: app.database.db, events: app.events });
}

export default fp(adminModule, {
  name: 'admin',
  dependencies: [
    'database',
    'events',
    'auth',
    'auth-module',
    'users',
    'listings',
    'chat',
    'forum',
    'stories',
    'verification',
  ],
});
