import { LISTING_IMAGES_MAX, UPLOAD_MAX_BYTES } from '@marketplace/contract';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { moveItem, photoFileProblem, usePhotoUploads } from './usePhotoUploads.ts';

function jpegFile(name: string, size = 1000): File {
  const file = new File([new Uint8Array(8)], name, { type: 'image/jpeg' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('photos of the ad form (up to 20 photos)', () => {
  it('refuses a 21st photo with the German message and starts no upload', () => {
    const urls = Array.from(
      { length: LISTING_IMAGES_MAX },
      (_, index) => `/api/images/p${index}-detail.webp`,
    );
    const { result } = renderHook(() => usePhotoUploads(urls));
    act(() => result.current.addFiles([jpegFile('IMG_21.jpg')]));
    expect(result.current.photos).toHaveLength(20);
    expect(result.current.photos.every((photo) => photo.status === 'done')).toBe(true);
    expect(result.current.messages).toEqual(['Du kannst höchstens 20 Fotos hochladen.']);
  });

  it('checks type and size before uploading', () => {
    expect(photoFileProblem(jpegFile('urlaub.jpg'))).toBeNull();
    expect(photoFileProblem(new File(['%PDF'], 'rechnung.pdf', { type: 'application/pdf' }))).toBe(
      'rechnung.pdf ist kein Bild im Format JPEG, PNG, WebP oder AVIF.',
    );
    expect(photoFileProblem(jpegFile('riesig.jpg', UPLOAD_MAX_BYTES + 1))).toBe(
      'riesig.jpg ist zu groß. Maximum: 20 MB.',
    );
  });

  it('moves a photo to a new place (the first is the cover), clamping the target', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 99)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });
});
