import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import userRoutes from './routes.ts';
import { ensureAdminAccount, type UsersDeps } from './service.ts';
import './events.ts';

/**
 * The users module's only door (ARCHITECTURE.md "modules"): member accounts, profiles and
 * avatars. Other modules and plugins import from here, never from this folder's other files.
 * After a change has committed it publishes `user.updated` (name, avatar, role or e-mail
 * changed), `user.deleted` and `member.reported` (see `events.ts`); modules that show members
 * subscribe to them. The moderation module reads member reports through `readMemberReports`.
 * The one way past this door: other modules' tables name `users` from `./schema.ts` for their
 * foreign keys (`db/schema.ts` gathers all tables for the migrations).
 */
export { mustAcceptTerms, recordTermsAcceptance } from './account.ts';
export { countMembers, countNewMembersPerDay } from './counts.ts';
export { type Actor, canManageUser, isAdmin, isModerator } from './policies.ts';
export { MEMBER_REPORT_LIMIT, type MemberReportRow, readMemberReports } from './reports.ts';
export {
  type MemberCard,
  memberCards,
  memberIdsNamed,
  memberNameColumn,
  memberReputation,
  memberReputations,
} from './reputation.ts';
export {
  createAccount,
  displayName,
  ensureAdminAccount,
  findAccountByEmail,
  findAccounts,
  getAccount,
  isUserId,
  memberCode,
  type SessionUser,
  setPasswordHash,
  toUserResponse,
  toUserSummary,
  type UserRow,
  updateAccount,
} from './service.ts';

/**
 * Registers the users module: `/api/me` (profile, export, deletion, avatar), `/api/users/{id}`
 * and the avatar images. On start it creates or promotes the `ADMIN_EMAIL` account
 * (ARCHITECTURE.md "Configuration"), after the migrations of the `database` plugin.
 */
async function users(app: FastifyInstance, options: { config: Config }) {
  const deps: UsersDeps = {
    db: app.database.db,
    events: app.events,
    storage: app.mediaStorage,
    images: app.images,
  };
  await ensureAdminAccount(deps.db, options.config.admin, deps.events);
  await app.register(userRoutes, { deps, termsVersion: options.config.termsVersion });
}

export default fp(users, {
  name: 'users',
  dependencies: ['database', 'events', 'auth', 'media-storage', 'media', 'categories'],
});
