import { imageVariantUrl, PLACEHOLDER_IMAGE, resolveFeedImages, resolveImages } from '@marketplace/contract';

/**
 * The cover of an ad in a grid (SPEC.md §5 feed rule: unusable references are dropped), in the
 * card size; the placeholder when no usable image is left.
 */
export function coverImageUrl(images: unknown): string {
  const [first] = resolveFeedImages(images);
  return first ? imageVariantUrl(first, 'card') : PLACEHOLDER_IMAGE;
}

/**
 * All images of an ad for the gallery (SPEC.md §5: unusable references become the placeholder);
 * at least one entry, so an ad without photos shows the placeholder.
 */
export function galleryImageUrls(images: unknown): string[] {
  const urls = resolveImages(images);
  return urls.length > 0 ? urls : [PLACEHOLDER_IMAGE];
}
