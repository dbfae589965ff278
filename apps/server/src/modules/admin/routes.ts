import {
  adminAuditLogSchema,
  adminMemberDetailSchema,
  adminMemberListSchema,
  adminMemberSchema,
  adminRoleChangeSchema,
  adminSanctionCreateSchema,
  adminSanctionLiftSchema,
  adminStatsSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { changeRole, readAuditLog, searchMembers } from './members.ts';
import { liftSanctions, readMemberDetail, suspendMember } from './sanctions.ts';
import { type OpenReportsCounter, readAdminStats } from './stats.ts';

const bearer = [{ bearerAuth: [] }];

/** Admin routes (SPEC.md §6, §7): every one needs a token (401) of an ADMIN (403 otherwise). */
const adminRoutes: FastifyPluginAsyncZod<{
  db: Database;
  events: EventBus;
  openReports: OpenReportsCounter;
}> = async (app, options) => {
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
      return readAdminStats(db, new Date(), options.openReports);
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
    '/api/admin/members/:id',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary:
          'A member for the admin member page: profile facts, their ads and the reports against them, their sanctions, the active one, and what the admin may do',
        security: bearer,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: adminMemberDetailSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return readMemberDetail(db, request.user.id, request.params.id);
    },
  );

  app.post(
    '/api/admin/members/:id/sanctions',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary:
          'Suspend a member until ends_at or ban them (kind ban), with a reason: their sessions end at once, logging in answers 403 naming the end; written to the audit log. Not oneself (422), not an ADMIN (403)',
        security: bearer,
        params: z.object({ id: z.string().max(100) }),
        body: adminSanctionCreateSchema,
        response: { 201: adminMemberDetailSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { kind, ends_at, reason } = request.body;
      await suspendMember(
        { db, events },
        {
          userId: request.params.id,
          adminId: request.user.id,
          until: kind === 'ban' || !ends_at ? null : new Date(ends_at),
          reason,
        },
      );
      reply.code(201).header('Cache-Control', 'private, no-store');
      return readMemberDetail(db, request.user.id, request.params.id);
    },
  );

  app.post(
    '/api/admin/members/:id/sanctions/lift',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary:
          "Lift a member's active suspension or ban with a reason (written to the audit log); 409 when nothing is active",
        security: bearer,
        params: z.object({ id: z.string().max(100) }),
        body: adminSanctionLiftSchema,
        response: { 200: adminMemberDetailSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await liftSanctions(
        { db, events },
        { userId: request.params.id, adminId: request.user.id, ...request.body },
      );
      reply.header('Cache-Control', 'private, no-store');
      return readMemberDetail(db, request.user.id, request.params.id);
    },
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
