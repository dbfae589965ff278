import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { userText } from './text.ts';
import { userSchema } from './users.ts';

/** Shared field rules; the web forms use the same schemas. */
export const NAME_MAX_LENGTH = 50;

export const emailSchema = z
  .string({ error: 'Bitte gib deine E-Mail-Adresse ein.' })
  .trim()
  .min(1, 'Bitte gib deine E-Mail-Adresse ein.')
  .max(254, 'Die E-Mail-Adresse ist zu lang.')
  .pipe(z.email('Bitte gib eine gültige E-Mail-Adresse ein.'))
  .transform((value) => value.toLowerCase());

/**
 * A new password (registration, reset, change): PASSWORD_MIN_LENGTH to PASSWORD_MAX_LENGTH
 * characters of any kind, no composition rules; the server then refuses one that is easy to
 * guess (docs/decisions/0033-passwords-by-length-and-guessability.md).
 */
export const newPasswordSchema = z
  .string({ error: 'Bitte gib ein Passwort ein.' })
  .min(PASSWORD_MIN_LENGTH, `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`)
  .max(PASSWORD_MAX_LENGTH, `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein.`);

/**
 * The refusal of a new password that is easy to guess (server, zxcvbn score below 3) and the
 * strength meter's words for it: what is wrong and what would be accepted.
 */
export const PASSWORD_TOO_EASY =
  'Dieses Passwort ist leicht zu erraten. Nimm einen längeren Satz aus mehreren Wörtern oder füge seltene Wörter hinzu.';

/**
 * `POST /api/auth/password-strength` body: a new password while it is typed, and the words of
 * the member's own that it must not lean on (e-mail address, nickname, names), at most four.
 */
export const passwordStrengthBodySchema = z.object({
  password: z.string().max(PASSWORD_MAX_LENGTH),
  user_inputs: z.array(userText().max(254)).max(4).optional(),
});
export type PasswordStrengthBody = z.input<typeof passwordStrengthBodySchema>;

/**
 * `POST /api/auth/password-strength` answer: zxcvbn's score (0 very easy to guess … 4 very
 * hard) and whether registration, reset and change would take the password as far as its
 * guessability goes (`accepted`; the length is the schema's rule above).
 */
export const passwordStrengthSchema = z.object({
  score: z.number().int().min(0).max(4),
  accepted: z.boolean(),
});
export type PasswordStrength = z.infer<typeof passwordStrengthSchema>;

/**
 * A trimmed name of at most NAME_MAX_LENGTH characters without control characters (line
 * breaks, NUL, escapes have no place in a name shown to others; `userText`).
 */
export const nameSchema = (label: string) =>
  userText({ message: `${label} enthält ungültige Zeichen.` })
    .trim()
    .max(NAME_MAX_LENGTH, `${label} darf höchstens ${NAME_MAX_LENGTH} Zeichen lang sein.`);

const optionalName = (label: string) =>
  nameSchema(label)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

/** `POST /api/auth/register` body (ARCHITECTURE.md). */
export const registerBodySchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  nickname: optionalName('Der Spitzname'),
  first_name: optionalName('Der Vorname'),
  last_name: optionalName('Der Nachname'),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/** The answer to every accepted registration, new address or already registered. */
export const REGISTERED_MESSAGE =
  'Wir haben dir eine E-Mail geschickt. Bitte bestätige deine E-Mail-Adresse über den Link darin.';

/**
 * `POST /api/auth/register` answer (202): always `{ detail: REGISTERED_MESSAGE }`, whether the
 * address was new (verification mail) or already registered (a mail to its owner), so the
 * answer does not tell whether an address has an account. The member then logs in.
 */
export const registerResponseSchema = z.object({ detail: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** `POST /api/auth/login` body (SPEC.md §7). */
export const loginBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Bitte gib dein Passwort ein.' })
    .min(1, 'Bitte gib dein Passwort ein.')
    .max(1024),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** Login response (SPEC.md §3 "Login response"). */
export const authResponseSchema = z.object({
  access_token: z.string(),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** `POST /api/auth/verify-email` body; `GET /api/auth/verify-email?token=` takes the same. */
export const tokenBodySchema = z.object({ token: userText().min(1).max(512) });

/** `POST /api/auth/password-reset` body; always answered with 202. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });

/** `POST /api/auth/reset-password` body. */
export const resetPasswordBodySchema = z.object({
  token: userText().min(1).max(512),
  password: newPasswordSchema,
});

/** A plain confirmation answer. */
export const messageSchema = z.object({ detail: z.string() });
export type Message = z.infer<typeof messageSchema>;

/**
 * Answer of both verify-email calls: the confirmation text and the user as it is now
 * (`email_verified: true`; after an e-mail change the new address).
 */
export const verifyEmailResponseSchema = z.object({
  detail: z.string(),
  user: userSchema,
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

const currentPasswordSchema = z
  .string({ error: 'Bitte gib dein aktuelles Passwort ein.' })
  .min(1, 'Bitte gib dein aktuelles Passwort ein.')
  .max(1024);

/**
 * `POST /api/me/email` body: the new address and the current password. Answered with 202;
 * the address changes once the link sent to the new address is opened.
 */
export const changeEmailBodySchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
});
export type ChangeEmailBody = z.input<typeof changeEmailBodySchema>;

/** `POST /api/me/password` body. */
export const changePasswordBodySchema = z.object({
  current_password: currentPasswordSchema,
  new_password: newPasswordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/**
 * `POST /api/me/password` answer. Changing the password ends every other session, so the
 * answer carries a fresh `access_token` for the device that made the change.
 */
export const passwordChangedResponseSchema = z.object({
  detail: z.string(),
  access_token: z.string(),
});
export type PasswordChangedResponse = z.infer<typeof passwordChangedResponseSchema>;

/** `DELETE /api/me` body: the current password confirms the deletion. */
export const deleteAccountBodySchema = z.object({ password: currentPasswordSchema });
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

/**
 * One active session of the logged-in member (`GET /api/auth/sessions`, docs/decisions/0007):
 * `device` is a readable name parsed from the browser's user agent ('Chrome auf Windows');
 * `current` marks the session of the token that asked. No IP address is stored or shown.
 */
export const sessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  /** ISO 8601 time of the login. */
  created_at: z.string(),
  /** ISO 8601 time of the last request, to about a minute (docs/decisions/0007). */
  last_used_at: z.string(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** `GET /api/auth/sessions` answer: the member's active sessions, most recently used first. */
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

/** `DELETE /api/auth/sessions/{id}` path. */
export const sessionParamsSchema = z.object({ id: z.string().max(64) });
