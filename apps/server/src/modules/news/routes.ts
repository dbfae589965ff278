import {
  newsArticleBodySchema,
  newsArticleParamsSchema,
  newsArticleSchema,
  newsArticleUpdateSchema,
  newsEditorSchema,
  newsListQuerySchema,
  newsListSchema,
  newsWriterSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { SiteFacts } from '../../lib/page-head.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { newsFeed } from './heads.ts';
import {
  createArticle,
  deleteArticle,
  listArticles,
  readArticle,
  readNewsEditor,
  setNewsEditor,
  updateArticle,
  writerArticles,
} from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['news'];
/** How long browsers and proxies may keep the list and the feed (s). */
const NEWS_MAX_AGE_S = 60;

/** The local news' calls (SPEC.md §2 /lokale-news): reading, writing, the feed, the editor switch. */
const newsRoutes: FastifyPluginAsyncZod<{ db: Database; site: SiteFacts }> = async (app, { db, site }) => {
  app.get(
    '/api/news',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The newest local news, optionally around a place (postal code or name) and of one category',
        description:
          '`plz` is a postal code or place name (unknown: 422); `radius` in km (default 25 with `plz`). Without `plz` the whole country. `total` counts all matches; `place` is the resolved place.',
        querystring: newsListQuerySchema,
        response: { 200: newsListSchema, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', `public, max-age=${NEWS_MAX_AGE_S}`);
      return listArticles(db, request.query);
    },
  );

  app.get(
    '/lokale-news/rss.xml',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'RSS 2.0 feed of the newest local news, optionally around a place (`plz`, `radius` in km)',
        querystring: newsListQuerySchema.pick({ plz: true, radius: true, category: true }),
        response: { 200: z.string(), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const { plz, radius, category } = request.query;
      const list = await listArticles(db, { plz, radius, category, limit: 30, offset: 0 });
      reply.header('Cache-Control', `public, max-age=${NEWS_MAX_AGE_S}`);
      return reply.type('application/rss+xml; charset=utf-8').send(newsFeed(list, site, plz, radius));
    },
  );

  app.get(
    '/api/news/mine',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: "The writer's page: whether the member may write, and the articles they may edit",
        description:
          'An editor gets their own articles, an ADMIN all; a member who may not write gets `can_write: false`.',
        security: bearer,
        response: { 200: newsWriterSchema, ...errorResponses(401) },
      },
    },
    async (request) => writerArticles(db, request.user),
  );

  app.get(
    '/api/news/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One article with its sanitized HTML, its permissions for the reader and related articles',
        description: '`id` is the article id or its address `{slug}-{id}`. Unknown: 404.',
        params: newsArticleParamsSchema,
        response: { 200: newsArticleSchema, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const viewer = await app.optionalUser(request);
      reply.header('Cache-Control', viewer ? 'private, no-store' : `public, max-age=${NEWS_MAX_AGE_S}`);
      return readArticle(db, request.params.id, viewer);
    },
  );

  app.post(
    '/api/news',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Publish an article (ADMINs and editors)',
        description:
          '`body` is Markdown, rendered and sanitized like forum posts; `image` an URL of `POST /api/upload` or null; the place is the main town of `postal_code`. Members who are no editors: 403.',
        security: bearer,
        body: newsArticleBodySchema,
        response: { 201: newsArticleSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await createArticle(db, request.user, request.body)),
  );

  app.patch(
    '/api/news/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Change an article (its author while an editor, or an ADMIN)',
        security: bearer,
        params: newsArticleParamsSchema,
        body: newsArticleUpdateSchema,
        response: { 200: newsArticleSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => updateArticle(db, request.user, request.params.id, request.body),
  );

  app.delete(
    '/api/news/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Delete an article (its author while an editor, or an ADMIN)',
        security: bearer,
        params: newsArticleParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await deleteArticle(db, request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  const memberParams = z.object({ id: z.string().max(100) });
  app.get(
    '/api/admin/members/:id/news-editor',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: "Whether a member is an editor ('Redakteur:in') of the local news",
        security: bearer,
        params: memberParams,
        response: { 200: newsEditorSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => readNewsEditor(db, request.params.id),
  );

  app.put(
    '/api/admin/members/:id/news-editor',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary:
          "Make a member an editor ('Redakteur:in') of the local news or end it; recorded in the audit log",
        security: bearer,
        params: memberParams,
        body: newsEditorSchema,
        response: { 200: newsEditorSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => setNewsEditor(db, request.user.id, request.params.id, request.body.editor),
  );
};

export default newsRoutes;
