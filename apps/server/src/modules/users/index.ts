import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import userRoutes from './routes.ts';
import { ensureAdminAccount, type UsersDeps } from './service.ts';
import './events.ts';

/**
 * The users module's only door (ARCHITECTURE.md "modules"): member accounts, their names and
 * roles, the member cards with the one reputation, and the policies on members. Other modules
 * and plugins import from here, never from this folder's other files. It declares the account events (`events.ts`): `user.updated` (name, avatar, role or
 * e-mail changed), `user.deleted`, `member.reported`, published after the commit by the module
 * that made the change (this one, or the members module, which deletes accounts, changes
 * avatars and takes member reports); modules that show members subscribe to them. The
 * moderation module reads member reports through `readMemberReports`. The one way past this
 * door: other modules' tables name `users` from `./schema.ts` for their foreign keys
 * (`db/schema.ts` gathers all tables for the migrations).
 */
export { mustAcceptTerms, recordTermsAcceptance, removeAccountRow } from './account.ts';
export { countMembers, countNewMembersPerDay } from './counts.ts';
export { type Actor, canManageUser, isAdmin, isModerator, profilePermissions } from './policies.ts';
export { type MemberReportRow, readMemberReports, storeMemberReport } from './reports.ts';
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
 * Registers the users module: `/api/me` (read, names, AGB acceptance) and
 * `/api/users/{id}/reputation`. On start it creates or promotes the `ADMIN_EMAIL` account
 * (ARCHITECTURE.md "Configuration"), after the migrations of the `database` plugin.
 */
async function users(app: FastifyInstance, options: { config: Config }) {
  const deps: UsersDeps = { db: app.database.db, events: app.events };
  await ensureAdminAccount(deps.db, options.config.admin, deps.events);
  await app.register(userRoutes, { deps, termsVersion: options.config.termsVersion });
}

export default fp(users, { name: 'users', dependencies: ['database', 'events', 'auth'] });
