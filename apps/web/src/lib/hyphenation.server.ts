import fs from 'node:fs';
import hyphenopoly from 'hyphenopoly';
import { HYPHENATION_OPTIONS, type Hyphenate } from './hyphenationOptions.ts';

/**
 * The server's German hyphenation: Hyphenopoly's TeX patterns, read once when the server build
 * loads, so the rendered HTML carries soft hyphens in long words and reads well without scripts
 * in browsers without a German dictionary (docs/decisions/0037-german-hyphenation-from-tex-patterns.md).
 */
function loadServerHyphenation(): Hyphenate {
  const hyphenators = hyphenopoly.config({
    ...HYPHENATION_OPTIONS,
    require: [...HYPHENATION_OPTIONS.require],
    sync: true,
    loaderSync: (file, patternsDir) => fs.readFileSync(new URL(file, patternsDir)),
  });
  const german = hyphenators.get('de');
  if (!german) throw new Error('Hyphenopoly has no German hyphenator');
  return german;
}

/** `text` with soft hyphens at the break points of its words of 12 letters or more. */
export const hyphenateGerman: Hyphenate = loadServerHyphenation();
