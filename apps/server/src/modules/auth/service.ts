import {
  type AuthResponse,
  type PasswordChangedResponse,
  type PasswordStrength,
  REGISTERED_MESSAGE,
  type RegisterResponse,
} from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, spendPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import * as users from '../users/index.ts';
import {
  ACCOUNT_EXISTS_MAIL_LIMIT,
  type AfterAnswer,
  type AuthDeps,
  messages,
  REGISTRATION_LIMIT,
  sendMail,
  session,
} from './deps.ts';
import {
  ACCOUNT_SLOWDOWN_AFTER,
  addressKey,
  beginLoginAttempt,
  consumeRequestQuota,
  FAILED_LOGIN_WINDOW_MS,
  forgetLoginAttempt,
  type RequestLimit,
  recentFailedLogins,
  tryCountRequest,
} from './limits.ts';
import { accountExistsMail, failedLoginsMail, verificationMail } from './mails.ts';
import { assertStrongPassword, ratePassword } from './password-strength.ts';
import { announceEndedSessions, createSession, endSessionsInTransaction } from './sessions.ts';
import { invalidateTokens, issueToken } from './tokens.ts';

export type { AfterAnswer, AuthDeps, LoginCheck } from './deps.ts';

/**
 * Ratings for the strength meter per IP address and 10 minutes: the forms ask once per pause
 * in typing, so a person stays far below; a script cannot use the rating as a free oracle.
 */
export const PASSWORD_RATING_LIMIT: RequestLimit = {
  bucket: 'password_rating',
  max: 200,
  windowMs: 10 * 60 * 1000,
  reason: 'Zu viele Passwortprüfungen von dieser Adresse.',
};

/**
 * The strength meter's rating of a password being typed (`ratePassword`, the same rule as
 * registration, reset and change), counted against {@link PASSWORD_RATING_LIMIT}. Nothing is
 * stored or logged of the password.
 * @throws AppError rate_limited (429)
 */
export async function rateNewPassword(
  deps: AuthDeps,
  body: { password: string; user_inputs?: string[] | undefined },
  ip: string,
): Promise<PasswordStrength> {
  await consumeRequestQuota(deps.db, PASSWORD_RATING_LIMIT, addressKey(ip));
  return ratePassword(body.password, body.user_inputs ?? []);
}

/**
 * Registration (ARCHITECTURE.md "register"): refuses an easily guessed password (zxcvbn,
 * `assertStrongPassword`), then creates a SELLER account with an unverified e-mail, records
 * the current AGB version as accepted and sends the verification link (valid 24 h). An address
 * that already has an account gets the same answer, and its owner a mail with links to log in
 * and to reset the password instead; both ways hash the password and send one mail before
 * answering, so neither the answer nor its timing tells whether the address is registered. The
 * member logs in afterwards. At most 20 attempts per IP and hour.
 * @returns `{ detail: REGISTERED_MESSAGE }` in both cases
 * @throws AppError weak_password (422), rate_limited (429)
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
): Promise<RegisterResponse> {
  await consumeRequestQuota(deps.db, REGISTRATION_LIMIT, addressKey(ip));
  await assertStrongPassword(body.password, 'password', [
    body.email,
    body.nickname,
    body.first_name,
    body.last_name,
  ]);
  const passwordHash = await hashPassword(body.password);
  const answer = { detail: REGISTERED_MESSAGE };
  // The owner of a registered address hears of a new attempt at most 3 times a day; counting it
  // is a committed write like creating an account, so both answers take about as long
  // (docs/decisions/0008).
  // The count and the mail's job are one transaction: a mail counted is a mail sent.
  const mailOwner = (owner: users.UserRow) =>
    deps.db.transaction(async (tx) => {
      if (!(await tryCountRequest(tx, ACCOUNT_EXISTS_MAIL_LIMIT, owner.id))) return;
      await sendMail(
        deps,
        accountExistsMail(owner.email, users.displayName(owner), deps.publicUrl, deps.siteName),
        tx,
      );
    });
  const existing = await users.findAccountByEmail(deps.db, body.email);
  if (existing) {
    await mailOwner(existing);
    return answer;
  }
  try {
    await deps.db.transaction(async (tx) => {
      const row = await users.createAccount(tx, {
        email: body.email,
        passwordHash,
        nickname: body.nickname,
        firstName: body.first_name,
        lastName: body.last_name,
      });
      // The register page says the AGB apply: the version it linked is the accepted one.
      const account = await users.recordTermsAcceptance(tx, row.id, deps.termsVersion);
      const token = await issueToken(tx, account.id, 'verify_email');
      const mail = verificationMail(
        account.email,
        users.displayName(account),
        deps.publicUrl,
        token,
        deps.siteName,
      );
      await sendMail(deps, mail, tx);
      return account;
    });
  } catch (error) {
    // The same address registered a moment ago by a parallel request.
    const owner =
      error instanceof AppError && error.code === 'email_taken'
        ? await users.findAccountByEmail(deps.db, body.email)
        : undefined;
    if (!owner) throw error;
    await mailOwner(owner);
    return answer;
  }
  return answer;
}

/**
 * Login (SPEC.md §7): the same 401 for an unknown e-mail and a wrong password, and the same
 * work for both before the answer (the account lookup, counting the attempt, one argon2 verify
 * against a hash of the same parameters) and after it (`afterFailedLogin`), so neither the
 * answer nor its time tells whether an address is registered. Every attempt is counted as a
 * failed login before the password is checked (`beginLoginAttempt`, docs/decisions/0005): at
 * most 10 per account and address (IPv6 by /64) and 30 per address in 15 minutes; the account
 * is never locked, but after 10 failures from all addresses it takes one attempt per 30 seconds
 * from devices without its device cookie, and its owner gets one mail per 15 minutes about it.
 * @param trustedDeviceUserId the account id of a valid device cookie sent along, else null
 * @param afterAnswer runs the work after a failed login once the answer is out
 * A correct password then passes the `loginChecks` (a suspended member: 403 naming the end).
 * @throws AppError invalid_credentials (401), rate_limited (429 with Retry-After), forbidden (403)
 */
export async function login(
  deps: AuthDeps,
  body: { email: string; password: string },
  ip: string,
  userAgent?: string,
  trustedDeviceUserId: string | null = null,
  afterAnswer: AfterAnswer = deps.background,
): Promise<AuthResponse> {
  const account = await users.findAccountByEmail(deps.db, body.email);
  // Counted before the password check, so parallel guesses cannot pass the limits together.
  const attempt = await beginLoginAttempt(deps.db, {
    email: body.email,
    ip,
    trustedDevice: account !== undefined && account.id === trustedDeviceUserId,
  });
  let valid = false;
  if (account) valid = await verifyPassword(account.passwordHash, body.password);
  else await spendPasswordCheck(body.password);
  if (!account || !valid) {
    afterAnswer(() => afterFailedLogin(deps, body.email, account));
    throw new AppError('invalid_credentials');
  }
  await forgetLoginAttempt(deps.db, attempt);
  for (const check of deps.loginChecks) await check(account.id);
  return session(deps, account, userAgent);
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
  // Counted like a login from an unknown device: a stolen session must not guess from many addresses.
  const attempt = await beginLoginAttempt(db, { email: account.email, ip, trustedDevice: false });
  if (!(await verifyPassword(account.passwordHash, password))) throw new AppError('wrong_password');
  await forgetLoginAttempt(db, attempt);
}

/** At most one mail about failed logins per address (e-mail) and 15 minutes. */
const FAILED_LOGINS_MAIL_LIMIT: RequestLimit = {
  bucket: 'failed_logins_mail',
  max: 1,
  windowMs: FAILED_LOGIN_WINDOW_MS,
  reason: 'Zu viele Hinweise auf fehlgeschlagene Anmeldeversuche.',
};

/**
 * After the answer to a failed login, for registered and unknown addresses alike (the same
 * statements, so not even the time of the next request tells them apart): once the address has
 * 10 failed logins from all addresses in 15 minutes (an account is then slowed down for unknown
 * devices, docs/decisions/0005), one warning per address and 15 minutes is counted, and when
 * the address has an account its owner gets that warning by mail.
 * @param account the address's account, undefined for an unknown address
 */
async function afterFailedLogin(deps: AuthDeps, email: string, account: users.UserRow | undefined) {
  const failures = await recentFailedLogins(deps.db, email);
  if (failures < ACCOUNT_SLOWDOWN_AFTER) return;
  // The count and the mail's job are one transaction: a warning counted is a warning sent.
  await deps.db.transaction(async (tx) => {
    if (!(await tryCountRequest(tx, FAILED_LOGINS_MAIL_LIMIT, email)) || !account) return;
    await sendMail(
      deps,
      failedLoginsMail(account.email, users.displayName(account), deps.publicUrl, failures, deps.siteName),
      tx,
    );
  });
}

/**
 * Changes the password of the logged-in member after checking the current one. In one
 * transaction every session of the member ends (the asking one too) and open reset links
 * stop working, and a fresh session starts for this device (docs/decisions/0007); the answer
 * carries its token. `session.ended` follows the commit.
 * @param userAgent the request's `User-Agent`, names the device of the fresh session
 * @param currentSessionId the asking token's session: its sockets move to the fresh session
 * @throws AppError wrong_password (400), rate_limited (429), weak_password (422) for an easily
 *   guessed new password (`assertStrongPassword`)
 */
export async function changePassword(
  deps: AuthDeps,
  userId: string,
  body: { current_password: string; new_password: string },
  ip: string,
  userAgent?: string,
  currentSessionId?: string,
): Promise<PasswordChangedResponse> {
  const account = await users.getAccount(deps.db, userId);
  await checkCurrentPassword(deps.db, account, body.current_password, ip);
  await assertStrongPassword(body.new_password, 'new_password', [
    account.email,
    account.nickname,
    account.firstName,
    account.lastName,
  ]);
  const passwordHash = await hashPassword(body.new_password);
  const { updated, ended, sessionId } = await deps.db.transaction(async (tx) => {
    const row = await users.setPasswordHash(tx, account.id, passwordHash);
    await invalidateTokens(tx, account.id, ['reset_password']);
    const ended = await endSessionsInTransaction(tx, account.id);
    return { updated: row, ended, sessionId: await createSession(tx, account.id, userAgent) };
  });
  const moved =
    currentSessionId && ended.includes(currentSessionId)
      ? { from: currentSessionId, to: sessionId }
      : undefined;
  await announceEndedSessions(deps.events, account.id, ended, moved);
  return { detail: messages.passwordChanged, access_token: deps.signAccessToken(updated, sessionId) };
}
