import {
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesBodySchema,
  notificationPreferencesSchema,
  notificationSchema,
  notificationStatsSchema,
  notificationsReadAllSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import * as service from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['notifications'];

/**
 * The notification calls of SPEC.md §7. All need a token and touch only the caller's own
 * notifications: another member's id answers 404 like an unknown one.
 */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: 'My notifications, newest first, with the unread count',
        security: bearer,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => service.listNotifications(db, request.user.id, request.query),
  );

  app.get(
    '/api/notifications/stats',
    {
      schema: {
        tags,
        summary: 'Counts of my notifications: all, unread, read and per type',
        security: bearer,
        response: { 200: notificationStatsSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.notificationStats(db, request.user.id),
  );

  app.post(
    '/api/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Mark all my notifications read',
        security: bearer,
        response: { 200: notificationsReadAllSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ updated: await service.markAllNotificationsRead(db, request.user.id), unread: 0 }),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one of my notifications read',
        security: bearer,
        params: notificationIdParamsSchema,
        response: { 200: notificationSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.markNotificationRead(db, request.user.id, request.params.id),
  );

  app.delete(
    '/api/notifications/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of my notifications',
        security: bearer,
        params: notificationIdParamsSchema,
        response: { 204: z.null().describe('Gelöscht'), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteNotification(db, request.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'My notification settings: in-app and e-mail per type',
        security: bearer,
        response: { 200: notificationPreferencesSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.getPreferences(db, request.user.id),
  );

  app.put(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Change my notification settings (types and channels left out stay)',
        security: bearer,
        body: notificationPreferencesBodySchema,
        response: { 200: notificationPreferencesSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => service.updatePreferences(db, request.user.id, request.body),
  );
};

export default notificationRoutes;
