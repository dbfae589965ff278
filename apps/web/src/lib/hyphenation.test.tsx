import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hyphenateGerman } from './hyphenation.server.ts';
import { Hyphenated, HyphenationContext } from './hyphenation.tsx';

const SOFT_HYPHEN = '\u00ad';
const shown = (text: string) => hyphenateGerman(text).replaceAll(SOFT_HYPHEN, '-');

describe('German hyphenation from the TeX patterns', () => {
  it('puts soft hyphens between the syllables of long words', () => {
    expect(shown('Spiegelreflexkamera')).toBe('Spie-gel-re-flex-ka-me-ra');
    expect(shown('Dachgeschosswohnung')).toBe('Dach-ge-schoss-woh-nung');
    expect(shown('Benachrichtigungseinstellungen')).toBe('Be-nach-rich-ti-gungs-ein-stel-lun-gen');
    expect(shown('Verifizierungsstatus')).toBe('Ve-ri-fi-zie-rungs-sta-tus');
    expect(shown('SPIEGELREFLEXKAMERA')).toBe('SPIE-GEL-RE-FLEX-KA-ME-RA');
  });

  it('hyphenates the parts of a compound with hard hyphens and adds nothing after them', () => {
    expect(shown('3-Zimmer-Dachgeschosswohnung, 85 m²')).toBe('3-Zimmer-Dach-ge-schoss-woh-nung, 85 m²');
  });

  it('leaves words under 12 letters, digits and punctuation alone', () => {
    expect(hyphenateGerman('Fahrrad 28 Zoll, Trekkingrad')).toBe('Fahrrad 28 Zoll, Trekkingrad');
  });

  it('never leaves a single letter at either end of a line', () => {
    for (const word of ['Eigentumswohnung', 'Aquariumzubehör', 'Industriegebiet', 'Abenteuerspielplatz']) {
      const parts = hyphenateGerman(word).split(SOFT_HYPHEN);
      expect(parts.length).toBeGreaterThan(1);
      expect(parts[0]?.length).toBeGreaterThanOrEqual(2);
      expect(parts.at(-1)?.length).toBeGreaterThanOrEqual(2);
      expect(parts.join('')).toBe(word);
    }
  });
});

describe('Hyphenated on a page the server rendered', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it("keeps the server's soft hyphens while hydrating without patterns, and reports no difference", async () => {
    const title = 'Spiegelreflexkamera mit Objektiv';
    const served = renderToString(
      <HyphenationContext value={hyphenateGerman}>
        <h1>
          <Hyphenated text={title} />
        </h1>
      </HyphenationContext>,
    );
    expect(served).toContain(`Spie${SOFT_HYPHEN}gel`);
    const root = document.createElement('div');
    root.innerHTML = served;
    document.body.append(root);
    const errors = vi.spyOn(console, 'error');
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        root,
        <h1>
          <Hyphenated text={title} />
        </h1>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
    });
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect(root.querySelector('h1')?.textContent).toBe(hyphenateGerman(title));
  });
});
