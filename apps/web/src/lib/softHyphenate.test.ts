import { SOFT_HYPHEN, softHyphenate } from '@marketplace/contract';
import { describe, expect, it } from 'vitest';

const shown = (text: string) => softHyphenate(text).replaceAll(SOFT_HYPHEN, '-');

describe('soft hyphens in long German words (titles on narrow cards)', () => {
  it('puts break points between the syllables of long words', () => {
    expect(shown('Spiegelreflexkamera')).toBe('Spie-gel-re-flex-ka-me-ra');
    expect(shown('Dachgeschosswohnung')).toBe('Dach-ge-schoss-woh-nung');
    expect(shown('Waschmaschine')).toBe('Wasch-ma-schi-ne');
    expect(shown('Zuckerdosenkollektion')).toBe('Zu-cker-do-sen-kol-lek-tion');
  });

  it("breaks a compound after its linking 's', not before it", () => {
    expect(shown('Verifizierungsstatus')).toBe('Ve-ri-fi-zie-rungs-sta-tus');
    expect(shown('Benachrichtigungseinstellungen')).toMatch(/^Be-na-chrich-ti-gungs-/);
    expect(shown('Sicherheitseinstellungen')).toMatch(/^Si-cher-heits-/);
    expect(shown('Qualitätssiegel')).toBe('Qua-li-täts-sie-gel');
  });

  it('leaves short words, digits and punctuation alone', () => {
    expect(softHyphenate('Fahrrad 28 Zoll, Trekkingrad')).toBe('Fahrrad 28 Zoll, Trekkingrad');
    expect(shown('3-Zimmer-Dachgeschosswohnung, 85 m²')).toBe('3-Zimmer-Dach-ge-schoss-woh-nung, 85 m²');
  });

  it('never leaves a single letter at either end of a line', () => {
    for (const word of ['Eigentumswohnung', 'Aquariumzubehör', 'Industriegebiet']) {
      const parts = softHyphenate(word).split(SOFT_HYPHEN);
      expect(parts[0]?.length).toBeGreaterThanOrEqual(2);
      expect(parts.at(-1)?.length).toBeGreaterThanOrEqual(2);
      expect(parts.join('')).toBe(word);
    }
  });
});
