import type { VerifyEmailResponse } from '@marketplace/contract';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import * as users from '../users/index.ts';
import {
  type AfterAnswer,
  type AuthDeps,
  EMAIL_CHANGES_PER_ACCOUNT,
  mailLinkWithinQuota,
  messages,
  RESET_MAILS_PER_ACCOUNT,
  RESET_REQUEST_LIMIT,
  VERIFICATION_MAILS_PER_ACCOUNT,
} from './deps.ts';
import { addressKey, clearFailedLogins, consumeRequestQuota } from './limits.ts';
import { changeEmailMail, passwordResetMail, verificationMail } from './mails.ts';
import { assertStrongPassword } from './password-strength.ts';
import { checkCurrentPassword } from './service.ts';
import { announceEndedSessions, endSessionsInTransaction } from './sessions.ts';
import { consumeToken, invalidateTokens, peekToken } from './tokens.ts';

/**
 * The account flows that go through a mailed one-time link (SPEC.md §4 "Accounts"): confirming
 * the address, sending the confirmation again, requesting and completing a password reset, and
 * changing the e-mail address.
 */

/**
 * Opens a link from a verification or e-mail-change mail (single use): marks the e-mail
 * verified, or switches the account to the confirmed new address (which ends all other links).
 * A changed address or a fresh verification is published as `user.updated` after the commit:
 * sessions carry both, and without nickname and first name the shown name is the part of the
 * address before '@' (SPEC.md §2 "Side menu").
 * @throws AppError invalid_token (400) unknown/used/expired; email_taken (409) when the new
 *   address was registered by someone else meanwhile
 */
export async function verifyEmail(deps: AuthDeps, token: string): Promise<VerifyEmailResponse> {
  const { account, changed } = await deps.db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, ['verify_email', 'change_email']);
    if (row.purpose === 'change_email' && row.newEmail) {
      const switched = await users.updateAccount(tx, row.userId, {
        email: row.newEmail,
        emailVerifiedAt: new Date(),
      });
      await invalidateTokens(tx, row.userId, ['verify_email', 'change_email', 'reset_password']);
      return { account: switched, changed: true };
    }
    await invalidateTokens(tx, row.userId, ['verify_email']);
    const current = await users.getAccount(tx, row.userId);
    if (current.emailVerifiedAt) return { account: current, changed: false };
    return {
      account: await users.updateAccount(tx, row.userId, { emailVerifiedAt: new Date() }),
      changed: true,
    };
  });
  // The member's sessions carry the address and the verification (docs/decisions/0007).
  if (changed) await deps.events.publish('user.updated', { userId: account.id });
  return { detail: messages.verified, user: users.toUserResponse(account) };
}

/**
 * Sends a new verification link to the logged-in member (at most 5 per hour).
 * @throws AppError already_verified (409), rate_limited (429)
 */
export async function resendVerification(deps: AuthDeps, userId: string): Promise<{ detail: string }> {
  const account = await users.getAccount(deps.db, userId);
  if (account.emailVerifiedAt) throw new AppError('already_verified');
  // Counted and issued under the account's lock: parallel requests cannot pass the count together.
  await mailLinkWithinQuota(deps, account.id, 'verify_email', VERIFICATION_MAILS_PER_ACCOUNT, {
    refusal: 'Du hast schon mehrere Bestätigungsmails angefordert.',
    mail: (token) =>
      verificationMail(account.email, users.displayName(account), deps.publicUrl, token, deps.siteName),
  });
  return { detail: messages.verificationSent };
}

/**
 * Reset request (ARCHITECTURE.md "Contracts": always 202, no account enumeration): always the same answer. The lookup and
 * the mail run after the answer, so its timing does not tell whether the account exists.
 * At most 5 requests per IP and hour (429); at most 3 mails per account and hour (silently).
 * @param afterAnswer runs the lookup and the mail once the answer is out
 * @throws AppError rate_limited (429)
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  email: string,
  ip: string,
  afterAnswer: AfterAnswer = deps.background,
): Promise<{ detail: string }> {
  await consumeRequestQuota(deps.db, RESET_REQUEST_LIMIT, addressKey(ip));
  afterAnswer(async () => {
    const account = await users.findAccountByEmail(deps.db, email);
    if (!account) return;
    // Beyond the quota nothing is sent, silently: the answer never tells whether the account exists.
    await mailLinkWithinQuota(deps, account.id, 'reset_password', RESET_MAILS_PER_ACCOUNT, {
      mail: (token) =>
        passwordResetMail(account.email, users.displayName(account), deps.publicUrl, token, deps.siteName),
    });
  });
  return { detail: messages.resetRequested };
}

/**
 * Sets a new password from a reset link (single use, 1 h): ends the member's other reset
 * links and every session in the same transaction (docs/decisions/0007), marks the e-mail
 * verified (the link proved it) and clears failed logins; `session.ended` follows the commit.
 * @returns the answer and the account whose owner the link proved (the route gives that
 *   browser the account's device cookie, docs/decisions/0005)
 * @throws AppError invalid_token (400) unknown/used/expired; weak_password (422) for an easily
 *   guessed password (`assertStrongPassword`)
 */
export async function resetPassword(
  deps: AuthDeps,
  token: string,
  password: string,
): Promise<{ answer: { detail: string }; accountId: string }> {
  const link = await peekToken(deps.db, token, ['reset_password']); // refuse before the expensive hash
  const owner = await users.getAccount(deps.db, link.userId);
  await assertStrongPassword(password, 'password', [
    owner.email,
    owner.nickname,
    owner.firstName,
    owner.lastName,
  ]);
  const passwordHash = await hashPassword(password);
  const ended = await deps.db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, ['reset_password']);
    const account = await users.setPasswordHash(tx, row.userId, passwordHash);
    if (!account.emailVerifiedAt) await users.updateAccount(tx, row.userId, { emailVerifiedAt: new Date() });
    await invalidateTokens(tx, row.userId, ['reset_password']);
    await clearFailedLogins(tx, account.email);
    return { userId: row.userId, sessionIds: await endSessionsInTransaction(tx, row.userId) };
  });
  await announceEndedSessions(deps.events, ended.userId, ended.sessionIds);
  return { answer: { detail: messages.passwordReset }, accountId: ended.userId };
}

/**
 * Starts an e-mail change (settings page): checks the password and sends a link (24 h) to
 * the new address; the address changes only when that link is opened.
 * @throws AppError wrong_password (400), validation (422) for the current address,
 *   email_taken (409), rate_limited (429)
 */
export async function requestEmailChange(
  deps: AuthDeps,
  userId: string,
  body: { email: string; password: string },
  ip: string,
): Promise<{ detail: string }> {
  const account = await users.getAccount(deps.db, userId);
  await checkCurrentPassword(deps.db, account, body.password, ip);
  if (body.email === account.email) throw new AppError('validation', 'Das ist bereits deine E-Mail-Adresse.');
  if (await users.findAccountByEmail(deps.db, body.email)) throw new AppError('email_taken');
  await mailLinkWithinQuota(deps, account.id, 'change_email', EMAIL_CHANGES_PER_ACCOUNT, {
    newEmail: body.email,
    refusal: 'Du hast schon mehrere Änderungen der E-Mail-Adresse angefordert.',
    mail: (token) =>
      changeEmailMail(body.email, users.displayName(account), deps.publicUrl, token, deps.siteName),
  });
  return { detail: messages.emailChangeSent };
}
