import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import * as queries from './queries.ts';
import { users } from './schema.ts';
import { getAccount, type UserRow } from './service.ts';

/**
 * Deletes the account row inside the caller's deletion transaction `tx` (the members module's
 * account deletion removes the member's other data first); the rows of other modules that name
 * the account cascade. @returns whether a row was deleted
 */
export function removeAccountRow(tx: Database, userId: string): Promise<boolean> {
  return queries.deleteUserRow(tx, userId);
}

/**
 * Records that a member accepted the AGB in `version` ('YYYY-MM-DD'), now. Registration calls
 * it inside its transaction with the current version (the register page says the AGB apply).
 * @returns the updated account @throws AppError user_not_found (404)
 */
export async function recordTermsAcceptance(db: Database, userId: string, version: string): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ termsVersion: version, termsAcceptedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new AppError('user_not_found');
  return row;
}

/**
 * Whether a member still has to accept the current AGB: never accepted, or an older version
 * (versions are dates 'YYYY-MM-DD', so they compare as text).
 */
export function mustAcceptTerms(account: Pick<UserRow, 'termsVersion'>, currentVersion: string): boolean {
  return account.termsVersion === null || account.termsVersion < currentVersion;
}

/**
 * `POST /api/me/terms`: the logged-in member accepts the AGB `version` shown to them. Only the
 * current version can be accepted; accepting it again changes nothing. Acceptances of the
 * same member at once store one version.
 * @throws AppError conflict (409) when `version` is not the current one (the terms changed
 *   while the dialog was open), user_not_found (404)
 */
export async function acceptTerms(
  db: Database,
  userId: string,
  version: string,
  currentVersion: string,
): Promise<UserRow> {
  if (version !== currentVersion) {
    throw new AppError(
      'conflict',
      'Die AGB wurden inzwischen geändert. Bitte lade die Seite neu und lies die aktuelle Fassung.',
    );
  }
  const account = await getAccount(db, userId);
  if (!mustAcceptTerms(account, currentVersion)) return account;
  return recordTermsAcceptance(db, userId, version);
}
