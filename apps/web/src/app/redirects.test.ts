import { describe, expect, it } from 'vitest';
import { REDIRECTS, resolveRedirect } from './redirects.ts';

describe('redirect table (SPEC.md §2 "Redirects")', () => {
  it.each([
    ['/category/autos', '/category/auto-rad-boot'],
    ['/merkliste', '/favorites'],
    ['/impressum', '/legal/impressum'],
    ['/datenschutz', '/legal/datenschutz'],
    ['/agb', '/legal/agb'],
    ['/cookies', '/legal/cookies'],
    ['/shops', '/entities?type=shops'],
    ['/dienstleister', '/entities?type=providers'],
    ['/user', '/entities?type=users'],
    ['/kategorien', '/'],
    ['/kategorien/elektronik', '/category/elektronik'],
    ['/kategorien/immobilien', '/category/immobilien'],
    ['/kategorien/immobilien/wohnungen', '/category/immobilien/wohnungen'],
    ['/categories', '/'],
    ['/my-listings', '/listings'],
    ['/saved', '/favorites'],
    ['/profile', '/settings'],
  ])('%s leads to %s', (from, to) => {
    expect(resolveRedirect(from)).toBe(to);
  });

  it('tolerates a trailing slash and letter case', () => {
    expect(resolveRedirect('/merkliste/')).toBe('/favorites');
    expect(resolveRedirect('/Merkliste')).toBe('/favorites');
  });

  it('prefers the first matching rule', () => {
    expect(
      resolveRedirect('/x/1', [
        { from: '/x/:id', to: '/a/:id' },
        { from: '/x/1', to: '/b' },
      ]),
    ).toBe('/a/1');
  });

  it('keeps encoded parameters encoded', () => {
    expect(resolveRedirect('/kategorien/haus%20%26%20garten')).toBe('/category/haus%20%26%20garten');
  });

  it('has no rule for pages and unknown paths', () => {
    expect(resolveRedirect('/category/mode')).toBeNull();
    expect(resolveRedirect('/user/42')).toBeNull();
    expect(resolveRedirect('/gibt-es-nicht')).toBeNull();
    expect(resolveRedirect('/kategorien/a/b/c')).toBeNull();
  });

  it('lists every source once', () => {
    const sources = REDIRECTS.map((rule) => rule.from);
    expect(new Set(sources).size).toBe(sources.length);
  });
});
