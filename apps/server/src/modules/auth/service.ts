import type { AuthResponse, PasswordChangedResponse, Role, VerifyEmailResponse } from '@marketplace/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError, rateLimitedError } from '../../lib/errors.ts';
import type { Mailer, OutgoingMail } from '../../lib/mailer.ts';
import { hashPassword, spendPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import * as users from '../users/service.ts';
import {
  assertLoginAllowed,
  clearFailedLogins,
  consumeRequestQuota,
  type RequestLimit,
  recordFailedLogin,
  waitForQuota,
} from './limits.ts';
import { changeEmailMail, passwordResetMail, verificationMail } from './mails.ts';
import { consumeToken, invalidateTokens, issueToken, peekToken, recentTokenTimes } from './tokens.ts';

/** What the account flows need from the running application. */
export interface AuthDeps {
  db: Database;
  mailer: Mailer;
  /** Origin of the web app for links in mails, without trailing slash. */
  publicUrl: string;
  /** Signs an access token (JWT, HS256, 24 h) with claims sub = id and role. */
  signAccessToken(user: { id: string; role: Role }): string;
  log: FastifyBaseLogger;
  /** Runs work after the answer was sent; the application waits for it on shutdown. */
  background(task: () => Promise<void>): void;
}

const HOUR_MS = 60 * 60 * 1000;

/** Registrations per IP address and hour (issue 3 "Rate limits"). */
export const REGISTRATION_LIMIT: RequestLimit = {
  bucket: 'register',
  max: 20,
  windowMs: HOUR_MS,
  reason: 'Zu viele Registrierungen von dieser Adresse.',
};
/** Reset requests per IP address and hour, counted whether or not the account exists. */
export const RESET_REQUEST_LIMIT: RequestLimit = {
  bucket: 'password_reset',
  max: 5,
  windowMs: HOUR_MS,
  reason: 'Zu viele Anfragen zum Zurücksetzen des Passworts.',
};
/** Reset mails per account and hour; further requests are answered alike but send nothing. */
export const RESET_MAILS_PER_ACCOUNT = 3;
/** Verification mails (registration included) per account and hour. */
export const VERIFICATION_MAILS_PER_ACCOUNT = 5;
/** Requested e-mail changes per account and hour. */
export const EMAIL_CHANGES_PER_ACCOUNT = 3;

export const messages = {
  verified: 'Deine E-Mail-Adresse ist bestätigt.',
  verificationSent: 'Wir haben dir eine neue Bestätigungsmail geschickt.',
  resetRequested: 'Wenn ein Konto mit dieser E-Mail-Adresse existiert, haben wir dir einen Link geschickt.',
  passwordReset: 'Dein Passwort wurde geändert. Du kannst dich jetzt mit dem neuen Passwort anmelden.',
  emailChangeSent:
    'Wir haben dir einen Bestätigungslink an die neue Adresse geschickt. Deine E-Mail-Adresse ändert sich, sobald du ihn öffnest.',
  passwordChanged: 'Dein Passwort wurde geändert.',
} as const;

/** Sends a mail; a failure is logged (without the body) and does not fail the request. */
async function sendMail(deps: AuthDeps, mail: OutgoingMail): Promise<void> {
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    deps.log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail could not be sent');
  }
}

function session(deps: AuthDeps, row: users.UserRow): AuthResponse {
  return { access_token: deps.signAccessToken(row), user: users.toUserResponse(row) };
}

/**
 * Registration (ARCHITECTURE.md "register"): creates a SELLER account with an unverified
 * e-mail and sends the verification link (valid 24 h). At most 20 attempts per IP and hour.
 * @returns an access token and the new user, as after a login
 * @throws AppError email_taken (409), rate_limited (429)
 */
export async function register(
  deps: AuthDeps,
  body: {
    email: string;
    password: string;
    nickname: string | null;
    first_name: string | null;
    last_name: string | null;
  },
  ip: string,
): Promise<AuthResponse> {
  await consumeRequestQuota(deps.db, REGISTRATION_LIMIT, ip);
  if (await users.findAccountByEmail(deps.db, body.email)) throw new AppError('email_taken');
  const passwordHash = await hashPassword(body.password);
  const { account, token } = await deps.db.transaction(async (tx) => {
    const account = await users.createAccount(tx, {
      email: body.email,
      passwordHash,
      nickname: body.nickname,
      firstName: body.first_name,
      lastName: body.last_name,
    });
    return { account, token: await issueToken(tx, account.id, 'verify_email') };
  });
  await sendMail(deps, verificationMail(account.email, users.displayName(account), deps.publicUrl, token));
  return session(deps, account);
}

/**
 * Login (SPEC.md §7): the same 401 for an unknown e-mail and a wrong password, and the same
 * work (one argon2 verify) for both. Failed logins are limited per account and per IP.
 * @throws AppError invalid_credentials (401), rate_limited (429 with Retry-After)
 */
export async function login(
  deps: AuthDeps,
  body: { email: string; password: string },
  ip: string,
): Promise<AuthResponse> {
  await assertLoginAllowed(deps.db, body.email, ip);
  const account = await users.findAccountByEmail(deps.db, body.email);
  let valid = false;
  if (account) valid = await verifyPassword(account.passwordHash, body.password);
  else await spendPasswordCheck(body.password);
  if (!account || !valid) {
    await recordFailedLogin(deps.db, body.email, ip);
    throw new AppError('invalid_credentials');
  }
  return session(deps, account);
}

/**
 * Checks the current password of a logged-in member before a sensitive change. Wrong answers
 * count as failed logins of the account, so guessing is limited like logging in.
 * @throws AppError wrong_password (400), rate_limited (429)
 */
export async function checkCurrentPassword(
  db: Database,
  account: users.UserRow,
  password: string,
  ip: string,
): Promise<void> {
  await assertLoginAllowed(db, account.email, ip);
  if (!(await verifyPassword(account.passwordHash, password))) {
    await recordFailedLogin(db, account.email, ip);
    throw new AppError('wrong_password');
  }
}

/**
 * Opens a link from a verification or e-mail-change mail (single use): marks the e-mail
 * verified, or switches the account to the confirmed new address (which ends all other links).
 * @throws AppError invalid_token (400) unknown/used/expired; email_taken (409) when the new
 *   address was registered by someone else meanwhile
 */
export async function verifyEmail(deps: AuthDeps, token: string): Promise<VerifyEmailResponse> {
  const account = await deps.db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, ['verify_email', 'change_email']);
    if (row.purpose === 'change_email' && row.newEmail) {
      const changed = await users.updateAccount(tx, row.userId, {
        email: row.newEmail,
        emailVerifiedAt: new Date(),
      });
      await invalidateTokens(tx, row.userId, ['verify_email', 'change_email', 'reset_password']);
      return changed;
    }
    await invalidateTokens(tx, row.userId, ['verify_email']);
    const current = await users.getAccount(tx, row.userId);
    if (current.emailVerifiedAt) return current;
    return users.updateAccount(tx, row.userId, { emailVerifiedAt: new Date() });
  });
  return { detail: messages.verified, user: users.toUserResponse(account) };
}

/**
 * Sends a new verification link to the logged-in member (at most 5 per hour).
 * @throws AppError already_verified (409), rate_limited (429)
 */
export async function resendVerification(deps: AuthDeps, userId: string): Promise<{ detail: string }> {
  const account = await users.getAccount(deps.db, userId);
  if (account.emailVerifiedAt) throw new AppError('already_verified');
  const recent = await recentTokenTimes(deps.db, account.id, 'verify_email', HOUR_MS);
  const wait = waitForQuota(recent, VERIFICATION_MAILS_PER_ACCOUNT, HOUR_MS);
  if (wait !== null) throw rateLimitedError('Du hast schon mehrere Bestätigungsmails angefordert.', wait);
  const token = await issueToken(deps.db, account.id, 'verify_email');
  await sendMail(deps, verificationMail(account.email, users.displayName(account), deps.publicUrl, token));
  return { detail: messages.verificationSent };
}

/**
 * Reset request (issue 3 "no account enumeration"): always the same answer. The lookup and
 * the mail run after the answer, so its timing does not tell whether the account exists.
 * At most 5 requests per IP and hour (429); at most 3 mails per account and hour (silently).
 * @throws AppError rate_limited (429)
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  email: string,
  ip: string,
): Promise<{ detail: string }> {
  await consumeRequestQuota(deps.db, RESET_REQUEST_LIMIT, ip);
  deps.background(async () => {
    const account = await users.findAccountByEmail(deps.db, email);
    if (!account) return;
    const recent = await recentTokenTimes(deps.db, account.id, 'reset_password', HOUR_MS);
    if (waitForQuota(recent, RESET_MAILS_PER_ACCOUNT, HOUR_MS) !== null) return;
    const token = await issueToken(deps.db, account.id, 'reset_password');
    await sendMail(deps, passwordResetMail(account.email, users.displayName(account), deps.publicUrl, token));
  });
  return { detail: messages.resetRequested };
}

/**
 * Sets a new password from a reset link (single use, 1 h): ends the member's other reset
 * links and sessions, marks the e-mail verified (the link proved it) and clears failed logins.
 * @throws AppError invalid_token (400) unknown/used/expired
 */
export async function resetPassword(
  deps: AuthDeps,
  token: string,
  password: string,
): Promise<{ detail: string }> {
  await peekToken(deps.db, token, ['reset_password']); // refuse before the expensive hash
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, ['reset_password']);
    const account = await users.setPasswordHash(tx, row.userId, passwordHash);
    if (!account.emailVerifiedAt) await users.updateAccount(tx, row.userId, { emailVerifiedAt: new Date() });
    await invalidateTokens(tx, row.userId, ['reset_password']);
    await clearFailedLogins(tx, account.email);
  });
  return { detail: messages.passwordReset };
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
  const recent = await recentTokenTimes(deps.db, account.id, 'change_email', HOUR_MS);
  const wait = waitForQuota(recent, EMAIL_CHANGES_PER_ACCOUNT, HOUR_MS);
  if (wait !== null)
    throw rateLimitedError('Du hast schon mehrere Änderungen der E-Mail-Adresse angefordert.', wait);
  const token = await issueToken(deps.db, account.id, 'change_email', body.email);
  await sendMail(deps, changeEmailMail(body.email, users.displayName(account), deps.publicUrl, token));
  return { detail: messages.emailChangeSent };
}

/**
 * Changes the password of the logged-in member after checking the current one. Every other
 * session and open reset link ends; the answer carries a fresh token for this device.
 * @throws AppError wrong_password (400), rate_limited (429)
 */
export async function changePassword(
  deps: AuthDeps,
  userId: string,
  body: { current_password: string; new_password: string },
  ip: string,
): Promise<PasswordChangedResponse> {
  const account = await users.getAccount(deps.db, userId);
  await checkCurrentPassword(deps.db, account, body.current_password, ip);
  const passwordHash = await hashPassword(body.new_password);
  const updated = await deps.db.transaction(async (tx) => {
    const row = await users.setPasswordHash(tx, account.id, passwordHash);
    await invalidateTokens(tx, account.id, ['reset_password']);
    return row;
  });
  return { detail: messages.passwordChanged, access_token: deps.signAccessToken(updated) };
}
