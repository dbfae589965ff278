import { and, desc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { createOneTimeToken, hashToken } from '../../lib/tokens.ts';
import { authTokens, type TokenPurpose } from './schema.ts';

/** How long a link works, in ms (ARCHITECTURE.md "Contracts": verification 24 h, reset 1 h). */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  change_email: 24 * 60 * 60 * 1000,
};

export type AuthTokenRow = typeof authTokens.$inferSelect;

/**
 * Creates a one-time token for an e-mail link; only its SHA-256 is stored.
 * @param newEmail the address a change_email token confirms
 * @returns the token itself, to be put into the link and nowhere else
 */
export async function issueToken(
  db: Database,
  userId: string,
  purpose: TokenPurpose,
  newEmail: string | null = null,
): Promise<string> {
  const { token, tokenHash } = createOneTimeToken();
  const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]);
  await db.insert(authTokens).values({ userId, purpose, tokenHash, newEmail, expiresAt });
  return token;
}

function refuse(row: AuthTokenRow | undefined): never {
  if (!row) throw new AppError('invalid_token');
  if (row.usedAt) throw new AppError('invalid_token', 'Dieser Link wurde bereits verwendet.');
  throw new AppError('invalid_token', 'Dieser Link ist abgelaufen. Bitte fordere einen neuen an.');
}

async function findByToken(db: Database, token: string, purposes: TokenPurpose[]) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), inArray(authTokens.purpose, purposes)));
  return row;
}

/**
 * A token that is still usable, without using it (to refuse early before expensive work).
 * @throws AppError invalid_token (400): unknown, used ('bereits verwendet') or expired
 */
export async function peekToken(
  db: Database,
  token: string,
  purposes: TokenPurpose[],
): Promise<AuthTokenRow> {
  const row = await findByToken(db, token, purposes);
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) refuse(row);
  return row;
}

/**
 * Uses a token once: marks it used in the same statement that checks it is unused and not
 * expired, so two concurrent uses cannot both succeed. Run it in the transaction that applies
 * the token's effect.
 * @throws AppError invalid_token (400): unknown, used ('bereits verwendet') or expired
 */
export async function consumeToken(
  db: Database,
  token: string,
  purposes: TokenPurpose[],
): Promise<AuthTokenRow> {
  const now = new Date();
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        inArray(authTokens.purpose, purposes),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning();
  if (row) return row;
  refuse(await findByToken(db, token, purposes));
}

/** Marks every unused token of these purposes of a member as used (they stop working). */
export async function invalidateTokens(
  db: Database,
  userId: string,
  purposes: TokenPurpose[],
): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(authTokens.userId, userId), inArray(authTokens.purpose, purposes), isNull(authTokens.usedAt)),
    );
}

/** Creation times of a member's tokens of `purpose` within the last `windowMs`, newest first. */
export async function recentTokenTimes(
  db: Database,
  userId: string,
  purpose: TokenPurpose,
  windowMs: number,
): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: authTokens.createdAt })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, purpose),
        gt(authTokens.createdAt, new Date(Date.now() - windowMs)),
      ),
    )
    .orderBy(desc(authTokens.createdAt));
  return rows.map((row) => row.createdAt);
}

/** Removes every token of a member; part of deleting an account. */
export async function removeTokensOf(db: Database, userId: string): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.userId, userId));
}

/** Deletes tokens that expired or were used more than `maxAgeMs` ago (default 7 days). */
export async function pruneTokens(db: Database, maxAgeMs = 7 * 24 * 60 * 60 * 1000): Promise<void> {
  const before = new Date(Date.now() - maxAgeMs);
  await db.delete(authTokens).where(or(lt(authTokens.expiresAt, before), lt(authTokens.usedAt, before)));
}
