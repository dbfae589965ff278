import {
  type AuthResponse,
  type PasswordChangedResponse,
  type PasswordStrength,
  REGISTERED_MESSAGE,
  type RegisterResponse,
  type Role,
  type VerifyEmailResponse,
} from '@marketplace/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError, rateLimitedError } from '../../lib/errors.ts';
import type { Mailer, OutgoingMail } from '../../lib/mailer.ts';
import { hashPassword, spendPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import * as users from '../users/index.ts';
import {
  ACCOUNT_SLOWDOWN_AFTER,
  addressKey,
  beginLoginAttempt,
  clearFailedLogins,
  consumeRequestQuota,
  FAILED_LOGIN_WINDOW_MS,
  forgetLoginAttempt,
  type RequestLimit,
  recentFailedLogins,
  tryConsumeRequestQuota,
  waitForQuota,
  withLimitLock,
} from './limits.ts';
import {
  accountExistsMail,
  changeEmailMail,
  failedLoginsMail,
  passwordResetMail,
  verificationMail,
} from './mails.ts';
import { assertStrongPassword, ratePassword } from './password-strength.ts';
import { announceEndedSessions, createSession, endSessionsInTransaction } from './sessions.ts';
import { consumeToken, invalidateTokens, issueToken, peekToken, recentTokenTimes } from './tokens.ts';

/** What the account flows need from the running application. */
export interface AuthDeps {
  db: Database;
  /** Carries `user.updated` when a confirmed e-mail change alters the shown name. */
  events: EventBus;
  mailer: Mailer;
  /** Origin of the web app for links in mails, without trailing slash. */
  publicUrl: string;
  /** `SITE_NAME`: how the e-mails name the marketplace. */
  siteName: string;
  /** The current AGB version ('YYYY-MM-DD'), stored as accepted at registration. */
  termsVersion: string;
  /**
   * Signs an access token (JWT, HS256, 24 h) with claims sub = id, role and sid = the session
   * (docs/decisions/0007).
   */
  signAccessToken(user: { id: string; role: Role }, sessionId: string): string;
  log: FastifyBaseLogger;
  /**
   * Runs work without the answer waiting for it (a failure is logged); the application waits
   * for it on shutdown. Routes start work that must follow the answer with an `AfterAnswer`.
   */
  background(task: () => Promise<void>): void;
  /**
   * Checks that run after a correct password, before the session starts; one that throws
   * (an AppError) refuses the login. Other modules add theirs with `app.addLoginCheck`
   * (the admin module: suspended and banned members, SPEC.md §6 "ADMIN").
   */
  loginChecks: readonly LoginCheck[];
}

/** A check of an account with a correct password; throws an AppError to refuse the login. */
export type LoginCheck = (userId: string) => Promise<void>;

const HOUR_MS = 60 * 60 * 1000;

/** Registrations per IP address and hour (ARCHITECTURE.md "limits"). */
export const REGISTRATION_LIMIT: RequestLimit = {
  bucket: 'register',
  max: 20,
  windowMs: HOUR_MS,
  reason: 'Zu viele Registrierungen von dieser Adresse.',
};
/**
 * Mails to the owner of an already registered address about a new registration attempt, per
 * account and day (docs/decisions/0008): enough to warn, too few to flood the inbox.
 */
export const ACCOUNT_EXISTS_MAIL_LIMIT: RequestLimit = {
  bucket: 'account_exists_mail',
  max: 3,
  windowMs: 24 * HOUR_MS,
  reason: 'Zu viele Registrierungsversuche für dieses Konto.',
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

/**
 * Enqueues a mail (docs/decisions/0014-job-queue.md): a job delivers it, retrying for at least
 * 24 hours while the SMTP server is away. With `tx` the mail is written in that transaction, so
 * it exists exactly when the token it carries does.
 * @throws when the database refuses the job (inside `tx`, the whole transaction fails)
 */
async function sendMail(deps: AuthDeps, mail: OutgoingMail, tx?: Database): Promise<void> {
  await deps.mailer.send(mail, { account: true, ...(tx ? { db: tx } : {}) });
}

/**
 * Issues a one-time link token of `purpose` and queues its mail in one transaction under the
 * account's lock (lock `<purpose>_mail`), at most `perHour` such mails per account and hour:
 * parallel requests cannot pass the count together.
 * @param options.refusal German detail of the 429 beyond the quota; without it nothing is sent,
 *   silently (the reset answers alike whether the account exists)
 * @param options.newEmail the address an e-mail change link switches to
 * @throws AppError rate_limited (429) beyond the quota when `refusal` is given
 */
async function mailLinkWithinQuota(
  deps: AuthDeps,
  userId: string,
  purpose: 'verify_email' | 'reset_password' | 'change_email',
  perHour: number,
  options: { mail: (token: string) => OutgoingMail; refusal?: string; newEmail?: string },
): Promise<void> {
  await withLimitLock(deps.db, `${purpose}_mail`, userId, async (tx) => {
    const recent = await recentTokenTimes(tx, userId, purpose, HOUR_MS);
    const wait = waitForQuota(recent, perHour, HOUR_MS);
    if (wait !== null) {
      if (options.refusal) throw rateLimitedError(options.refusal, wait);
      return;
    }
    const token = await issueToken(tx, userId, purpose, options.newEmail);
    await sendMail(deps, options.mail(token), tx);
  });
}

/**
 * Logs a member in: starts a server-side session (docs/decisions/0007) and answers a token
 * naming it, with the member.
 * @param userAgent the request's `User-Agent`, names the device in the list of sessions
 */
async function session(
  deps: AuthDeps,
  row: users.UserRow,
  userAgent: string | undefined,
): Promise<AuthResponse> {
  const sessionId = await createSession(deps.db, row.id, userAgent);
  return { access_token: deps.signAccessToken(row, sessionId), user: users.toUserResponse(row) };
}

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
  const mailOwner = async (owner: users.UserRow) => {
    if (!(await tryConsumeRequestQuota(deps.db, ACCOUNT_EXISTS_MAIL_LIMIT, owner.id))) return;
    await sendMail(
      deps,
      accountExistsMail(owner.email, users.displayName(owner), deps.publicUrl, deps.siteName),
    );
  };
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
      await sendMail(deps, mail, tx as unknown as Database);
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
 * Runs work once the answer to the request has been sent (or its connection was closed), as
 * background work the application waits for on shutdown: work that differs between
 * registered and unknown addresses must not delay, nor share the event loop with, the answer.
 */
export type AfterAnswer = (task: () => Promise<void>) => void;

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
  if (!(await tryConsumeRequestQuota(deps.db, FAILED_LOGINS_MAIL_LIMIT, email))) return;
  if (!account) return;
  await sendMail(
    deps,
    failedLoginsMail(account.email, users.displayName(account), deps.publicUrl, failures, deps.siteName),
  );
}

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
