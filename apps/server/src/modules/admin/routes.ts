import {
  adminAuditLogSchema,
  adminMemberListSchema,
  adminMemberSchema,
  adminRoleChangeSchema,
  adminStatsSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { changeRole, readAuditLog, searchMembers } from './members.ts';
import { readAdminStats } from './stats.ts';

const bearer = [{ bearerAuth: [] }];

/** Admin routes (SPEC.md §6, §7): every one needs a token (401) of an ADMIN (403 otherwise). */
const adminRoutes: FastifyPluginAsyncZod<{ db: Database; events: EventBus }> = async (app, options) => {
  const { db, events } = options;

  app.get(
    '/api/admin/stats',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary:
          'Figures of the admin dashboard: members, ads by status, open reports, messages and stories of 24 h, forum posts, new ads and members per day over 30 days',
        security: bearer,
        response: { 200: adminStatsSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return readAdminStats(db);
    },
  );

  app.get(
    '/api/admin/members',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Members whose e-mail or name contains q (newest first, at most 50)',
        security: bearer,
        querystring: z.object({ q: z.string().max(200).default('') }),
        response: { 200: adminMemberListSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return { members: await searchMembers(db, request.query.q) };
    },
  );

  app.patch(
    '/api/admin/members/:id/role',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: "Change a member's role with a reason (written to the audit log); not one's own (422)",
        security: bearer,
        params: z.object({ id: z.string().max(100) }),
        body: adminRoleChangeSchema,
        response: { 200: adminMemberSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => changeRole({ db, events }, request.user.id, request.params.id, request.body),
  );

  app.get(
    '/api/admin/audit-log',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary:
          'The audit log of admin actions, newest first (at most 200), filtered by action, target or admin; read-only',
        security: bearer,
        querystring: z.object({
          action: z.string().max(100).optional(),
          target_id: z.string().max(100).optional(),
          admin_id: z.uuid({ error: 'Ungültige Admin-ID.' }).optional(),
        }),
        response: { 200: adminAuditLogSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const { action, target_id, admin_id } = request.query;
      return { entries: await readAuditLog(db, { action, targetId: target_id, adminId: admin_id }) };
    },
  );
};

export default adminRoutes;
