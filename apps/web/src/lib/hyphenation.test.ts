import { describe, expect, it } from 'vitest';
import { browserHyphenatesGerman, loadGermanHyphenator, SOFT_HYPHEN } from './hyphenation.ts';

// The German TeX patterns (hyphen/de, de-1996) where the browser has no dictionary of its own.
const hyphenator = await loadGermanHyphenator();
const shown = (text: string) => hyphenator(text).replaceAll(SOFT_HYPHEN, '-');

describe('soft hyphens in long German words (titles on narrow cards)', () => {
  it('puts break points between the syllables of long words', () => {
    expect(shown('Spiegelreflexkamera')).toBe('Spie-gel-re-flex-ka-me-ra');
    expect(shown('Dachgeschosswohnung')).toBe('Dach-ge-schoss-woh-nung');
    expect(shown('Waschmaschine')).toBe('Wasch-ma-schi-ne');
    expect(shown('Zuckerdosenkollektion')).toBe('Zu-cker-do-sen-kol-lek-ti-on');
  });

  it("breaks a compound after its linking 's', not before it", () => {
    expect(shown('Verifizierungsstatus')).toBe('Ve-ri-fi-zie-rungs-sta-tus');
    expect(shown('Benachrichtigungseinstellungen')).toBe('Be-nach-rich-ti-gungs-ein-stel-lun-gen');
    expect(shown('Sicherheitseinstellungen')).toMatch(/^Si-cher-heits-/);
    expect(shown('Qualitätssiegel')).toBe('Qua-li-täts-sie-gel');
  });

  it('leaves short words, digits and punctuation alone, and breaks a long word inside a hyphenated one', () => {
    expect(hyphenator('Fahrrad 28 Zoll, Trekkingrad')).toBe('Fahrrad 28 Zoll, Trekkingrad');
    expect(shown('3-Zimmer-Dachgeschosswohnung, 85 m²')).toBe('3-Zimmer-Dach-ge-schoss-woh-nung, 85 m²');
  });

  it('never leaves a single letter at either end of a line', () => {
    for (const word of ['Eigentumswohnung', 'Aquariumzubehör', 'Industriegebiet', 'Einfamilienhaus']) {
      const parts = hyphenator(word).split(SOFT_HYPHEN);
      expect(parts.length).toBeGreaterThan(1);
      expect(parts[0]?.length).toBeGreaterThanOrEqual(2);
      expect(parts.at(-1)?.length).toBeGreaterThanOrEqual(2);
      expect(parts.join('')).toBe(word);
    }
  });

  it('leaves the choice to CSS where nothing is laid out', () => {
    // jsdom lays nothing out: no dictionary can be measured, so no patterns are loaded.
    expect(browserHyphenatesGerman()).toBeNull();
  });
});
