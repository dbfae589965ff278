import {
  followersListSchema,
  followingListSchema,
  followListQuerySchema,
  followResultSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { getAccount } from '../users/index.ts';
import { toFollowEntries } from './present.ts';
import * as follows from './service.ts';

const bearer = [{ bearerAuth: [] }];
const userIdParams = z.object({ userId: z.string() });

/** Follows (SPEC.md §6, §7): my lists, follow and unfollow. All need a token. */
const followRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const deps: follows.FollowsDeps = { db, events: app.events };

  app.get(
    '/api/follow/following',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['follows'],
        summary: 'Members I follow, newest first',
        security: bearer,
        querystring: followListQuerySchema,
        response: { 200: followingListSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => ({
      following: await toFollowEntries(db, await follows.listFollowing(db, request.user.id, request.query)),
    }),
  );

  app.get(
    '/api/follow/followers',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['follows'],
        summary: 'Members who follow me, newest first',
        security: bearer,
        querystring: followListQuerySchema,
        response: { 200: followersListSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => ({
      followers: await toFollowEntries(db, await follows.listFollowers(db, request.user.id, request.query)),
    }),
  );

  app.post(
    '/api/follow/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['follows'],
        summary:
          'Follow a member (201 also when already following; at most 100 new follows per member and hour)',
        security: bearer,
        params: userIdParams,
        response: { 201: followResultSchema, ...errorResponses(400, 401, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const target = await getAccount(db, request.params.userId);
      const result = await follows.follow(deps, request.user.id, target.id);
      return reply.status(201).send({ following: true, followers_count: result.followersCount });
    },
  );

  app.delete(
    '/api/follow/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['follows'],
        summary: 'Stop following a member (204 also when not following)',
        security: bearer,
        params: userIdParams,
        response: { 204: z.null().describe('Nicht mehr gefolgt'), ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      const target = await getAccount(db, request.params.userId);
      await follows.unfollow(deps, request.user.id, target.id);
      return reply.status(204).send(null);
    },
  );
};

export default followRoutes;
