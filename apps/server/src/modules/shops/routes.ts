import {
  adminProfileListSchema,
  adminProfileQuerySchema,
  myProfilesSchema,
  profileCardListSchema,
  profileCreateSchema,
  profileDecisionSchema,
  profileIdParamsSchema,
  profileListQuerySchema,
  profileSchema,
  profileUpdateSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { listProfiles } from './directory.ts';
import * as shops from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['shops'];

/**
 * Shops and provider profiles (contract shops.ts): registration and editing by the owner
 * (`/api/profiles`), the public profile and the directory, and the ADMIN's decisions
 * (`/api/admin/profiles`). The module's plugin (`index.ts`) hands in the dependencies.
 */
const shopRoutes: FastifyPluginAsyncZod<{ deps: shops.ShopDeps }> = async (app, options) => {
  const { deps } = options;
  const member = { onRequest: app.authenticate };
  const admin = { onRequest: [app.authenticate, app.requireAdmin] };
  const viewerOf = async (request: Parameters<typeof app.optionalUser>[0]) =>
    request.headers.authorization ? await app.optionalUser(request) : null;

  app.post(
    '/api/profiles',
    {
      ...member,
      schema: {
        tags,
        summary:
          'Register a shop or provider profile (201, pending until an ADMIN approves it; starts a business verification where there is none). One of each kind per member (409)',
        security: bearer,
        body: profileCreateSchema,
        response: { 201: profileSchema, ...errorResponses(401, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await shops.createProfile(deps, request.user, request.body)),
  );

  app.get(
    '/api/profiles/me',
    {
      ...member,
      schema: {
        tags,
        summary: 'My shop and my provider profile with their state and a rejection reason',
        security: bearer,
        response: { 200: myProfilesSchema, ...errorResponses(401) },
      },
    },
    async (request) => shops.myProfiles(deps, request.user),
  );

  app.get(
    '/api/profiles',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The directory of approved shops or providers: name search, category, a place with radius (distance on each card), sort by distance, rating or number of ads; 20 a page',
        querystring: profileListQuerySchema,
        response: { 200: profileCardListSchema, ...errorResponses(422) },
      },
    },
    async (request) => listProfiles(deps, request.query),
  );

  app.get(
    '/api/profiles/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One profile: approved ones for everyone, others for their owner and ADMINs only (404)',
        params: profileIdParamsSchema,
        response: { 200: profileSchema, ...errorResponses(404, 422) },
      },
    },
    async (request) => shops.getProfile(deps, await viewerOf(request), request.params.id),
  );

  app.patch(
    '/api/profiles/:id',
    {
      ...member,
      schema: {
        tags,
        summary:
          'Change my profile (owner only, 403). Changed business data send it back to review; texts, photos, hours, area and services do not',
        security: bearer,
        params: profileIdParamsSchema,
        body: profileUpdateSchema,
        response: { 200: profileSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => shops.updateProfile(deps, request.user, request.params.id, request.body),
  );

  app.get(
    '/api/admin/profiles',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Profiles in one state (default pending), oldest first, with the member (ADMIN only)',
        security: bearer,
        querystring: adminProfileQuerySchema,
        response: { 200: adminProfileListSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => shops.listForAdmin(deps, request.user, request.query.status),
  );

  app.post(
    '/api/admin/profiles/:id/decision',
    {
      ...admin,
      schema: {
        tags,
        summary:
          "Approve a pending profile, or reject it with a reason its owner reads; the owner's open business verification is decided with it (ADMIN only)",
        security: bearer,
        params: profileIdParamsSchema,
        body: profileDecisionSchema,
        response: { 200: profileSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => shops.decideProfile(deps, request.user, request.params.id, request.body),
  );
};

export default shopRoutes;
