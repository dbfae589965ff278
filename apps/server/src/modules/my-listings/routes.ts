import {
  myListingsBulkBodySchema,
  myListingsBulkResultSchema,
  myListingsExportQuerySchema,
  myListingsTableQuerySchema,
  myListingsTableSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { exportMyListings, readMyListingsTable } from './service.ts';

const bearer = [{ bearerAuth: [] }];

/** The table of one's own ads at /listings-old and /dashboard-old, its export and its bulk actions. */
const myListingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, options) => {
  const { db } = options;

  app.get(
    '/api/my-listings/table',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['me'],
        summary: 'A page of my ads as a table: sorted, filtered by status and title, paged on the server',
        description:
          '`page` from 1, `page_size` 10, 25, 50 or 100; `sort` by title, price, status, views, favorites, messages (conversations about the ad), created_at or expires_at, `order` asc or desc (ties by id); `status` the shown status, `q` a part of the title. Only the caller’s ads.',
        security: bearer,
        querystring: myListingsTableQuerySchema,
        response: { 200: myListingsTableSchema, ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return readMyListingsTable(db, request.user.id, request.query);
    },
  );

  app.get(
    '/api/my-listings/export.csv',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['me'],
        summary: 'My ads of the table’s filter and order, all pages, as CSV for Excel',
        description:
          'UTF-8 with byte order mark, `;` between fields, German headers (Titel, Preis (EUR), Preisart, Status, Aufrufe, Merken, Nachrichten, Erstellt, Läuft ab, Anzeigen-ID).',
        security: bearer,
        querystring: myListingsExportQuerySchema,
        response: { 200: z.string().describe('CSV (text/csv)'), ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      const csv = await exportMyListings(db, request.user.id, request.query);
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', 'attachment; filename="meine-anzeigen.csv"')
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  app.post(
    '/api/my-listings/bulk',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['me'],
        summary: 'One action on up to 500 of my ads at once: reserve, sold, extend or delete',
        description:
          'Changes only the caller’s ads that the single-ad action would change, in one transaction; every other id is listed in `failed` with the German reason (another member’s ad or an unknown id: „Anzeige nicht gefunden“).',
        security: bearer,
        body: myListingsBulkBodySchema,
        response: { 200: myListingsBulkResultSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => app.changeOwnListings(request.user, request.body.action, request.body.ids),
  );
};

export default myListingsRoutes;
