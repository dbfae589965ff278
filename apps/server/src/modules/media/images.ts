import { IMAGE_VARIANTS, type ImageVariant } from '@marketplace/contract';
import sharp from 'sharp';

/** Largest decoded image, in pixels, so a small file cannot unpack into gigabytes. */
export const MAX_INPUT_PIXELS = 100_000_000;
/** WebP quality of the stored variants (0..100). */
const WEBP_QUALITY = 80;
/** Images encoded at the same time per process; more would only queue inside libvips. */
const MAX_PARALLEL_ENCODES = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function withEncodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL_ENCODES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * The stored sizes of an ad photo (issue 4): applies the EXIF orientation (`rotate()`), scales
 * to fit `IMAGE_VARIANTS` (card 400, detail 1024, full 1920 px on the longer edge, never
 * enlarged) and encodes WebP. sharp writes no metadata unless asked, so EXIF (GPS positions),
 * XMP and IPTC are gone from every variant.
 * @param input a file path or the image bytes
 * @throws sharp's error when the image cannot be decoded
 */
export function renderVariants(input: string | Buffer): Promise<Record<ImageVariant, Buffer>> {
  return withEncodeSlot(async () => {
    const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const entries = await Promise.all(
      (Object.entries(IMAGE_VARIANTS) as [ImageVariant, number][]).map(async ([variant, edge]) => {
        const data = await source
          .clone()
          .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer();
        return [variant, data] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<ImageVariant, Buffer>;
  });
}
