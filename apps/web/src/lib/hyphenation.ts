import { useEffect, useState } from 'react';

/**
 * Long German words on narrow screens (the theme's heading style, titles on cards): the browser
 * hyphenates them itself with `hyphens: auto` and the page's `lang="de"` wherever it has a German
 * dictionary (phones, desktop Chrome, Safari, Firefox). Where it has none (Chromium without its
 * downloaded dictionaries, as in headless runs), the TeX patterns of the `hyphen` library
 * (de-1996) put soft hyphens into words of {@link LONG_WORD_LETTERS} letters or more; the
 * patterns (about 750 kB) are loaded only then, after the page has started, so the server's HTML
 * and the first render in the browser are the same plain text.
 */

/** Soft hyphen (U+00AD): an invisible break point that shows '-' where the line breaks. */
export const SOFT_HYPHEN = '\u00ad';

/** Words with at least this many letters get break points; shorter ones fit a phone's line. */
const LONG_WORD_LETTERS = 12;

/** Puts soft hyphens into the long words of a text. */
export type Hyphenator = (text: string) => string;

/**
 * Whether this browser breaks German words at syllables by itself: a long word in a narrow box
 * takes more lines with `hyphens: auto` than with `hyphens: manual` only when it has a
 * dictionary. Null where nothing is laid out (no window, or a DOM without layout).
 */
export function browserHyphenatesGerman(): boolean | null {
  if (typeof document === 'undefined' || !document.body) return null;
  const probe = (hyphens: 'auto' | 'manual') => {
    const element = document.createElement('div');
    element.lang = 'de';
    element.textContent = 'Silbentrennungsregeln';
    element.setAttribute(
      'style',
      `position:absolute;visibility:hidden;left:-9999px;top:0;width:4em;font-size:16px;line-height:20px;white-space:normal;overflow-wrap:normal;word-break:normal;hyphens:${hyphens};-webkit-hyphens:${hyphens}`,
    );
    document.body.append(element);
    const height = element.getBoundingClientRect().height;
    element.remove();
    return height;
  };
  const automatic = probe('auto');
  const manual = probe('manual');
  if (automatic === 0 && manual === 0) return null;
  return automatic > manual;
}

/**
 * Loads the German patterns and makes a {@link Hyphenator} of them: break points only inside
 * runs of at least {@link LONG_WORD_LETTERS} letters (so '3-Zimmer-Dachgeschosswohnung' breaks
 * inside its last word), never leaving fewer than two letters on a line (the patterns' minimum).
 */
export async function loadGermanHyphenator(): Promise<Hyphenator> {
  const { hyphenateSync } = await import('hyphen/de');
  return (text) =>
    text.replace(new RegExp(`\\p{L}{${LONG_WORD_LETTERS},}`, 'gu'), (word) =>
      hyphenateSync(word, { hyphenChar: SOFT_HYPHEN, minWordLength: LONG_WORD_LETTERS }),
    );
}

/** The one hyphenator of the page: null until it is needed and loaded. */
let shared: Promise<Hyphenator | null> | null = null;

function fallbackHyphenator(): Promise<Hyphenator | null> {
  shared ??= browserHyphenatesGerman() === false ? loadGermanHyphenator() : Promise.resolve(null);
  return shared;
}

/**
 * `text` as the page shows it: as it is on the server and in the first render in the browser;
 * with soft hyphens from the patterns once they are loaded, where the browser has no German
 * dictionary of its own. Screen readers get the text without soft hyphens from an `aria-label`
 * where the element has one.
 */
export function useHyphenated(text: string): string {
  const [hyphenator, setHyphenator] = useState<Hyphenator | null>(null);
  useEffect(() => {
    let current = true;
    void fallbackHyphenator().then(
      (loaded) => {
        if (current && loaded) setHyphenator(() => loaded);
      },
      // Without the patterns, long words still wrap inside the window (overflow-wrap).
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  return hyphenator ? hyphenator(text) : text;
}

/** {@link useHyphenated} as an element: the text of a heading or a title. */
export function Hyphenated({ text }: { text: string }): string {
  return useHyphenated(text);
}
