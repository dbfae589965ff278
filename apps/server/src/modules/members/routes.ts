import {
  accountExportSchema,
  deleteAccountBodySchema,
  memberReportBodySchema,
  publicProfileSchema,
  REPORT_TEXT_MAX,
  reportResultSchema,
  userSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { MEDIA_NAME_PATTERN } from '../../lib/media-storage.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { AVATAR_FOLDER, AVATAR_MAX_BYTES, openImageUpload } from '../media/index.ts';
import { toUserResponse } from '../users/index.ts';
import { deleteAccount, exportAccount, type MembersDeps } from './account.ts';
import { removeAvatar, replaceAvatar } from './avatar.ts';
import { getPublicProfile } from './profile.ts';
import { reportMember } from './reports.ts';

const bearer = [{ bearerAuth: [] }];
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * The routes on a member that read the modules below: deleting one's account and exporting its
 * data (`/api/me`, `/api/me/export`), the avatar (`/api/me/avatar` and the avatar images), the
 * public profile (`/api/users/{id}`) and member reports (`/api/users/{id}/report`). The module's
 * plugin (`index.ts`) hands in the dependencies.
 */
const memberRoutes: FastifyPluginAsyncZod<{ deps: MembersDeps }> = async (app, options) => {
  const { deps } = options;
  const db = deps.db;

  app.delete(
    '/api/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['me'],
        summary: 'Delete my account and all its data (needs the password)',
        security: bearer,
        body: deleteAccountBodySchema,
        response: { 204: z.null().describe('Konto gelöscht'), ...errorResponses(400, 401, 422, 429) },
      },
    },
    async (request, reply) => {
      await deleteAccount(deps, request.user.id, request.body.password, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/me/export',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['me'],
        summary: 'All my data as JSON (profile, follows, my ads, saved ads)',
        security: bearer,
        response: { 200: accountExportSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('Content-Disposition', 'attachment; filename="meine-daten.json"');
      return exportAccount(db, deps.categories, request.user.id);
    },
  );

  app.post(
    '/api/me/avatar',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['me'],
        summary: `Upload an avatar (multipart field \`file\`, JPEG/PNG/WebP up to ${AVATAR_MAX_BYTES / 1024 / 1024} MB; stored 256x256 WebP)`,
        security: bearer,
        consumes: ['multipart/form-data'],
        response: { 200: userSchema, ...errorResponses(401, 413, 415, 422) },
      },
    },
    async (request) => {
      const file = await openImageUpload(request, 'avatar');
      return toUserResponse(await replaceAvatar(deps, request.user.id, file));
    },
  );

  app.delete(
    '/api/me/avatar',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['me'],
        summary: 'Remove my avatar',
        security: bearer,
        response: { 200: userSchema, ...errorResponses(401) },
      },
    },
    async (request) => toUserResponse(await removeAvatar(deps, request.user.id)),
  );

  app.get(
    '/api/users/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'Public profile; `is_following` is set when a token is sent',
        params: z.object({ id: z.string() }),
        response: { 200: publicProfileSchema, ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const viewer = await app.optionalUser(request);
      return getPublicProfile(deps, request.params.id, viewer?.id ?? null);
    },
  );

  app.post(
    '/api/users/:id/report',
    {
      onRequest: [app.authenticate, app.requireVerified],
      schema: {
        tags: ['users'],
        summary: `Report another member to the administrators (reason, optional text up to ${REPORT_TEXT_MAX} characters; again: replaces my earlier report; at most 20 per member and hour). 403 for myself and without a confirmed e-mail address`,
        security: bearer,
        params: z.object({ id: z.string().max(100) }),
        body: memberReportBodySchema,
        response: { 201: reportResultSchema, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reportMember(deps, request.user, request.params.id, request.body)),
  );

  app.get(
    '/api/images/avatars/:name',
    {
      config: { access: 'public' },
      schema: {
        tags: ['media'],
        summary: 'An avatar image (WebP, cached for a year: names never change content)',
        params: z.object({ name: z.string().max(100) }),
        response: { 200: z.any().describe('image/webp'), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const file = MEDIA_NAME_PATTERN.test(request.params.name)
        ? await deps.storage.read(AVATAR_FOLDER, request.params.name)
        : null;
      if (!file) throw new AppError('not_found', 'Bild nicht gefunden.');
      reply.header('Cache-Control', `public, max-age=${ONE_YEAR_S}, immutable`);
      return reply.type('image/webp').header('Content-Length', file.size).send(file.stream);
    },
  );
};

export default memberRoutes;
