import {
  authResponseSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  loginBodySchema,
  messageSchema,
  passwordChangedResponseSchema,
  passwordResetRequestSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  tokenBodySchema,
  verifyEmailResponseSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { pruneLimitRecords } from './limits.ts';
import * as auth from './service.ts';
import { pruneTokens } from './tokens.ts';

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const bearer = [{ bearerAuth: [] }];

/**
 * Accounts and sessions (issue 3): register, login, e-mail verification, password reset,
 * and the credential changes of the settings page (`/api/me/email`, `/api/me/password`).
 */
const authRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, options) => {
  const pending = new Set<Promise<void>>();
  const deps: auth.AuthDeps = {
    db: app.database.db,
    mailer: app.mailer,
    publicUrl: options.config.publicUrl,
    signAccessToken: (user) => app.signAccessToken(user),
    log: app.log,
    background(task) {
      const run = task()
        .catch((error: unknown) => app.log.error({ err: error }, 'background task failed'))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
  };
  const prune = setInterval(() => {
    deps.background(async () => {
      await pruneLimitRecords(deps.db);
      await pruneTokens(deps.db);
    });
  }, PRUNE_INTERVAL_MS);
  prune.unref();
  app.addHook('onClose', async () => {
    clearInterval(prune);
    await Promise.all(pending);
  });

  app.post(
    '/api/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Register; sends the verification mail (at most 20 per IP and hour)',
        body: registerBodySchema,
        response: { 201: authResponseSchema, ...errorResponses(409, 422, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await auth.register(deps, request.body, request.ip)),
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail and password (failed logins limited per account and IP)',
        body: loginBodySchema,
        response: { 200: authResponseSchema, ...errorResponses(401, 422, 429) },
      },
    },
    async (request) => auth.login(deps, request.body, request.ip),
  );

  app.get(
    '/api/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm an e-mail address with the token from the mail link',
        querystring: tokenBodySchema,
        response: { 200: verifyEmailResponseSchema, ...errorResponses(400, 409, 422) },
      },
    },
    async (request) => auth.verifyEmail(deps, request.query.token),
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm an e-mail address with the token from the mail link',
        body: tokenBodySchema,
        response: { 200: verifyEmailResponseSchema, ...errorResponses(400, 409, 422) },
      },
    },
    async (request) => auth.verifyEmail(deps, request.body.token),
  );

  app.post(
    '/api/auth/resend-verification',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Send a new verification mail to the logged-in member',
        security: bearer,
        response: { 202: messageSchema, ...errorResponses(401, 409, 429) },
      },
    },
    async (request, reply) => reply.status(202).send(await auth.resendVerification(deps, request.user.id)),
  );

  app.post(
    '/api/auth/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Request a reset link; the same answer whether or not the account exists',
        body: passwordResetRequestSchema,
        response: { 202: messageSchema, ...errorResponses(422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await auth.requestPasswordReset(deps, request.body.email, request.ip)),
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from the reset mail',
        body: resetPasswordBodySchema,
        response: { 200: messageSchema, ...errorResponses(400, 422) },
      },
    },
    async (request) => auth.resetPassword(deps, request.body.token, request.body.password),
  );

  app.post(
    '/api/me/email',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['me'],
        summary: 'Change the e-mail address; it changes once the link sent to the new one is opened',
        security: bearer,
        body: changeEmailBodySchema,
        response: { 202: messageSchema, ...errorResponses(400, 401, 409, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await auth.requestEmailChange(deps, request.user.id, request.body, request.ip)),
  );

  app.post(
    '/api/me/password',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['me'],
        summary: 'Change the password; ends other sessions and answers a fresh token',
        security: bearer,
        body: changePasswordBodySchema,
        response: { 200: passwordChangedResponseSchema, ...errorResponses(400, 401, 422, 429) },
      },
    },
    async (request) => auth.changePassword(deps, request.user.id, request.body, request.ip),
  );
};

export default authRoutes;
