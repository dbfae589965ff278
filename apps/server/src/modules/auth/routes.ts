import {
  authResponseSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  loginBodySchema,
  messageSchema,
  passwordChangedResponseSchema,
  passwordResetRequestSchema,
  passwordStrengthBodySchema,
  passwordStrengthSchema,
  registerBodySchema,
  registerResponseSchema,
  resetPasswordBodySchema,
  sessionListSchema,
  sessionParamsSchema,
  tokenBodySchema,
  verifyEmailResponseSchema,
} from '@marketplace/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { DeviceCookies } from './device-cookie.ts';
import * as links from './links.ts';
import * as auth from './service.ts';
import { endAllSessions, endSession, listSessions } from './sessions.ts';

const bearer = [{ bearerAuth: [] }];

/**
 * Accounts and sessions (SPEC.md §4 "Session", §7): register, login, e-mail verification,
 * password reset, and the credential changes of the settings page (`/api/me/email`,
 * `/api/me/password`). Every answer carries `Cache-Control: no-store`. The module's plugin
 * (`index.ts`) hands in the dependencies.
 */
const authRoutes: FastifyPluginAsyncZod<{ deps: auth.AuthDeps }> = async (app, options) => {
  const { deps } = options;
  await DeviceCookies.register(app);
  const devices = new DeviceCookies(app.deriveKey('device-cookie'), deps.publicUrl.startsWith('https:'));
  // Every answer here carries a token, a member's data or news about an account (also the
  // refusals and those to requests without a token): no cache may keep it (docs/decisions/0007
  // "Caching").
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });
  /**
   * Work that must follow the answer to `reply`: started when the answer was sent or the
   * connection closed ('close' comes after both), at once when that happened already.
   */
  const afterAnswer =
    (reply: FastifyReply): auth.AfterAnswer =>
    (task) => {
      if (reply.raw.destroyed) deps.background(task);
      else reply.raw.once('close', () => deps.background(task));
    };

  app.post(
    '/api/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Register; answers 202 alike for a new and a registered address and mails its owner (at most 20 per IP and hour)',
        body: registerBodySchema,
        response: { 202: registerResponseSchema, ...errorResponses(422, 429) },
      },
    },
    async (request, reply) => reply.status(202).send(await auth.register(deps, request.body, request.ip)),
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Log in with e-mail and password; attempts are limited per account and address and per address, and a device cookie set after a login skips the account slow-down; a suspended or banned member gets 403 with a detail naming the end and the reason',
        body: loginBodySchema,
        response: { 200: authResponseSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const answer = await auth.login(
        deps,
        request.body,
        request.ip,
        request.headers['user-agent'],
        devices.accountOf(request),
        afterAnswer(reply),
      );
      devices.issue(reply, answer.user.id);
      return answer;
    },
  );

  app.post(
    '/api/auth/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Log out: ends the session of this token (docs/decisions/0007)',
        description:
          'Answers 204. From then on the token is answered 401, and sockets opened with this session close with 1008.',
        security: bearer,
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await endSession(deps, request.user.id, request.user.sessionId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: "The member's active sessions (devices), most recently used first",
        description:
          "A session is active until logout, until it is ended from another device, after 30 minutes without a request, and at the latest 24 hours after the login. `device` is read from the browser's user agent; no IP address is stored. `last_used_at` is exact to about a minute.",
        security: bearer,
        response: { 200: sessionListSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      sessions: await listSessions(deps.db, request.user.id, request.user.sessionId),
    }),
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'End one of my sessions (log that device out)',
        description: "404 for an unknown or ended session and for another member's session alike.",
        security: bearer,
        params: sessionParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      if (!(await endSession(deps, request.user.id, request.params.id)))
        throw new AppError('not_found', 'Diese Sitzung gibt es nicht.');
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/auth/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'End all my sessions except this one (log all other devices out)',
        security: bearer,
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await endAllSessions(deps, request.user.id, request.user.sessionId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/verify-email',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Confirm an e-mail address with the token from the mail link',
        querystring: tokenBodySchema,
        response: { 200: verifyEmailResponseSchema, ...errorResponses(400, 409, 422) },
      },
    },
    async (request) => links.verifyEmail(deps, request.query.token),
  );

  app.post(
    '/api/auth/verify-email',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Confirm an e-mail address with the token from the mail link',
        body: tokenBodySchema,
        response: { 200: verifyEmailResponseSchema, ...errorResponses(400, 409, 422) },
      },
    },
    async (request) => links.verifyEmail(deps, request.body.token),
  );

  app.post(
    '/api/auth/resend-verification',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Send a new verification mail to the logged-in member',
        security: bearer,
        response: { 202: messageSchema, ...errorResponses(401, 409, 429) },
      },
    },
    async (request, reply) => reply.status(202).send(await links.resendVerification(deps, request.user.id)),
  );

  app.post(
    '/api/auth/password-strength',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Rate a new password while it is typed, with the rule of registration, reset and change (at most 200 per IP and 10 minutes)',
        description:
          "`score` is zxcvbn's 0 (very easy to guess) to 4; `accepted` says whether the password is hard enough to guess. The length is the body schemas' own rule and is not rated here; no letters, digits or symbols are required. `user_inputs` are the member's e-mail address and names, which a password must not lean on.",
        body: passwordStrengthBodySchema,
        response: { 200: passwordStrengthSchema, ...errorResponses(422, 429) },
      },
    },
    async (request) => auth.rateNewPassword(deps, request.body, request.ip),
  );

  app.post(
    '/api/auth/password-reset',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Request a reset link; the same answer whether or not the account exists',
        body: passwordResetRequestSchema,
        response: { 202: messageSchema, ...errorResponses(422, 429) },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await links.requestPasswordReset(deps, request.body.email, request.ip, afterAnswer(reply))),
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          "Set a new password with the token from the reset mail; the browser gets the account's device cookie, as after a login",
        body: resetPasswordBodySchema,
        response: { 200: messageSchema, ...errorResponses(400, 422) },
      },
    },
    async (request, reply) => {
      const { answer, accountId } = await links.resetPassword(
        deps,
        request.body.token,
        request.body.password,
      );
      // The mailed link proved the owner: this browser skips the account's slow-down from now on.
      devices.issue(reply, accountId);
      return answer;
    },
  );

  app.post(
    '/api/me/email',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['me'],
        summary: 'Change the e-mail address; it changes once the link sent to the new one is opened',
        security: bearer,
        body: changeEmailBodySchema,
        response: { 202: messageSchema, ...errorResponses(400, 401, 409, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await links.requestEmailChange(deps, request.user.id, request.body, request.ip)),
  );

  app.post(
    '/api/me/password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['me'],
        summary: 'Change the password; ends other sessions and answers a fresh token',
        security: bearer,
        body: changePasswordBodySchema,
        response: { 200: passwordChangedResponseSchema, ...errorResponses(400, 401, 422, 429) },
      },
    },
    async (request) =>
      auth.changePassword(
        deps,
        request.user.id,
        request.body,
        request.ip,
        request.headers['user-agent'],
        request.user.sessionId,
      ),
  );
};

export default authRoutes;
