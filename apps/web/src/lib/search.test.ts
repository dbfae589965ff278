import { describe, expect, it } from 'vitest';
import { searchPathFor } from './search.ts';

describe('search submit rule (SPEC.md §5)', () => {
  it('does not submit empty or blank text', () => {
    expect(searchPathFor('')).toBeNull();
    expect(searchPathFor('   \t ')).toBeNull();
  });

  it('submits the trimmed term to /search?q=', () => {
    expect(searchPathFor('  Fahrrad ')).toBe('/search?q=Fahrrad');
  });

  it('encodes the term', () => {
    const path = searchPathFor('Möbel & Sofa');
    expect(path).toBe('/search?q=M%C3%B6bel+%26+Sofa');
    expect(new URLSearchParams(path?.split('?')[1]).get('q')).toBe('Möbel & Sofa');
  });
});
