import {
  REPORT_TEXT_MAX,
  reportResultSchema,
  STORY_MAX_BYTES,
  storyActionResultSchema,
  storyFeedQuerySchema,
  storyFeedSchema,
  storyInsightsSchema,
  storyListSchema,
  storyReactionBodySchema,
  storyReplyBodySchema,
  storyReportBodySchema,
  storySchema,
  storyStatsSchema,
  storyTexts,
} from '@marketplace/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import parseRange from 'range-parser';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { ImageUploadStream } from '../media/index.ts';
import type { StoriesDeps } from './deps.ts';
import { feedAnswer } from './feed.ts';
import { feedEncoding } from './feed-answers.ts';
import { isVideoName, removePicture, STORY_VIDEO_FOLDER } from './files.ts';
import { getStory, insights, stats, storiesOfUser } from './queries.ts';
import { reportStory } from './reports.ts';
import * as stories from './service.ts';
import { discardUpload, receiveUpload } from './upload.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['stories'];
const idParams = z.object({ id: z.string().max(100) });
const FIELD_MAX = 2000;

/**
 * Stories (SPEC.md §2 "Stories", §3, §4, §7): feed, one story, a member's stories, stats,
 * insights (owner only), create (multipart `media`, `caption`, `duration`, `listing_id`),
 * view, reaction, reply, report, delete, and the story videos with HTTP range requests. All calls but
 * the media need a token.
 */
const storyRoutes: FastifyPluginAsyncZod<{ deps: StoriesDeps }> = async (app, { deps }) => {
  const member = { onRequest: app.authenticate };
  const verified = { onRequest: [app.authenticate, app.requireVerified] };

  app.get(
    '/api/stories/feed',
    {
      ...member,
      schema: {
        tags,
        summary:
          'Live stories grouped per member: groups with unviewed stories first, then by newest story; within a group oldest first',
        security: bearer,
        querystring: storyFeedQuerySchema,
        response: { 200: storyFeedSchema, ...errorResponses(401, 422) },
      },
    },
    // The answer is the JSON text of storyFeedSchema, put together from serialised parts and kept
    // finished, compressed where the client accepts it (decision 0013, "Finished answers").
    async (request, reply) => {
      const answer = await feedAnswer(
        deps,
        request.user.id,
        request.query,
        feedEncoding(request.headers['accept-encoding']),
      );
      reply.header('vary', 'Accept-Encoding').type('application/json; charset=utf-8');
      if (answer.encoding !== 'identity') reply.header('content-encoding', answer.encoding);
      return (reply as FastifyReply).send(answer.body);
    },
  );

  app.get(
    '/api/stories/user/:userId',
    {
      ...member,
      schema: {
        tags,
        summary: "A member's live stories, oldest first",
        security: bearer,
        params: z.object({ userId: z.string().max(100) }),
        response: { 200: storyListSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => ({
      stories: await storiesOfUser(deps, request.user.id, request.params.userId),
    }),
  );

  app.get(
    '/api/stories/media/:name',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'A story video `<id>.mp4|mov` from the media storage, with HTTP range requests (one range; seeking in Safari and Chrome); cached for a day',
        params: z.object({ name: z.string().max(100) }),
        response: { 200: z.any().describe('video'), 206: z.any(), ...errorResponses(404, 416, 422) },
      },
    },
    async (request, reply) => {
      const name = request.params.name;
      const notFound = new AppError('not_found', storyTexts.notFound);
      if (!isVideoName(name)) throw notFound;
      const size = await deps.storage.size(STORY_VIDEO_FOLDER, name);
      if (size === null) throw notFound;
      reply.header('Accept-Ranges', 'bytes');
      reply.header('Cache-Control', 'private, max-age=86400');
      reply.header('Content-Type', name.endsWith('.mov') ? 'video/quicktime' : 'video/mp4');
      const header = request.headers.range;
      const ranges = header === undefined ? null : parseRange(size, header, { combine: true });
      if (ranges === -1) {
        return reply.status(416).header('Content-Range', `bytes */${size}`).send();
      }
      // No, a malformed or a multiple range: the whole file (RFC 9110 allows ignoring Range).
      const range =
        Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : null;
      const file = await deps.storage.read(STORY_VIDEO_FOLDER, name, range ?? undefined);
      if (!file) throw notFound;
      if (range) {
        reply.status(206);
        reply.header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
        reply.header('Content-Length', range.end - range.start + 1);
      } else {
        reply.status(200);
        reply.header('Content-Length', file.size);
      }
      return reply.send(file.stream);
    },
  );

  app.get(
    '/api/stories/:id',
    {
      ...member,
      schema: {
        tags,
        summary: 'One live story (404 \u201eStory nicht gefunden\u201c once expired)',
        security: bearer,
        params: idParams,
        response: { 200: storySchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => getStory(deps, request.user.id, request.params.id),
  );

  app.get(
    '/api/stories/:id/stats',
    {
      ...member,
      schema: {
        tags,
        summary: 'View and reaction counts of a live story',
        security: bearer,
        params: idParams,
        response: { 200: storyStatsSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => stats(deps, request.params.id),
  );

  app.get(
    '/api/stories/:id/insights',
    {
      ...member,
      schema: {
        tags,
        summary: 'Views, viewers, reactions and replies of my own story (403 for anyone else)',
        security: bearer,
        params: idParams,
        response: { 200: storyInsightsSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => insights(deps, request.user, request.params.id),
  );

  app.post(
    '/api/stories/',
    {
      ...verified,
      schema: {
        tags,
        summary:
          'Post a story: multipart `media` (JPEG, PNG, WebP, MP4 or MOV by their bytes, at most 50 MB; a video with a picture, at most 60 s and 4096 px per side, else 415 or 422, stored without its metadata), for a video optional `poster` (its first frame as JPEG, PNG or WebP, shown before it plays), optional `caption` (trimmed, omitted when empty, at most 500 characters), `duration` (whole seconds, 1 to 60: how long a picture shows; a video keeps its own length) and `listing_id` (one of my active ads). Lives 24 hours',
        security: bearer,
        consumes: ['multipart/form-data'],
        response: { 201: storySchema, ...errorResponses(401, 403, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const missing = new AppError('validation', storyTexts.missingMedia);
      if (!request.isMultipart()) throw missing;
      const fields: Record<string, string> = {};
      let tmp: string | null = null;
      let poster: string | null = null;
      let done = false;
      try {
        for await (const part of request.parts({ limits: { fileSize: STORY_MAX_BYTES, files: 2 } })) {
          if (part.type === 'file' && part.fieldname === 'poster' && poster === null) {
            // A video's first frame, made by the client: through the image pipeline of the ad photos.
            poster = (
              await deps.images.processImageUpload(part.file as ImageUploadStream, { purpose: 'listing' })
            ).id;
          } else if (part.type === 'file') {
            if (part.fieldname !== 'media' || tmp !== null) {
              part.file.resume();
              throw missing;
            }
            tmp = await receiveUpload(deps, part.file as ImageUploadStream);
          } else if (typeof part.value === 'string' && part.value.length <= FIELD_MAX) {
            fields[part.fieldname] = part.value;
          } else {
            throw new AppError('validation', `${part.fieldname}: zu lang.`);
          }
        }
        if (tmp === null) throw missing;
        const story = await stories.create(
          deps,
          request.user,
          tmp,
          { caption: fields.caption, duration: fields.duration, listing_id: fields.listing_id },
          poster,
        );
        done = story.media_type === 'video';
        return reply.status(201).send(story);
      } finally {
        if (tmp !== null) await discardUpload(tmp);
        if (poster !== null && !done) await removePicture(deps.storage, poster);
      }
    },
  );

  app.post(
    '/api/stories/:id/view',
    {
      ...member,
      schema: {
        tags,
        summary: 'Marks a story seen by me (the first view counts)',
        security: bearer,
        params: idParams,
        response: { 200: storyActionResultSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      await stories.view(deps, request.user, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/stories/:id/reaction',
    {
      ...verified,
      schema: {
        tags,
        summary: "React with 'heart'; the owner is notified once",
        security: bearer,
        params: idParams,
        body: storyReactionBodySchema,
        response: { 200: storyActionResultSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      await stories.react(deps, request.user, request.params.id, request.body.reaction_type);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/stories/:id/reply',
    {
      ...verified,
      schema: {
        tags,
        summary: 'Reply: a chat message to the owner in our conversation (text trimmed, 1..1000 characters)',
        security: bearer,
        params: idParams,
        body: storyReplyBodySchema,
        response: { 200: storyActionResultSchema, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      const sent = await stories.replyTo(deps, request.user, request.params.id, request.body.text);
      return { ok: true as const, conversation_id: sent.conversationId };
    },
  );

  app.post(
    '/api/stories/:id/report',
    {
      ...verified,
      schema: {
        tags,
        summary: `Report another member's live story to the administrators (reason, optional text up to ${REPORT_TEXT_MAX} characters; again: replaces my earlier report; at most 20 per member and hour). 403 for my own story and without a confirmed e-mail address`,
        security: bearer,
        params: idParams,
        body: storyReportBodySchema,
        response: { 201: reportResultSchema, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reportStory(deps, request.user, request.params.id, request.body)),
  );

  app.delete(
    '/api/stories/:id',
    {
      ...member,
      schema: {
        tags,
        summary: 'Delete my own story and its files (403 for anyone else)',
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await stories.remove(deps, request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default storyRoutes;
