import { PLACEHOLDER_IMAGE, resolveImages } from '@marketplace/contract';

// The card cover reads the same in the browser and in the server's first HTML of the home page.
export { coverImageUrl } from '@marketplace/contract';

/**
 * All images of an ad for the gallery (SPEC.md §5: unusable references become the placeholder);
 * at least one entry, so an ad without photos shows the placeholder.
 */
export function galleryImageUrls(images: unknown): string[] {
  const urls = resolveImages(images);
  return urls.length > 0 ? urls : [PLACEHOLDER_IMAGE];
}
