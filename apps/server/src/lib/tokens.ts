import { createHash, randomBytes } from 'node:crypto';

/** Bytes of randomness in a one-time e-mail token (256 bits). */
const ONE_TIME_TOKEN_BYTES = 32;

/**
 * SHA-256 of a one-time token as lowercase hex; the only form stored.
 * A plain hash suffices: the token has 256 random bits, so there is nothing to brute-force.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * A new one-time token for an e-mail link: 32 random bytes as base64url (43 characters),
 * with its hash for the database.
 */
export function createOneTimeToken(): { token: string; tokenHash: string } {
  const token = randomBytes(ONE_TIME_TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}
