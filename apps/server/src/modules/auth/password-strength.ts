import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { AppError } from '../../lib/errors.ts';

/** Lowest zxcvbn score (0–4) a new password may have: 3 is "safely unguessable" online. */
export const PASSWORD_MIN_SCORE = 3;

/** The refusal's first sentence; zxcvbn's German warning and suggestions follow it. */
export const WEAK_PASSWORD_TEXT = 'Dieses Passwort ist zu leicht zu erraten.';

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
 * Refuses a new password that is common, in a breached-password list, a keyboard pattern or
 * built from the member's own e-mail address or names (zxcvbn score below
 * {@link PASSWORD_MIN_SCORE}); runs at registration, password change and reset, after the
 * contract's length and letter-and-digit rules.
 * @param field the body field named in the error (`password`, `new_password`)
 * @param inputs the member's e-mail address, nickname, first and last name
 * @throws AppError weak_password (422) with `Feld '<field>': Dieses Passwort ist zu leicht zu
 *   erraten.` and zxcvbn's German warning and suggestions
 */
export async function assertStrongPassword(
  password: string,
  field: string,
  inputs: readonly (string | null | undefined)[],
): Promise<void> {
  const zxcvbn = await loadEstimator();
  const result = await zxcvbn.checkAsync(password, userWords(inputs));
  if (result.score >= PASSWORD_MIN_SCORE) return;
  const reasons = [result.feedback.warning, ...result.feedback.suggestions].filter((text): text is string =>
    Boolean(text),
  );
  if (reasons.length === 0)
    reasons.push('Ein längeres Passwort aus mehreren Wörtern ist schwerer zu erraten.');
  throw new AppError('weak_password', `Feld '${field}': ${WEAK_PASSWORD_TEXT} ${reasons.join(' ')}`);
}
