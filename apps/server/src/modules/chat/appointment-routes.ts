import { appointmentAnswerSchema, appointmentProposalSchema, chatMessageSchema } from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { answerAppointment, proposeAppointment } from './appointments.ts';
import type { ChatDeps } from './deps.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['chat'];
const idParams = z.object({ id: z.string().max(100) });
const appointmentParams = z.object({ id: z.string().max(100), appointmentId: z.string().max(100) });
/** Each step answers 201 with its new message, 200 with the stored one for a retried `client_id`. */
const stepResponses = {
  200: chatMessageSchema,
  201: chatMessageSchema,
  ...errorResponses(401, 403, 404, 409, 422, 429),
};

/**
 * Appointments in chat (contract `calendar.ts`): propose a viewing or pickup, accept, decline,
 * propose another time, cancel. Each answers the chat message of the step with the appointment
 * as it stands now. Only the conversation's two members; a verified e-mail address, as sending.
 */
const appointmentRoutes: FastifyPluginAsyncZod<{ deps: ChatDeps }> = async (app, { deps }) => {
  const sender = { onRequest: [app.authenticate, app.requireVerified] };

  app.post(
    '/api/chat/conversations/:id/appointments',
    {
      ...sender,
      schema: {
        tags,
        summary:
          "Propose an appointment ('Besichtigung' or 'Abholung'): starts_at a Europe/Berlin wall-clock time YYYY-MM-DDTHH:mm in the future, place, optional note",
        security: bearer,
        params: idParams,
        body: appointmentProposalSchema,
        response: stepResponses,
      },
    },
    async (request, reply) => {
      const result = await proposeAppointment(deps, request.user, request.params.id, request.body);
      return reply.status(result.created ? 201 : 200).send(result.message);
    },
  );

  app.post(
    '/api/chat/conversations/:id/appointments/:appointmentId/counter',
    {
      ...sender,
      schema: {
        tags,
        summary: "Propose another time for the other member's open proposal (it becomes 'countered')",
        security: bearer,
        params: appointmentParams,
        body: appointmentProposalSchema,
        response: stepResponses,
      },
    },
    async (request, reply) => {
      const { id, appointmentId } = request.params;
      const result = await proposeAppointment(deps, request.user, id, request.body, appointmentId);
      return reply.status(result.created ? 201 : 200).send(result.message);
    },
  );

  for (const step of ['accept', 'decline', 'cancel'] as const) {
    app.post(
      `/api/chat/conversations/:id/appointments/:appointmentId/${step}`,
      {
        ...sender,
        schema: {
          tags,
          summary: {
            accept: "Accept the other member's open proposal",
            decline: "Decline the other member's open proposal, with an optional note",
            cancel:
              'Cancel an accepted appointment (either member) or my own open proposal, with an optional note',
          }[step],
          security: bearer,
          params: appointmentParams,
          // Absent body (null): no note.
          body: appointmentAnswerSchema.nullable(),
          response: stepResponses,
        },
      },
      async (request, reply) => {
        const { id, appointmentId } = request.params;
        const result = await answerAppointment(
          deps,
          request.user,
          id,
          appointmentId,
          step,
          request.body ?? {},
        );
        return reply.status(result.created ? 201 : 200).send(result.message);
      },
    );
  }
};

export default appointmentRoutes;
