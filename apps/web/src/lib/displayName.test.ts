import { describe, expect, it } from 'vitest';
import { displayName } from './displayName.ts';

describe('display name of the side menu (SPEC.md §2)', () => {
  const base = { nickname: null, first_name: null, email: 'max.mustermann@example.org' };

  it('prefers the nickname', () => {
    expect(displayName({ ...base, nickname: 'Maxi', first_name: 'Max' })).toBe('Maxi');
  });

  it('falls back to the first name', () => {
    expect(displayName({ ...base, first_name: 'Max' })).toBe('Max');
  });

  it('falls back to the part of the e-mail before @', () => {
    expect(displayName(base)).toBe('max.mustermann');
  });

  it("falls back to 'Benutzer' without any of them", () => {
    expect(displayName({ ...base, email: '' })).toBe('Benutzer');
    expect(displayName({ ...base, email: '@example.org' })).toBe('Benutzer');
    expect(displayName(null)).toBe('Benutzer');
  });

  it('treats blank names as missing', () => {
    expect(displayName({ ...base, nickname: '  ', first_name: ' Max ' })).toBe('Max');
  });
});
