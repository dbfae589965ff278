import { PASSWORD_TOO_EASY, type PasswordStrength } from '@marketplace/contract';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { AppError } from '../../lib/errors.ts';

/** Lowest zxcvbn score (0–4) a new password may have: 3 is "safely unguessable" online. */
export const PASSWORD_MIN_SCORE = 3;

let estimator: Promise<ZxcvbnFactory> | null = null;

/**
 * zxcvbn-ts with the common and the German dictionaries (frequent and breached passwords,
 * names, words) and German feedback, loaded on the first check and then kept: the
 * dictionaries are several megabytes and most requests never need them.
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, german] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-de'),
    ]);
    return new ZxcvbnFactory({
      translations: german.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...german.dictionary },
    });
  })();
  estimator.catch(() => {
    estimator = null;
  });
  return estimator;
}

/** The member's own data as words a password must not lean on: the address and its parts, names. */
function userWords(inputs: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const input of inputs) {
    const value = input?.trim().toLowerCase();
    if (!value) continue;
    words.add(value);
    const local = value.split('@')[0] ?? value;
    words.add(local);
    for (const part of local.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/**
 * Rates a new password with zxcvbn against common and German words and the member's own
 * data: `score` 0 (very easy to guess) to 4, `accepted` from {@link PASSWORD_MIN_SCORE} on.
 * The strength meter of the forms asks for this rating while the password is typed.
 * @param inputs the member's e-mail address, nickname, first and last name, as far as known
 */
export async function ratePassword(
  password: string,
  inputs: readonly (string | null | undefined)[],
): Promise<PasswordStrength> {
  const zxcvbn = await loadEstimator();
  const { score } = await zxcvbn.checkAsync(password, userWords(inputs));
  return { score, accepted: score >= PASSWORD_MIN_SCORE };
}

/**
 * Refuses a new password that is common, in a breached-password list, a keyboard pattern or
 * built from the member's own e-mail address or names (`ratePassword` not accepted); runs at
 * registration, password change and reset, after the contract's length rule: length and
 * guessability are the whole rule (docs/decisions/0033-passwords-by-length-and-guessability.md).
 * @param field the body field named in the error (`password`, `new_password`)
 * @param inputs the member's e-mail address, nickname, first and last name
 * @throws AppError weak_password (422) with `Feld '<field>': ` and the contract's
 *   `PASSWORD_TOO_EASY`, which says what would be accepted
 */
export async function assertStrongPassword(
  password: string,
  field: string,
  inputs: readonly (string | null | undefined)[],
): Promise<void> {
  if ((await ratePassword(password, inputs)).accepted) return;
  throw new AppError('weak_password', `Feld '${field}': ${PASSWORD_TOO_EASY}`);
}
