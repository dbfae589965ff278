import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { MemberCards } from './reputation.ts';
import userRoutes from './routes.ts';
import { ensureAdminAccount, type UsersDeps } from './service.ts';
import './events.ts';

/**
 * The users module's only door (ARCHITECTURE.md "modules"): member accounts, their names and
 * roles, the member cards with the one reputation, and the policies on members. It is the lowest
 * module (docs/decisions/0006-module-doors.md): it imports no other module, and the modules that
 * own a part of the reputation add it to the member cards at start. Other modules and plugins
 * import from here, never from this folder's other files. It declares the account events (`events.ts`): `user.updated` (name, avatar, role or
 * e-mail changed), `user.deleted`, `member.reported`, published after the commit by the module
 * that made the change (this one, or the members module, which deletes accounts, changes
 * avatars and takes member reports); modules that show members subscribe to them. The one way past this
 * door: other modules' tables name `users` from `./schema.ts` for their foreign keys
 * (`db/schema.ts` gathers all tables for the migrations).
 */
export { mustAcceptTerms, recordTermsAcceptance, removeAccountRow } from './account.ts';
export { countMembers, countNewMembersPerDay, hasOtherAdmin } from './counts.ts';
export { type Actor, canManageUser, isAdmin, isModerator, profilePermissions } from './policies.ts';
export {
  type MemberCard,
  MemberCards,
  memberIdsNamed,
  memberNameColumn,
  memberNameRow,
  membersNamed,
  type ReputationFields,
  type ReputationPart,
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
  sessionUserColumn,
  setPasswordHash,
  toUserResponse,
  toUserSummary,
  type UserRow,
  updateAccount,
} from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The member cards with the one reputation (users module). The modules that own a part of
     * the reputation add it at start (`app.memberCards.add`); every module that shows members
     * reads the cards here.
     */
    memberCards: MemberCards;
  }
}

/**
 * Registers the users module: `/api/me` (read, names, AGB acceptance) and
 * `/api/users/{id}/reputation`, and decorates `app.memberCards`. On start it creates or promotes
 * the `ADMIN_EMAIL` account (ARCHITECTURE.md "Configuration"), after the migrations of the
 * `database` plugin.
 */
async function users(app: FastifyInstance, options: { config: Config }) {
  const deps: UsersDeps = { db: app.database.db, events: app.events };
  const cards = new MemberCards(deps.db);
  app.decorate('memberCards', cards);
  await ensureAdminAccount(deps.db, options.config.admin, deps.events);
  await app.register(userRoutes, { deps, cards, termsVersion: options.config.termsVersion });
}

export default fp(users, { name: 'users', dependencies: ['database', 'events', 'auth'] });
