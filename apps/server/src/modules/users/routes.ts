import {
  acceptTermsBodySchema,
  memberReputationSchema,
  updateProfileBodySchema,
  userSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { acceptTerms } from './account.ts';
import type { MemberCards } from './reputation.ts';
import * as users from './service.ts';

const bearer = [{ bearerAuth: [] }];

/**
 * Own account (`/api/me`: read, change the names, accept the AGB at `/api/me/terms`) and a
 * member's one reputation (`/api/users/{id}/reputation`). Deletion, export, avatar, public
 * profile and member reports are the members module's routes, which read the modules above this
 * one (docs/decisions/0006-module-doors.md). The module's plugin (`index.ts`) hands in the
 * dependencies, the member cards and the current AGB version (config `termsVersion`).
 */
const userRoutes: FastifyPluginAsyncZod<{
  deps: users.UsersDeps;
  cards: MemberCards;
  termsVersion: string;
}> = async (app, options) => {
  const { deps, cards, termsVersion } = options;
  const db = deps.db;

  app.get(
    '/api/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['me'],
        summary: 'The logged-in member',
        security: bearer,
        response: { 200: userSchema, ...errorResponses(401) },
      },
    },
    async (request) => users.toUserResponse(await users.getAccount(db, request.user.id)),
  );

  app.post(
    '/api/me/terms',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['me'],
        summary: 'Accept the current AGB version (asked once after the AGB changed)',
        description:
          'Body `{ version }`: die Version, die das Mitglied gelesen hat; nur die aktuelle (`terms_version` von `GET /api/site`) wird angenommen, sonst 409. Antwortet das Mitglied mit `terms_version`.',
        security: bearer,
        body: acceptTermsBodySchema,
        response: { 200: userSchema, ...errorResponses(401, 409, 422) },
      },
    },
    async (request) =>
      users.toUserResponse(await acceptTerms(db, request.user.id, request.body.version, termsVersion)),
  );

  app.patch(
    '/api/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['me'],
        summary: 'Change nickname, first and last name (null removes one)',
        security: bearer,
        body: updateProfileBodySchema,
        response: { 200: userSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => users.toUserResponse(await users.updateProfile(deps, request.user.id, request.body)),
  );

  app.get(
    '/api/users/:id/reputation',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: "A member's one reputation across marketplace and forum (every member card shows it)",
        params: z.object({ id: z.string() }),
        response: { 200: memberReputationSchema, ...errorResponses(404, 422) },
      },
    },
    async (request) => cards.reputation(request.params.id),
  );
};

export default userRoutes;
