import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { pruneLimitRecords } from './limits.ts';
import authRoutes from './routes.ts';
import type { AuthDeps, LoginCheck } from './service.ts';
import { pruneSessions } from './sessions.ts';
import { pruneTokens } from './tokens.ts';
import './events.ts';

export {
  addressKey,
  consumeRequestQuota,
  countRequest,
  lockLimit,
  type RequestLimit,
  refuseWhenSpent,
  tryCountRequest,
} from './limits.ts';
/**
 * The auth module's only door (ARCHITECTURE.md "modules"): registration, login, e-mail
 * verification, password reset and credential changes, plus the request limits other modules
 * use for their own quotas. Sessions themselves (`app.authenticate`, token signing) are the
 * `auth` plugin in `plugins/auth.ts`, which every module with a login depends on.
 */
/** The strength rule of SPEC.md §5 for new passwords (zxcvbn, German and common words). */
export { assertStrongPassword } from './password-strength.ts';
export { checkCurrentPassword, type LoginCheck } from './service.ts';
export { SessionCache, type SessionMember } from './session-cache.ts';
/**
 * Server-side sessions (docs/decisions/0007): the `auth` plugin looks the session of every
 * token up with `findSessionMember`, kept for seconds in a `SessionCache`; `endAllSessions` (suspensions by administrators) and
 * `endSession` end sessions and announce `session.ended`; `endSessionsInTransaction` ends them
 * inside another module's transaction (account deletion), whose owner then calls
 * `announceEndedSessions` after the commit.
 */
export {
  announceEndedSessions,
  endAllSessions,
  endSession,
  endSessionsInTransaction,
  findSessionMember,
  pruneSessions,
  type SessionDeps,
} from './sessions.ts';
export { removeTokensOf } from './tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Adds a check that runs at login after a correct password, before the session starts;
     * a check that throws an AppError refuses the login with it (the admin module refuses
     * suspended and banned members).
     */
    addLoginCheck(check: LoginCheck): void;
  }
}

/** When expired tokens, ended sessions and old limit records are removed: hourly (cron, UTC). */
const PRUNE_CRON = '5 * * * *';

/**
 * Registers the account routes (`/api/auth/*`, `/api/me/email`, `/api/me/password`). Owns the
 * hourly clean-up of expired tokens, ended or expired sessions and limit records (a job run once
 * across the instances, docs/decisions/0014-job-queue.md) and the work done after an answer;
 * closing the application waits for that work.
 */
async function authModule(app: FastifyInstance, options: { config: Config }) {
  const pending = new Set<Promise<void>>();
  const loginChecks: LoginCheck[] = [];
  app.decorate('addLoginCheck', (check: LoginCheck) => {
    loginChecks.push(check);
  });
  const deps: AuthDeps = {
    loginChecks,
    db: app.database.db,
    events: app.events,
    mailer: app.mailer,
    publicUrl: options.config.publicUrl,
    siteName: options.config.siteName,
    termsVersion: options.config.termsVersion,
    signAccessToken: (user, sessionId) => app.signAccessToken(user, sessionId),
    log: app.log,
    background(task) {
      const run = task()
        .catch((error: unknown) => app.log.error({ err: error }, 'background task failed'))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
  };
  await app.jobs.every('auth.prune', PRUNE_CRON, async () => {
    await pruneLimitRecords(deps.db);
    await pruneTokens(deps.db);
    await pruneSessions(deps.db);
  });
  app.addHook('onClose', async () => {
    await Promise.all(pending);
  });

  await app.register(authRoutes, { deps });
}

/** Named `auth-module` because `auth` is the session plugin every module depends on. */
export default fp(authModule, {
  name: 'auth-module',
  dependencies: ['database', 'events', 'mailer', 'auth', 'jobs'],
});
