import {
  calendarEntryListSchema,
  calendarQuerySchema,
  calendarSubscriptionSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { calendarFeed } from './feed.ts';
import { type CalendarDeps, feedOwner, getSubscription, listCalendar, renewSubscription } from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['calendar'];

/**
 * The member's calendar (SPEC.md §2 /calendar, contract `calendar.ts`): appointments agreed in
 * chat and the events taken part in; the personal iCalendar subscription and its feed.
 */
const calendarRoutes: FastifyPluginAsyncZod<{ deps: CalendarDeps }> = async (app, { deps }) => {
  const member = { onRequest: app.authenticate };

  app.get(
    '/api/calendar',
    {
      ...member,
      schema: {
        tags,
        summary:
          'My appointments (proposed, accepted) and the events I take part in, starting in [from, to) (default: from now, 90 days)',
        security: bearer,
        querystring: calendarQuerySchema,
        response: { 200: calendarEntryListSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => listCalendar(deps, request.user.id, request.query),
  );

  app.get(
    '/api/calendar/subscription',
    {
      ...member,
      schema: {
        tags,
        summary: 'My personal iCalendar subscription address (nulls while none was made)',
        security: bearer,
        response: { 200: calendarSubscriptionSchema, ...errorResponses(401) },
      },
    },
    async (request) => getSubscription(deps, request.user.id),
  );

  app.post(
    '/api/calendar/subscription',
    {
      ...member,
      schema: {
        tags,
        summary: 'Make or renew my iCalendar subscription address; the old address then answers 404',
        security: bearer,
        response: { 200: calendarSubscriptionSchema, ...errorResponses(401) },
      },
    },
    async (request) => renewSubscription(deps, request.user.id),
  );

  app.get(
    '/api/calendar/feed/:file',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The iCalendar feed of a subscription address ({token}.ics, no login: the token is the secret); 404 for an unknown or renewed token',
        params: z.object({ file: z.string().max(200) }),
        response: { 200: z.string(), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      const userId = await feedOwner(deps, token);
      if (!userId) throw new AppError('not_found', 'Diese Kalender-Adresse gibt es nicht (mehr).');
      const body = await calendarFeed(deps, userId);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="termine.ics"')
        .send(body);
    },
  );
};

export default calendarRoutes;
