import {
  eventCreateSchema,
  eventListQuerySchema,
  eventListSchema,
  eventParamsSchema,
  eventParticipantListSchema,
  eventParticipationSchema,
  eventSchema,
  eventUpdateSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { eventCalendar } from './ics.ts';
import { listEvents } from './queries.ts';
import {
  cancelEvent,
  createEvent,
  getEvent,
  joinEvent,
  type LocalEventDeps,
  leaveEvent,
  listParticipants,
  updateEvent,
} from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['events'];

/** Options of the event routes: the services' needs and the site (for the calendar file). */
export interface LocalEventRouteOptions {
  deps: LocalEventDeps;
  site: { publicUrl: string; siteName: string };
}

/** The calls of /events (contract local-events.ts): list, read, publish, change, cancel, take part. */
const localEventRoutes: FastifyPluginAsyncZod<LocalEventRouteOptions> = async (app, { deps, site }) => {
  const viewerOf = async (request: Parameters<typeof app.optionalUser>[0]) =>
    request.headers.authorization ? ((await app.optionalUser(request))?.id ?? null) : null;

  app.get(
    '/api/events',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Upcoming events by start, filtered by place and radius, date and category; paged',
        description:
          'Only planned events that have not ended. `postal_code` (a postal code or place name) with `radius_km` keeps those within that many km of its centre and adds `distance_km`; `when` is `today`, `weekend` (Friday to Sunday), `week` (today and the next six days) or `range` with `from` and `to` (YYYY-MM-DD, Europe/Berlin, both included).',
        querystring: eventListQuerySchema,
        response: { 200: eventListSchema, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return listEvents(deps.db, request.query);
    },
  );

  app.post(
    '/api/events',
    {
      onRequest: [app.authenticate, app.requireVerified],
      schema: {
        tags,
        summary: 'Publish an event (verified e-mail); times are wall-clock times in Europe/Berlin',
        description:
          '`starts_at` and `ends_at` as `YYYY-MM-DDTHH:mm` in Europe/Berlin (stored in UTC, answered with the offset of that moment); `price` in euros, 0 for free entry; `image` a URL answered by `POST /api/upload`; `max_participants` null for no limit.',
        security: bearer,
        body: eventCreateSchema,
        response: { 201: eventSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await createEvent(deps, request.user.id, request.body)),
  );

  app.get(
    '/api/events/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One event with its rendered description, organiser, and what the viewer may do',
        params: eventParamsSchema,
        response: { 200: eventSchema, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-cache');
      return getEvent(deps.db, request.params.id, await viewerOf(request));
    },
  );

  app.patch(
    '/api/events/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Change an event (its organiser only); participants are notified of new times, place or price',
        security: bearer,
        params: eventParamsSchema,
        body: eventUpdateSchema,
        response: { 200: eventSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => updateEvent(deps, request.user.id, request.params.id, request.body),
  );

  app.post(
    '/api/events/:id/cancel',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Cancel an event (its organiser only); participants are notified',
        security: bearer,
        params: eventParamsSchema,
        response: { 200: eventSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => cancelEvent(deps, request.user.id, request.params.id),
  );

  app.post(
    '/api/events/:id/participation',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Take part in an event ('Ich nehme teil'); a full event answers 409",
        security: bearer,
        params: eventParamsSchema,
        response: { 200: eventParticipationSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => joinEvent(deps.db, request.user.id, request.params.id),
  );

  app.delete(
    '/api/events/:id/participation',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'No longer take part in an event',
        security: bearer,
        params: eventParamsSchema,
        response: { 200: eventParticipationSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => leaveEvent(deps.db, request.user.id, request.params.id),
  );

  app.get(
    '/api/events/:id/participants',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Who takes part in an event (its organiser only), in the order they joined',
        security: bearer,
        params: eventParamsSchema,
        response: { 200: eventParticipantListSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return listParticipants(deps.db, request.user.id, request.params.id);
    },
  );

  app.get(
    '/api/events/:id/ics',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The event as an iCalendar file (text/calendar) for calendar apps',
        params: eventParamsSchema,
        response: { 200: z.string(), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const event = await getEvent(deps.db, request.params.id, null);
      reply.header('Cache-Control', 'no-cache');
      reply.header('Content-Disposition', `attachment; filename="event-${event.id}.ics"`);
      return reply.type('text/calendar; charset=utf-8').send(eventCalendar(event, site));
    },
  );
};

export default localEventRoutes;
