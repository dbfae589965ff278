import type { AuthResponse, Role } from '@marketplace/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { rateLimitedError } from '../../lib/errors.ts';
import type { Mailer, OutgoingMail } from '../../lib/mailer.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import * as users from '../users/index.ts';
import { type RequestLimit, waitForQuota, withLimitLock } from './limits.ts';
import { createSession } from './sessions.ts';
import { issueToken, recentTokenTimes } from './tokens.ts';

/**
 * What the auth module's account flows share (SPEC.md §4 "Accounts", docs/decisions/0005):
 * their dependencies, the request limits and quotas of registrations, resets and link mails,
 * the German answers, queueing an account mail, issuing a link within its quota and starting a
 * session.
 */

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
export async function sendMail(deps: AuthDeps, mail: OutgoingMail, tx?: Database): Promise<void> {
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
export async function mailLinkWithinQuota(
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
export async function session(
  deps: AuthDeps,
  row: users.UserRow,
  userAgent: string | undefined,
): Promise<AuthResponse> {
  const sessionId = await createSession(deps.db, row.id, userAgent);
  return { access_token: deps.signAccessToken(row, sessionId), user: users.toUserResponse(row) };
}

/**
 * Runs work once the answer to the request has been sent (or its connection was closed), as
 * background work the application waits for on shutdown: work that differs between
 * registered and unknown addresses must not delay, nor share the event loop with, the answer.
 */
export type AfterAnswer = (task: () => Promise<void>) => void;
