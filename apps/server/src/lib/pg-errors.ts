/** SQLSTATE codes the services react to. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/** A statement cancelled, e.g. by `statement_timeout`. */
export const PG_QUERY_CANCELED = '57014';

/**
 * The SQLSTATE of a database error on either driver; Drizzle wraps the driver's error in
 * `cause`. Undefined for anything else.
 */
export function pgErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
