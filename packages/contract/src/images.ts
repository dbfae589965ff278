/** Shown where an ad or story has no usable image (SPEC.md §5). */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';
/** Shown for story media that is base64 or external (SPEC.md §5). */
export const NO_IMAGE_PLACEHOLDER = '/no-image.svg';

/**
 * Resolves one image reference to a URL the browser can load (SPEC.md §5 "Image references"):
 * empty, bracket-only (`[]`, `{}`), base64 and `data:` values become `null` (the caller shows the
 * placeholder or, in the feed, drops the entry); `http(s)` URLs and same-origin paths are kept;
 * storage-bucket paths (`bucket/…` or `s3://bucket/…`) map to `storageHost`; any other name maps
 * to `/api/images/{name}`.
 * @param storageHost base URL of the media bucket, without trailing slash; undefined when media
 *   are served by the API
 */
export function resolveImageReference(reference: unknown, storageHost?: string): string | null {
  if (typeof reference !== 'string') return null;
  const value = reference.trim();
  if (value === '' || /^[[\]{}()\s"']*$/.test(value)) return null;
  if (/^data:/i.test(value)) return null;
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith('/')) return value;
  const s3 = /^s3:\/\/[^/]+\/(.+)$/i.exec(value);
  if (s3?.[1]) return storageHost ? `${storageHost}/${s3[1]}` : `/api/images/${s3[1]}`;
  // Long runs of base64 alphabet without a file extension are inline image data.
  if (value.length > 64 && /^[A-Za-z0-9+/=\s]+$/.test(value)) return null;
  if (storageHost && value.startsWith('storage/')) return `${storageHost}/${value.slice('storage/'.length)}`;
  return `/api/images/${value.replace(/^\/+/, '')}`;
}

/** Image list for a detail view: every unusable entry becomes the placeholder (SPEC.md §5). */
export function resolveImages(references: unknown, storageHost?: string): string[] {
  const list = Array.isArray(references) ? references : typeof references === 'string' ? [references] : [];
  return list.map((ref) => resolveImageReference(ref, storageHost) ?? PLACEHOLDER_IMAGE);
}

/** Image list for the feed: unusable entries are dropped (SPEC.md §5 "In the feed such entries are dropped"). */
export function resolveFeedImages(references: unknown, storageHost?: string): string[] {
  const list = Array.isArray(references) ? references : typeof references === 'string' ? [references] : [];
  return list
    .map((ref) => resolveImageReference(ref, storageHost))
    .filter((url): url is string => url !== null);
}

/**
 * Sizes `POST /api/upload` stores of every ad photo, as WebP without metadata, by the longer
 * edge in pixels (never enlarged): `card` for lists, `detail` for the ad page, `full` for the
 * full-screen view.
 */
export const IMAGE_VARIANTS = { card: 400, detail: 1024, full: 1920 } as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;

/**
 * File names of uploaded ad photos: `<id>-<variant>.webp`, `id` being 32 hex characters, served
 * at `/api/images/<name>` with a year-long immutable cache. Upload answers and listings carry the
 * `detail` URL.
 */
export const IMAGE_VARIANT_NAME_PATTERN = /^([a-f0-9]{32})-(card|detail|full)\.webp$/;

/**
 * The URL of another size of an uploaded ad photo: `/api/images/<id>-detail.webp` with
 * `'card'` gives `/api/images/<id>-card.webp`. Any other URL (placeholders, avatars, external
 * images) comes back unchanged.
 */
export function imageVariantUrl(url: string, variant: ImageVariant): string {
  const match = /^(.*\/)?([a-f0-9]{32})-(card|detail|full)\.webp$/.exec(url);
  if (!match) return url;
  return `${match[1] ?? ''}${match[2]}-${variant}.webp`;
}

/**
 * The shape of every ad card's cover, in the web app's grids and in the server's first HTML of
 * the home page: 400 x 300 CSS pixels of intrinsic size (the `card` variant's longer edge), shown
 * at the card's width in 4:3 and cropped to cover, whatever the photo's own shape (a portrait
 * phone photo is cut at top and bottom, never makes its card taller).
 */
export const CARD_COVER = { width: 400, height: 300, aspectRatio: '4 / 3', fit: 'cover' } as const;

/**
 * The cover of an ad in a grid (SPEC.md §5 feed rule: unusable references are dropped), in the
 * card size; the placeholder when no usable image is left. The web app's cards and the
 * server's first HTML of the home page both use it.
 */
export function coverImageUrl(images: unknown): string {
  const [first] = resolveFeedImages(images);
  return first ? imageVariantUrl(first, 'card') : PLACEHOLDER_IMAGE;
}
