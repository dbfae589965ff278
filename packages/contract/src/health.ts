import { z } from 'zod';

/** `GET /api/health`: `status` is `ok` when the database answers, else `error` (HTTP 503). */
export const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  db: z.enum(['ok', 'error']),
});
export type Health = z.infer<typeof healthSchema>;
