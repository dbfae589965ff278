import jwt from '@fastify/jwt';
import type { Role } from '@marketplace/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { loadJwtSecret } from '../lib/jwt-secret.ts';
import { isAdmin } from '../modules/users/policies.ts';
import { findSessionUser, type SessionUser } from '../modules/users/service.ts';

/** Lifetime of an access token (issue 3: "tokens signed, with expiry"). */
export const ACCESS_TOKEN_LIFETIME = '24h';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    /** Claims of an access token: sub = user id, role; iat and exp are added on signing. */
    payload: { sub: string; role: Role; iat?: number };
    /** Set by `authenticate`: the member as stored now (role and verification are current). */
    user: SessionUser;
  }
}

type PreHandler = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Pre-handler: requires `Authorization: Bearer <JWT>` of an existing member whose
     * sessions were not ended since; sets `request.user`.
     * Otherwise 401 'Nicht authentifiziert - Bitte melden Sie sich erneut an' (code unauthorized).
     */
    authenticate: PreHandler;
    /** Pre-handler after `authenticate`: 403 code email_not_verified for unverified members. */
    requireVerified: PreHandler;
    /** Pre-handler after `authenticate`: 403 code admin_only unless the member is an ADMIN. */
    requireAdmin: PreHandler;
    /** The member behind a valid bearer token, or null (no, invalid or expired token). */
    optionalUser(request: FastifyRequest): Promise<SessionUser | null>;
    /** Signs an access token (HS256, 24 h) for a member. */
    signAccessToken(user: { id: string; role: Role }): string;
  }
}

const BEARER = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/;

/**
 * Sessions (ARCHITECTURE.md "auth"): JWT access tokens signed with HS256 by `JWT_SECRET` or
 * the key generated into DATA_DIR, checked against the database on every request so that a
 * deleted member's or a replaced session's token stops working at once.
 */
async function auth(app: FastifyInstance, options: { config: Config }) {
  const secret = loadJwtSecret(options.config.jwtSecret, options.config.dataDir);
  await app.register(jwt, {
    secret,
    sign: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_LIFETIME },
    verify: { algorithms: ['HS256'] },
  });

  async function sessionOf(request: FastifyRequest): Promise<SessionUser | null> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return null;
    let claims: { sub?: unknown; iat?: unknown };
    try {
      claims = app.jwt.verify(match[1]);
    } catch {
      return null;
    }
    if (typeof claims.sub !== 'string' || typeof claims.iat !== 'number') return null;
    return findSessionUser(app.database.db, claims.sub, claims.iat);
  }

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const user = await sessionOf(request);
    if (!user) throw new AppError('unauthorized');
    request.user = user;
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
  app.decorate('signAccessToken', (user: { id: string; role: Role }) =>
    app.jwt.sign({ sub: user.id, role: user.role }),
  );
}

export default fp(auth, { name: 'auth', dependencies: ['database'] });
