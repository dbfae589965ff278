import {
  NO_IMAGE_PLACEHOLDER,
  PLACEHOLDER_IMAGE,
  resolveFeedImages,
  resolveImageReference,
  resolveImages,
} from '@marketplace/contract';
import { describe, expect, it } from 'vitest';
import { coverImageUrl, galleryImageUrls } from './listingImages.ts';

const BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('image references (SPEC.md §5)', () => {
  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['[]', 'bracket-only'],
    ['{}', 'brace-only'],
    ['[""]', 'brackets with empty quotes'],
    ['data:image/png;base64,AAAA', 'a data URL'],
    [BASE64, 'raw base64'],
  ])('treats %j (%s) as no image', (reference) => {
    expect(resolveImageReference(reference)).toBeNull();
  });

  it('keeps http and https URLs as they are', () => {
    expect(resolveImageReference('http://bilder.example/a.jpg')).toBe('http://bilder.example/a.jpg');
    expect(resolveImageReference('https://bilder.example/b.webp')).toBe('https://bilder.example/b.webp');
  });

  it('maps storage-bucket paths to the storage host', () => {
    expect(resolveImageReference('s3://media/listings/a.webp', 'https://cdn.example')).toBe(
      'https://cdn.example/listings/a.webp',
    );
    expect(resolveImageReference('storage/listings/a.webp', 'https://cdn.example')).toBe(
      'https://cdn.example/listings/a.webp',
    );
  });

  it('maps other names to the images endpoint', () => {
    expect(resolveImageReference('abc-detail.webp')).toBe('/api/images/abc-detail.webp');
    expect(resolveImageReference('/api/images/abc-card.webp')).toBe('/api/images/abc-card.webp');
  });

  it('replaces unusable entries by the placeholder in a detail view', () => {
    expect(resolveImages(['', 'a.webp', 'data:x'])).toEqual([
      PLACEHOLDER_IMAGE,
      '/api/images/a.webp',
      PLACEHOLDER_IMAGE,
    ]);
    expect(resolveImages('a.webp')).toEqual(['/api/images/a.webp']);
  });

  it('drops unusable entries in the feed', () => {
    expect(resolveFeedImages(['[]', 'a.webp', BASE64, 'https://x.example/b.jpg'])).toEqual([
      '/api/images/a.webp',
      'https://x.example/b.jpg',
    ]);
    expect(resolveFeedImages(null)).toEqual([]);
  });

  it('gives cards the card size and falls back to the placeholder', () => {
    expect(coverImageUrl(['', '/api/images/0123456789abcdef0123456789abcdef-detail.webp'])).toBe(
      '/api/images/0123456789abcdef0123456789abcdef-card.webp',
    );
    expect(coverImageUrl([])).toBe(PLACEHOLDER_IMAGE);
    expect(galleryImageUrls([])).toEqual([PLACEHOLDER_IMAGE]);
    expect(NO_IMAGE_PLACEHOLDER).not.toBe(PLACEHOLDER_IMAGE);
  });
});
