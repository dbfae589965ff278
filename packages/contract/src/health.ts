import { z } from 'zod';

/** `GET /api/health`: `status` is `ok` when the database answers, else `error` (HTTP 503). */
export const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  db: z.enum(['ok', 'error']),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * `GET /api/health/ready` when the instance can serve: the database answers, every migration
 * is applied and Redis answers (`off` when the instance runs without Redis). Otherwise 503
 * with an error body.
 */
export const readinessSchema = z.object({
  /** `degraded` while Redis is away: the instance serves and stores, live events between instances pause. */
  status: z.enum(['ok', 'degraded']),
  db: z.literal('ok'),
  migrations: z.literal('ok'),
  /** `off` without `REDIS_URL`; `degraded` while the configured Redis does not answer. */
  redis: z.enum(['ok', 'off', 'degraded']),
  /**
   * The index text searches use, chosen at start: `rum` on PostgreSQL with the rum extension
   * (newest matches in date order from the index), else `gin` (docs/decisions/0035).
   */
  search: z.enum(['rum', 'gin']),
});
export type Readiness = z.infer<typeof readinessSchema>;
