import { createHmac } from 'node:crypto';
import jwt from '@fastify/jwt';
import type { Role } from '@marketplace/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { loadJwtSecret } from '../lib/jwt-secret.ts';
import { findSessionMember, SessionCache, type SessionMember } from '../modules/auth/index.ts';
import { isAdmin } from '../modules/users/index.ts';

/** Lifetime of an access token (ARCHITECTURE.md "auth": signed, with expiry); its session's too. */
export const ACCESS_TOKEN_LIFETIME = '24h';

/**
 * How far a token's `iat` may lie in the future, in seconds: the clocks of several server
 * instances may differ by this much (docs/decisions/0007). A later `iat` is refused.
 */
export const MAX_CLOCK_SKEW_S = 5;

declare module '@fastify/jwt' {
  interface FastifyJWT {
    /**
     * Claims of an access token (docs/decisions/0007): sub = user id, role, sid = id of the
     * server-side session; iat and exp (seconds) are added on signing.
     */
    payload: { sub: string; role: Role; sid: string; iat?: number };
    /**
     * Set by `authenticate`: the member as stored now (role and verification are current) and
     * the id of the session the token belongs to.
     */
    user: SessionMember;
  }
}

type PreHandler = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Pre-handler: requires `Authorization: Bearer <JWT>` with sub, sid, iat and exp whose
     * session still works (not ended, not expired, used within 30 minutes; docs/decisions/0007);
     * sets `request.user`. The answer gets `Cache-Control: no-store`.
     * Otherwise 401 'Nicht authentifiziert - Bitte melden Sie sich erneut an' (code unauthorized).
     */
    authenticate: PreHandler;
    /** Pre-handler after `authenticate`: 403 code email_not_verified for unverified members. */
    requireVerified: PreHandler;
    /** Pre-handler after `authenticate`: 403 code admin_only unless the member is an ADMIN. */
    requireAdmin: PreHandler;
    /** The member behind a valid bearer token, or null (no, invalid or expired token or session). */
    optionalUser(request: FastifyRequest): Promise<SessionMember | null>;
    /**
     * Signs an access token (HS256, 24 h) for a member and one of their sessions (`sid`), which
     * the caller has created (`createSession` of the auth module).
     */
    signAccessToken(user: { id: string; role: Role }, sessionId: string): string;
    /**
     * The member and session behind an access token (a JWT string, e.g. the socket's `?token=`),
     * checked like a bearer token. @returns null when it must not work
     */
    sessionOfToken(token: string): Promise<SessionMember | null>;
    /**
     * A key for another purpose derived from the signing key (HMAC-SHA256 of `purpose`,
     * base64url), e.g. the pseudonyms of ad visitors: the signing key is read once and never
     * leaves this plugin.
     */
    deriveKey(purpose: string): string;
  }
}

const BEARER = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/;

/**
 * Sessions (ARCHITECTURE.md "auth", docs/decisions/0007): JWT access tokens signed with HS256 by
 * `JWT_SECRET` or the key generated into DATA_DIR, each naming a server-side session (`sid`)
 * that is looked up with its member (kept for at most 5 seconds, dropped on every instance by
 * the events that end or change it), so that logout, the 30-minute idle timeout, a password
 * change and a deleted account end the token at once. Every answer to a
 * request that carried an `Authorization` header or reached an authenticated route gets
 * `Cache-Control: no-store`.
 */
async function auth(app: FastifyInstance, options: { config: Config }) {
  const secret = loadJwtSecret(options.config.jwtSecret, options.config.dataDir);
  await app.register(jwt, {
    secret,
    sign: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_LIFETIME },
    verify: { algorithms: ['HS256'] },
  });

  // Sessions looked up in the last seconds, dropped on every instance by the events that end
  // or change them (docs/decisions/0007, "The session cache").
  const sessionCache = new SessionCache(undefined, undefined, app.caches.counts('sessions'));
  const unsubscribe = sessionCache.subscribe(app.events);
  app.addHook('onClose', async () => unsubscribe());

  async function sessionOfToken(token: string): Promise<SessionMember | null> {
    let claims: { sub?: unknown; sid?: unknown; iat?: unknown; exp?: unknown };
    try {
      claims = app.jwt.verify(token);
    } catch {
      return null;
    }
    const { sub, sid, iat, exp } = claims;
    if (typeof sub !== 'string' || typeof sid !== 'string') return null;
    if (typeof iat !== 'number' || typeof exp !== 'number') return null;
    const now = Date.now() / 1000;
    if (iat > now + MAX_CLOCK_SKEW_S || exp <= now) return null;
    return findSessionMember(app.database.db, sid, sub, sessionCache);
  }

  async function sessionOf(request: FastifyRequest): Promise<SessionMember | null> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return null;
    return sessionOfToken(match[1]);
  }

  /** Requests that reached an authenticated route; their answers are never stored by caches. */
  const authenticated = new WeakSet<FastifyRequest>();

  app.decorate('authenticate', async (request: FastifyRequest) => {
    authenticated.add(request);
    const user = await sessionOf(request);
    if (!user) throw new AppError('unauthorized');
    request.user = user;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.headers.authorization !== undefined || authenticated.has(request))
      reply.header('Cache-Control', 'no-store');
    return payload;
  });
  app.decorate('requireVerified', async (request: FastifyRequest) => {
    if (!request.user) throw new AppError('unauthorized');
    if (!request.user.emailVerified) throw new AppError('email_not_verified');
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    if (!request.user) throw new AppError('unauthorized');
    if (!isAdmin(request.user)) throw new AppError('admin_only');
  });
  app.decorate('optionalUser', sessionOf);
  app.decorate('sessionOfToken', sessionOfToken);
  app.decorate('deriveKey', (purpose: string) =>
    createHmac('sha256', secret).update(purpose).digest('base64url'),
  );
  app.decorate('signAccessToken', (user: { id: string; role: Role }, sessionId: string) =>
    app.jwt.sign({ sub: user.id, role: user.role, sid: sessionId }),
  );
}

export default fp(auth, { name: 'auth', dependencies: ['database', 'events'] });
