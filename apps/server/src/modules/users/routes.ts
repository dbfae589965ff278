import {
  accountExportSchema,
  deleteAccountBodySchema,
  publicProfileSchema,
  updateProfileBodySchema,
  userSchema,
} from '@marketplace/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { MEDIA_NAME_PATTERN } from '../../lib/media-storage.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { deleteAccount, exportAccount } from './account.ts';
import { AVATAR_MAX_BYTES, removeAvatar, replaceAvatar } from './avatar.ts';
import * as users from './service.ts';

const bearer = [{ bearerAuth: [] }];
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * Reads the one file of a multipart upload from the field `file`, at most `maxBytes`.
 * @throws AppError validation (422) without a file, payload_too_large (413) above the limit
 */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  const missing = new AppError(
    'validation',
    "Bitte lade ein Bild im Feld 'file' hoch (multipart/form-data).",
  );
  if (!request.isMultipart()) throw missing;
  const file = await request.file({ limits: { fileSize: maxBytes } });
  if (file?.fieldname !== 'file') throw missing;
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', `Das Bild ist zu groß. Maximum: ${maxBytes / 1024 / 1024} MB.`);
    }
    throw error;
  }
}

/** Own account (`/api/me`), public profiles (`/api/users/{id}`) and avatar images. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/api/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['me'],
        summary: 'The logged-in member',
        security: bearer,
        response: { 200: userSchema, ...errorResponses(401) },
      },
    },
    async (request) => users.toUserResponse(await users.getAccount(db, request.user.id)),
  );

  app.patch(
    '/api/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['me'],
        summary: 'Change nickname, first and last name (null removes one)',
        security: bearer,
        body: updateProfileBodySchema,
        response: { 200: userSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => users.toUserResponse(await users.updateProfile(db, request.user.id, request.body)),
  );

  app.delete(
    '/api/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['me'],
        summary: 'Delete my account and all its data (needs the password)',
        security: bearer,
        body: deleteAccountBodySchema,
        response: { 204: z.null().describe('Konto gelöscht'), ...errorResponses(400, 401, 422, 429) },
      },
    },
    async (request, reply) => {
      await deleteAccount(db, app.mediaStorage, request.user.id, request.body.password, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/me/export',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['me'],
        summary: 'All my data as JSON (profile, follows, my ads, saved ads)',
        security: bearer,
        response: { 200: accountExportSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('Content-Disposition', 'attachment; filename="meine-daten.json"');
      return exportAccount(db, app.categories, request.user.id);
    },
  );

  app.post(
    '/api/me/avatar',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['me'],
        summary: 'Upload an avatar (multipart field `file`, JPEG/PNG/WebP up to 5 MB; stored 256x256 WebP)',
        security: bearer,
        consumes: ['multipart/form-data'],
        response: { 200: userSchema, ...errorResponses(401, 413, 415, 422) },
      },
    },
    async (request) => {
      const upload = await readUpload(request, AVATAR_MAX_BYTES);
      return users.toUserResponse(await replaceAvatar(db, app.mediaStorage, request.user.id, upload));
    },
  );

  app.delete(
    '/api/me/avatar',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['me'],
        summary: 'Remove my avatar',
        security: bearer,
        response: { 200: userSchema, ...errorResponses(401) },
      },
    },
    async (request) => users.toUserResponse(await removeAvatar(db, app.mediaStorage, request.user.id)),
  );

  app.get(
    '/api/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Public profile; `is_following` is set when a token is sent',
        params: z.object({ id: z.string() }),
        response: { 200: publicProfileSchema, ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const viewer = await app.optionalUser(request);
      return users.getPublicProfile(db, request.params.id, viewer?.id ?? null);
    },
  );

  app.get(
    '/api/images/avatars/:name',
    {
      schema: {
        tags: ['media'],
        summary: 'An avatar image (WebP, cached for a year: names never change content)',
        params: z.object({ name: z.string().max(100) }),
        response: { 200: z.any().describe('image/webp'), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const file = MEDIA_NAME_PATTERN.test(request.params.name)
        ? await app.mediaStorage.read('avatars', request.params.name)
        : null;
      if (!file) throw new AppError('not_found', 'Bild nicht gefunden.');
      reply.header('Cache-Control', `public, max-age=${ONE_YEAR_S}, immutable`);
      return reply.type('image/webp').header('Content-Length', file.size).send(file.stream);
    },
  );
};

export default userRoutes;
