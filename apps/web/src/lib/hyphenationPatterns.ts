import hyphenopoly from 'hyphenopoly';
import germanPatterns from 'hyphenopoly/patterns/de.wasm?url';
import { HYPHENATION_OPTIONS, type Hyphenate } from './hyphenationOptions.ts';

/**
 * Loads Hyphenopoly's German TeX patterns (a WebAssembly module, served as a hashed asset) and
 * resolves to the function that puts soft hyphens into a text. Loaded only in browsers that
 * cannot hyphenate German themselves (`HyphenationProvider`).
 * @throws when the patterns cannot be fetched or compiled
 */
export async function loadGermanHyphenation(): Promise<Hyphenate> {
  const hyphenators = hyphenopoly.config({
    ...HYPHENATION_OPTIONS,
    require: [...HYPHENATION_OPTIONS.require],
    loader: async () => {
      const response = await fetch(germanPatterns);
      if (!response.ok) throw new Error(`${germanPatterns}: ${response.status}`);
      return response.arrayBuffer();
    },
  });
  const german = hyphenators.get('de');
  if (!german) throw new Error('Hyphenopoly has no German hyphenator');
  return german;
}
