import {
  listingTemplateCreateSchema,
  listingTemplateListSchema,
  listingTemplateSchema,
  listingTemplateUpdateSchema,
  templateIdParamsSchema,
  textTemplateBodySchema,
  textTemplateListSchema,
  textTemplateOrderSchema,
  textTemplateSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import * as listing from './listing-templates.ts';
import * as text from './text-templates.ts';

const bearer = [{ bearerAuth: [] }];
const listingTags = ['listing-templates'];
const textTags = ['text-templates'];
const deleted = z.null().describe('Gelöscht');

/**
 * Ad templates (/vorlagen) and chat text templates (/text-templates). All need a bearer token
 * (401) and touch only the caller's own templates: another member's id answers 404 like an
 * unknown one, so ids cannot be probed.
 */
const templateRoutes: FastifyPluginAsyncZod<{ deps: listing.ListingTemplateDeps }> = async (app, options) => {
  const { deps } = options;
  const db = deps.db;
  app.addHook('onRequest', app.authenticate);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  app.get(
    '/api/listing-templates',
    {
      schema: {
        tags: listingTags,
        summary: 'My ad templates, last changed first, with the most allowed (50)',
        security: bearer,
        response: { 200: listingTemplateListSchema, ...errorResponses(401) },
      },
    },
    async (request) => listing.listListingTemplates(deps, request.user.id),
  );

  app.post(
    '/api/listing-templates',
    {
      schema: {
        tags: listingTags,
        summary:
          "Keep an ad's fields (no photos) as a template under a name (201). At most 50 per member (409); an unknown category 422",
        security: bearer,
        body: listingTemplateCreateSchema,
        response: { 201: listingTemplateSchema, ...errorResponses(401, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await listing.createListingTemplate(deps, request.user.id, request.body)),
  );

  app.get(
    '/api/listing-templates/:id',
    {
      schema: {
        tags: listingTags,
        summary: 'One of my ad templates, to start an ad from (404 for unknown and other members\u2019 ids)',
        security: bearer,
        params: templateIdParamsSchema,
        response: { 200: listingTemplateSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => listing.getListingTemplate(deps, request.user.id, request.params.id),
  );

  app.patch(
    '/api/listing-templates/:id',
    {
      schema: {
        tags: listingTags,
        summary: 'Rename an ad template or change its fields (404 for unknown and other members\u2019 ids)',
        security: bearer,
        params: templateIdParamsSchema,
        body: listingTemplateUpdateSchema,
        response: { 200: listingTemplateSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => listing.updateListingTemplate(deps, request.user.id, request.params.id, request.body),
  );

  app.delete(
    '/api/listing-templates/:id',
    {
      schema: {
        tags: listingTags,
        summary: 'Delete an ad template (404 for unknown and other members\u2019 ids)',
        security: bearer,
        params: templateIdParamsSchema,
        response: { 204: deleted, ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      await listing.deleteListingTemplate(db, request.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/text-templates',
    {
      schema: {
        tags: textTags,
        summary:
          'My chat text templates in my order, with the most allowed (100); the first call stores four German defaults, once',
        security: bearer,
        response: { 200: textTemplateListSchema, ...errorResponses(401) },
      },
    },
    async (request) => text.listTextTemplates(db, request.user.id),
  );

  app.post(
    '/api/text-templates',
    {
      schema: {
        tags: textTags,
        summary: 'Add a text template at the end of my order (201). At most 100 per member (409)',
        security: bearer,
        body: textTemplateBodySchema,
        response: { 201: textTemplateSchema, ...errorResponses(401, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await text.createTextTemplate(db, request.user.id, request.body.text)),
  );

  app.put(
    '/api/text-templates/order',
    {
      schema: {
        tags: textTags,
        summary:
          'Reorder my text templates: body `{ ids }` names each of them once, in the new order (422 otherwise)',
        security: bearer,
        body: textTemplateOrderSchema,
        response: { 200: textTemplateListSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => text.orderTextTemplates(db, request.user.id, request.body.ids),
  );

  app.patch(
    '/api/text-templates/:id',
    {
      schema: {
        tags: textTags,
        summary: 'Change a text template (404 for unknown and other members\u2019 ids)',
        security: bearer,
        params: templateIdParamsSchema,
        body: textTemplateBodySchema,
        response: { 200: textTemplateSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => text.updateTextTemplate(db, request.user.id, request.params.id, request.body.text),
  );

  app.delete(
    '/api/text-templates/:id',
    {
      schema: {
        tags: textTags,
        summary: 'Delete a text template (404 for unknown and other members\u2019 ids)',
        security: bearer,
        params: templateIdParamsSchema,
        response: { 204: deleted, ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      await text.deleteTextTemplate(db, request.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default templateRoutes;
