import { z } from 'zod';

/**
 * Control characters (C0 and C1, DEL) and unpaired UTF-16 surrogates in one line of text:
 * PostgreSQL refuses a NUL byte in text and jsonb, and the others have no place in a value a
 * person types. Line breaks count too.
 */
const FORBIDDEN_IN_LINE = /[\p{Cc}\p{Cs}]/u;
/** The same for multi-line texts (descriptions, messages): tab, line feed and carriage return stay allowed. */
const FORBIDDEN_IN_MULTILINE = /(?![\t\n\r])\p{Cc}|\p{Cs}/u;

/** The 422 message of a text with control characters; the error names the field. */
export const INVALID_CHARACTERS_MESSAGE = 'Der Text enthält ungültige Zeichen (z. B. Steuerzeichen).';

/**
 * Whether `value` holds a character no user text may hold.
 * @param multiline true for texts that may keep tabs and line breaks
 */
export function hasForbiddenCharacters(value: string, multiline = false): boolean {
  return (multiline ? FORBIDDEN_IN_MULTILINE : FORBIDDEN_IN_LINE).test(value);
}

/**
 * The one base of every user text field in the contract (bodies, query and path parameters):
 * a string without control characters or unpaired surrogates (line breaks only when
 * `multiline`), refused with a German 422 that names the field. Chain `.trim()`, `.min()`,
 * `.max()` as for `z.string()`.
 * @param options.multiline allow tab, line feed and carriage return (descriptions, messages)
 * @param options.message the refusal text (default {@link INVALID_CHARACTERS_MESSAGE})
 * @param options.error the message for a value that is not a string
 */
export function userText(options: { multiline?: boolean; message?: string; error?: string } = {}) {
  const base = options.error ? z.string({ error: options.error }) : z.string();
  return base.refine((value) => !hasForbiddenCharacters(value, options.multiline ?? false), {
    message: options.message ?? INVALID_CHARACTERS_MESSAGE,
  });
}

/** Largest value of a PostgreSQL `integer` column (int4): 2,147,483,647. */
export const PG_INT4_MAX = 2_147_483_647;

/**
 * A person's message to the operator (contact form, partner enquiry): several lines, trimmed, of
 * `min` to `max` characters, refused with German 422s that name the limits.
 * @param options.missing the refusal of a value that is not a string
 */
export function messageText(options: { min: number; max: number; missing: string }) {
  return userText({ multiline: true, error: options.missing })
    .trim()
    .min(options.min, `Bitte beschreibe dein Anliegen in mindestens ${options.min} Zeichen.`)
    .max(options.max, `Die Nachricht darf höchstens ${options.max} Zeichen lang sein.`);
}
