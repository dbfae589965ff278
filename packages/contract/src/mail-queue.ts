import { z } from 'zod';

/**
 * One e-mail the queue has not delivered after several attempts (docs/decisions/0014-job-queue.md),
 * as `GET /api/admin/mail/failing` lists it for ADMINs. `to` shows the first letter of the
 * address's local part and its domain only; the mail's text (it carries links with tokens) is
 * never shown. `state` is `retry` while further attempts follow at `next_attempt_at`, `failed`
 * after the last one (then `next_attempt_at` is null).
 */
export const failingMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  state: z.enum(['retry', 'failed']),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type FailingMail = z.infer<typeof failingMailSchema>;

/** `GET /api/admin/mail/failing`: oldest first, at most 100. */
export const failingMailListSchema = z.object({ mails: z.array(failingMailSchema) });
export type FailingMailList = z.infer<typeof failingMailListSchema>;

/** `POST /api/admin/mail/{id}/retry`: the mail is tried again at once. */
export const mailRetryResponseSchema = z.object({ detail: z.string() });
export type MailRetryResponse = z.infer<typeof mailRetryResponseSchema>;
