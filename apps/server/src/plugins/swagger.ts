import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * Who may call a route: `public` anyone (with or without a token), `member` a logged-in member,
 * `verified` a member with a confirmed e-mail address, `admin` an ADMIN.
 */
export type RouteAccess = 'public' | 'member' | 'verified' | 'admin';

/** One route of the application as the route catalogue records it. */
export interface CatalogueEntry {
  method: string;
  /** The route path as registered, e.g. `/api/listings/:id`. */
  url: string;
  /**
   * From `config.access` when the route sets it, else derived from its own `onRequest` and
   * `preHandler` hooks (`requireAdmin` → admin, `requireVerified` → verified, `authenticate` →
   * member), else `member` when its OpenAPI `security` names the bearer token, `public` for
   * the API documentation and the web app's files; null when the route declares nothing.
   */
  access: RouteAccess | null;
  /** Left out of the OpenAPI description (`schema.hide`). */
  hidden: boolean;
  /** A WebSocket upgrade route (`websocket: true`). */
  websocket: boolean;
  /** Takes a multipart/form-data upload (`schema.consumes`); the OpenAPI description has no body schema for it. */
  multipart: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route, for routes whose own hooks do not say it: public routes, and
     * routes whose `authenticate` hook is added for a whole plugin (`RouteAccess`).
     */
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /**
     * Every route registered after this plugin (HEAD routes Fastify adds for GET left out),
     * with who may call it. The authorization tests walk it, so a route without a declaration
     * is found.
     */
    routeCatalogue: readonly CatalogueEntry[];
  }
}

type Hook = (...args: never[]) => unknown;

function hooksOf(value: unknown): Hook[] {
  if (!value) return [];
  return (Array.isArray(value) ? value : [value]) as Hook[];
}

/** The access a route's own hooks imply, or null. */
function derivedAccess(app: FastifyInstance, route: RouteOptions): RouteAccess | null {
  const hooks = [...hooksOf(route.onRequest), ...hooksOf(route.preHandler)];
  const has = (name: 'authenticate' | 'requireVerified' | 'requireAdmin') =>
    app.hasDecorator(name) && hooks.includes(app[name] as unknown as Hook);
  if (has('requireAdmin')) return 'admin';
  if (has('requireVerified')) return 'verified';
  if (has('authenticate')) return 'member';
  // A whole plugin's `onRequest: authenticate` hook is not among the route's own hooks; its
  // routes say in their OpenAPI `security` that they need the bearer token.
  const security = (route.schema as { security?: Record<string, unknown>[] } | undefined)?.security;
  if (security?.some((entry) => 'bearerAuth' in entry)) return 'member';
  return null;
}

/**
 * OpenAPI description generated from the routes' zod schemas, browsable at `/api/docs`, and
 * the route catalogue (`app.routeCatalogue`): every route with who may call it, recorded by an
 * `onRoute` hook as the modules register their routes.
 */
async function openApi(app: FastifyInstance) {
  const catalogue: CatalogueEntry[] = [];
  app.decorate('routeCatalogue', catalogue);
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
      (method) => method !== 'HEAD',
    );
    // The API documentation and the web app's pages and files (everything outside /api and /ws)
    // are public by nature; the web app decides on the client what a visitor sees.
    const publicByPath = route.url.startsWith('/api/docs') || !/^\/(api|ws)(\/|$)/.test(route.url);
    const access =
      (route.config as { access?: RouteAccess } | undefined)?.access ??
      derivedAccess(this, route) ??
      (publicByPath ? 'public' : null);
    const schema = route.schema as { hide?: boolean; consumes?: readonly string[] } | undefined;
    const hidden = Boolean(schema?.hide);
    const multipart = Boolean(schema?.consumes?.includes('multipart/form-data'));
    for (const method of methods) {
      catalogue.push({
        method,
        url: route.url,
        access,
        hidden,
        websocket: Boolean(route.websocket),
        multipart,
      });
    }
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Marktplatz API',
        description: 'HTTP API of the marketplace. Errors answer `{ detail, code }`.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export default fp(openApi, { name: 'swagger' });
