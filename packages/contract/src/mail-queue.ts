import { z } from 'zod';

/**
 * What the admin lists of the job queue show of a job that failed several times
 * (docs/decisions/0014-job-queue.md): `state` is `retry` while further attempts follow at
 * `next_attempt_at`, `failed` after the last one (then `next_attempt_at` is null).
 */
const failingJobSchema = z.object({
  id: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  state: z.enum(['retry', 'failed']),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});

/**
 * One e-mail the queue has not delivered after several attempts, as `GET /api/admin/mail/failing`
 * lists it for ADMINs. `to` shows the first letter of the address's local part and its domain
 * only; the mail's text (it carries links with tokens) is never shown.
 */
export const failingMailSchema = failingJobSchema.extend({ to: z.string(), subject: z.string() });
export type FailingMail = z.infer<typeof failingMailSchema>;

/** `GET /api/admin/mail/failing`: oldest first, at most 100. */
export const failingMailListSchema = z.object({ mails: z.array(failingMailSchema) });
export type FailingMailList = z.infer<typeof failingMailListSchema>;

/** `POST /api/admin/mail/{id}/retry`: the mail is tried again at once. */
export const mailRetryResponseSchema = z.object({ detail: z.string() });
export type MailRetryResponse = z.infer<typeof mailRetryResponseSchema>;

/**
 * One reaction to a domain event that failed several times (docs/decisions/0022-durable-reactions.md),
 * as `GET /api/admin/reactions/failing` lists it for ADMINs beside the failing mails: the event's
 * type (`message.created`), the reaction's name (`notifications.message`), never the event's
 * data.
 */
export const failingReactionSchema = failingJobSchema.extend({ event: z.string(), reaction: z.string() });
export type FailingReaction = z.infer<typeof failingReactionSchema>;

/** `GET /api/admin/reactions/failing`: oldest first, at most 100. */
export const failingReactionListSchema = z.object({ reactions: z.array(failingReactionSchema) });
export type FailingReactionList = z.infer<typeof failingReactionListSchema>;
