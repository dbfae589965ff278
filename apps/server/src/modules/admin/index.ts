import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordAdminAction } from './audit.ts';
import adminRoutes from './routes.ts';
import { sanctionLoginCheck } from './sanctions.ts';
import type { OpenReportsCounter } from './stats.ts';

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
 * `findBlockingSanction` tells whether a member is locked out now; the view `sanctioned_members`
 * (admin `schema.ts`) lists them for other modules' reads. Moderation decisions suspend inside
 * their own transaction (`checkSuspension`, `suspendMemberInTransaction`, then
 * `announceSanction`) and lift on appeal (`liftSanctionInTransaction`, `announceSanctionLifted`).
 */
export {
  announceSanction,
  announceSanctionLifted,
  checkSuspension,
  findBlockingSanction,
  liftSanctionInTransaction,
  type SanctionDeps,
  type StoredSanction,
  type SuspendMemberInput,
  suspendMember,
  suspendMemberInTransaction,
} from './sanctions.ts';
export { type OpenReportCounts, type OpenReportsCounter, readAdminStats } from './stats.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Hands the admin figures (`GET /api/admin/stats`) the count of open reports. The
     * moderation module calls it at start: it depends on the admin door, so the admin module
     * cannot ask it; until then the open reports count 0.
     */
    countOpenReportsWith(counter: OpenReportsCounter): void;
  }
}

/**
 * Registers the admin module: `/api/admin/*`, each route for ADMINs only, and the login check
 * that refuses suspended and banned members (through the auth door's `app.addLoginCheck`).
 */
async function adminModule(app: FastifyInstance) {
  app.addLoginCheck(sanctionLoginCheck(app.database.db));
  // Verification decisions are taken in the verification module, which the admin module reads
  // (so it cannot call this door): their audit rows follow its event, durably.
  app.events.react('verification.decided', 'admin.audit_verification', async (event, { tx }) => {
    await recordAdminAction(tx, {
      adminId: event.adminId,
      action: event.approved ? 'verification_approved' : 'verification_rejected',
      targetType: 'user',
      targetId: event.userId,
      reason: event.reason ?? 'Angaben und Nachweis geprüft',
      details: event.kind === 'business' ? 'gewerblich' : 'privat',
    });
  });
  let openReports: OpenReportsCounter | null = null;
  app.decorate('countOpenReportsWith', (counter: OpenReportsCounter) => {
    openReports = counter;
  });
  await app.register(adminRoutes, {
    db: app.database.db,
    events: app.events,
    openReports: (db) =>
      openReports
        ? openReports(db)
        : Promise.resolve({ listings: 0, forumPosts: 0, conversations: 0, stories: 0, members: 0 }),
  });
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
