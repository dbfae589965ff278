import {
  forumCreatePostBodySchema,
  forumCreateThreadBodySchema,
  forumDeleteBodySchema,
  forumEditPostBodySchema,
  forumLikeSchema,
  forumModerateThreadBodySchema,
  forumOverviewSchema,
  forumPostSchema,
  forumPreviewBodySchema,
  forumPreviewSchema,
  forumReportBodySchema,
  forumSearchQuerySchema,
  forumSearchResultSchema,
  forumSubscriptionSchema,
  forumThreadListQuerySchema,
  forumThreadListSchema,
  forumThreadPageQuerySchema,
  forumThreadPageSchema,
  forumThreadSummarySchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { addressKey } from '../auth/index.ts';
import { type ForumDeps, ThreadPages } from './caches.ts';
import { renderMarkdown } from './markdown.ts';
import { forumOverview, listThreads, publicThreadPage, threadPage, visitorKey } from './reading.ts';
import { publicSearch } from './search.ts';
import * as forum from './service.ts';

const bearer = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string().max(100) });
const tags = ['forum'];

/**
 * The forum's routes under `/api/forum` (SPEC.md `/forum…` pages): reading is public; writing
 * needs a login and a verified e-mail; moderation needs ADMIN. They own the shared parts of
 * thread pages (`ThreadPages`, docs/decisions/0010-forum-search-speed.md), forgotten after each
 * forum write and on every instance when a member's card may have changed.
 */
const forumRoutes: FastifyPluginAsyncZod<{ deps: Omit<ForumDeps, 'pages'> }> = async (app, options) => {
  const deps: ForumDeps = { ...options.deps, pages: new ThreadPages(app.caches) };
  const db = deps.db;
  const forgetPages = () => deps.pages.invalidate();
  const unsubscribe = [
    app.events.onEveryInstance('user.updated', forgetPages),
    app.events.onEveryInstance('user.deleted', forgetPages),
    app.events.onEveryInstance('verification.decided', forgetPages),
    // A post removed or restored by moderation (docs/decisions/0009-reports-queue.md).
    app.events.onEveryInstance('forum.post_moderated', forgetPages),
  ];
  app.addHook('onClose', async () => {
    for (const off of unsubscribe) off();
  });
  const writer = { onRequest: app.authenticate, preHandler: app.requireVerified };
  const admin = { onRequest: app.authenticate, preHandler: app.requireAdmin };

  app.get(
    '/api/forum/categories',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The three forums with their subforums, counts and latest activity',
        response: { 200: forumOverviewSchema },
      },
    },
    async () => forumOverview(deps),
  );

  app.get(
    '/api/forum/threads',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Threads of a forum or subforum, 20 per page (pinned first, latest activity; newest; most liked)',
        querystring: forumThreadListQuerySchema,
        response: { 200: forumThreadListSchema, ...errorResponses(404, 422) },
      },
    },
    async (request) => listThreads(deps, request.query),
  );

  app.post(
    '/api/forum/threads',
    {
      ...writer,
      schema: {
        tags,
        summary: 'Open a thread (verified e-mail; new accounts at most 3 per hour)',
        security: bearer,
        body: forumCreateThreadBodySchema,
        response: { 201: z.object({ id: z.string() }), ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await forum.createThread(deps, request.user, request.body)),
  );

  app.get(
    '/api/forum/threads/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A thread with one page of its posts (counts a view per viewer and day)',
        params: idParams,
        querystring: forumThreadPageQuerySchema,
        response: { 200: forumThreadPageSchema, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const viewer = await app.optionalUser(request);
      if (viewer) {
        reply.header('Cache-Control', 'no-store');
        return threadPage(deps, viewer, `u:${viewer.id}`, request.params.id, request.query.page);
      }
      const key = visitorKey(addressKey(request.ip));
      return publicThreadPage(deps, reply, key, request.params.id, request.query.page);
    },
  );

  app.patch(
    '/api/forum/threads/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Pin, lock or move a thread (ADMIN); the reason is shown to the author',
        security: bearer,
        params: idParams,
        body: forumModerateThreadBodySchema,
        response: { 200: forumThreadSummarySchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => forum.moderateThread(deps, request.user, request.params.id, request.body),
  );

  app.delete(
    '/api/forum/threads/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Delete an own thread, or any thread as ADMIN with a reason',
        security: bearer,
        params: idParams,
        body: forumDeleteBodySchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await forum.deleteThread(deps, request.user, request.params.id, request.body?.reason);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/forum/threads/:id/subscription',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Watch or mute a thread (null: default)',
        security: bearer,
        params: idParams,
        body: forumSubscriptionSchema,
        response: { 200: forumSubscriptionSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => forum.setSubscription(db, request.user, request.params.id, request.body.level),
  );

  app.post(
    '/api/forum/threads/:id/posts',
    {
      ...writer,
      schema: {
        tags,
        summary: 'Reply to a thread (verified e-mail; not when locked; new accounts at most 10 per hour)',
        security: bearer,
        params: idParams,
        body: forumCreatePostBodySchema,
        response: { 201: forumPostSchema, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await forum.createPost(deps, request.user, request.params.id, request.body)),
  );

  app.patch(
    '/api/forum/posts/:id',
    {
      ...writer,
      schema: {
        tags,
        summary: "Change one's own post (marked 'bearbeitet')",
        security: bearer,
        params: idParams,
        body: forumEditPostBodySchema,
        response: { 200: forumPostSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => forum.editPost(deps, request.user, request.params.id, request.body.body),
  );

  app.delete(
    '/api/forum/posts/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Delete an own post, or any post as ADMIN with a reason',
        security: bearer,
        params: idParams,
        body: forumDeleteBodySchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await forum.deletePost(deps, request.user, request.params.id, request.body?.reason);
      return reply.status(204).send(null);
    },
  );

  for (const [method, like] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/forum/posts/:id/like',
      ...writer,
      schema: {
        tags,
        summary: like ? 'Like a post (once per member)' : 'Take a like back',
        security: bearer,
        params: idParams,
        response: { 200: forumLikeSchema, ...errorResponses(401, 403, 404, 422) },
      },
      handler: async (request) => forum.setLike(deps, request.user, request.params.id, like),
    });
  }

  app.post(
    '/api/forum/posts/:id/report',
    {
      ...writer,
      schema: {
        tags,
        summary:
          'Report a post to the administrators (once per member and post). 403 without a confirmed e-mail address',
        security: bearer,
        params: idParams,
        body: forumReportBodySchema,
        response: {
          201: z.object({ reported: z.literal(true) }),
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      await forum.reportPost(deps, request.user, request.params.id, request.body.reason);
      return reply.status(201).send({ reported: true as const });
    },
  );

  app.post(
    '/api/forum/preview',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Render a text as the forum shows it',
        security: bearer,
        body: forumPreviewBodySchema,
        response: { 200: forumPreviewSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => ({ html: renderMarkdown(request.body.body) }),
  );

  app.get(
    '/api/forum/search',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Search titles and texts of the forum (german configuration), newest first',
        querystring: forumSearchQuerySchema,
        response: { 200: forumSearchResultSchema, ...errorResponses(422) },
      },
    },
    async (request, reply) => publicSearch(deps, reply, request.query.q, request.query.page),
  );
};

export default forumRoutes;
