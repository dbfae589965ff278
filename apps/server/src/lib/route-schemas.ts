import { errorBodySchema } from '@marketplace/contract';

/**
 * Response schemas for the error statuses a route can answer, all `{ detail, code }`
 * (ARCHITECTURE.md "Errors"), so the OpenAPI description lists every status.
 */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    S,
    typeof errorBodySchema
  >;
}
