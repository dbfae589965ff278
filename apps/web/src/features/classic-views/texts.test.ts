import { describe, expect, it } from 'vitest';
import { classicTexts as t } from './texts.ts';

describe('the result line of a bulk action', () => {
  it('names how many ads changed and, when some could not, how many and why', () => {
    expect(t.result('sold', 3, [], 0)).toBe('3 Anzeigen als verkauft markiert');
    expect(
      t.result('extend', 12, ['Nur aktive oder abgelaufene Anzeigen können verlängert werden.'], 1),
    ).toBe(
      '12 Anzeigen verlängert, 1 nicht möglich: Nur aktive oder abgelaufene Anzeigen können verlängert werden.',
    );
    expect(t.result('delete', 1, ['Anzeige nicht gefunden', 'Die Anzeige ist bereits reserviert.'], 2)).toBe(
      '1 Anzeige gelöscht, 2 nicht möglich: Anzeige nicht gefunden; Die Anzeige ist bereits reserviert.',
    );
    expect(t.result('reserve', 0, ['Anzeige nicht gefunden'], 1)).toBe(
      '0 Anzeigen reserviert, 1 nicht möglich: Anzeige nicht gefunden',
    );
  });
});
