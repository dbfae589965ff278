import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useHandedOver } from './handOver.tsx';
import type { Hyphenate } from './hyphenationOptions.ts';

const unchanged: Hyphenate = (text) => text;

/**
 * The hyphenation of the page: the server's from the TeX patterns (`hyphenation.server.ts`,
 * given by `entry-server.tsx`), in the browser none until {@link HyphenationProvider} loaded
 * the patterns for a browser that cannot hyphenate German itself.
 */
export const HyphenationContext = createContext<Hyphenate>(unchanged);

/** Asks {@link HyphenationProvider} for the patterns: a text is shown that the server did not hyphenate. */
const HyphenationWanted = createContext<() => void>(() => {});

/**
 * Whether this browser lays text out but cannot break German words itself with `hyphens: auto`
 * and `lang="de"`: a long word in a box narrower than the word stays on one line when the
 * browser has no German dictionary (Chromium on Linux has none unless its component updater
 * fetched one). The test Hyphenopoly's own loader makes; an environment that lays nothing out
 * (height 0) needs no patterns either.
 */
export function needsHyphenationPatterns(): boolean {
  const probe = document.createElement('div');
  probe.lang = 'de';
  probe.style.cssText =
    'position:absolute;visibility:hidden;hyphens:auto;-webkit-hyphens:auto;width:48px;' +
    'font-size:12px;line-height:12px;border:none;padding:0;word-wrap:normal;overflow-wrap:normal';
  probe.textContent = 'Silbentrennungsalgorithmus';
  document.body.append(probe);
  const height = probe.offsetHeight;
  probe.remove();
  return height > 0 && height <= 12;
}

/**
 * Gives the page the hyphenation it needs: on the server the one around it (the patterns'); in
 * the browser the TeX patterns (about 60 kB compressed, loaded once) as soon as a text is shown
 * that the server did not hyphenate (a page rendered in the browser, a page the app navigated
 * to), unless the browser hyphenates German itself; so that a narrow card or heading breaks a
 * long word at a syllable, never letter by letter. A page the server rendered loads nothing
 * while it shows only the server's texts. The texts re-render in a transition.
 */
export function HyphenationProvider({ children }: { children: ReactNode }) {
  const outer = useContext(HyphenationContext);
  const [loaded, setLoaded] = useState<Hyphenate | null>(null);
  const [wanted, setWanted] = useState(false);
  const asked = useRef(false);
  const want = useCallback(() => {
    if (asked.current) return;
    asked.current = true;
    setWanted(true);
  }, []);
  useEffect(() => {
    if (!wanted || !needsHyphenationPatterns()) return;
    let current = true;
    import('./hyphenationPatterns.ts')
      .then(({ loadGermanHyphenation }) => loadGermanHyphenation())
      .then((hyphenate) => {
        if (current) startTransition(() => setLoaded(() => hyphenate));
      })
      // Without the patterns the browser breaks long words where it must; nothing else changes.
      .catch((error: unknown) => console.warn('Silbentrennung nicht geladen', error));
    return () => {
      current = false;
    };
  }, [wanted]);
  return (
    <HyphenationWanted value={want}>
      <HyphenationContext value={loaded ?? outer}>{children}</HyphenationContext>
    </HyphenationWanted>
  );
}

/**
 * `text` with the page's soft hyphens, in a span of its own. A page the server rendered keeps
 * the server's soft hyphens while it hydrates: the browser renders the text without them until
 * its patterns are loaded (or never, when it hyphenates itself), and React leaves the server's
 * text in place instead of reporting the difference (`suppressHydrationWarning`, this text only).
 */
export function Hyphenated({ text }: { text: string }) {
  const hyphenate = useContext(HyphenationContext);
  const want = useContext(HyphenationWanted);
  const handedOver = useHandedOver();
  // Rendered while the server's page is hydrated: the server's soft hyphens are in the text.
  const [served] = useState(() => ({ fromServer: !handedOver, text }));
  useEffect(() => {
    if (!served.fromServer || text !== served.text) want();
  }, [text, served, want]);
  return <span suppressHydrationWarning>{hyphenate(text)}</span>;
}
