import { IMAGE_VARIANTS, type ImageVariant } from '@marketplace/contract';
import sharp from 'sharp';

/** Largest decoded image, in pixels, so a small file cannot unpack into gigabytes. */
export const MAX_INPUT_PIXELS = 100_000_000;
/** WebP quality of every stored image (0..100). */
export const WEBP_QUALITY = 80;
/** Edge of the stored square avatar, in pixels. */
export const AVATAR_SIZE_PX = 256;
/** Images encoded at the same time per process; more would only queue inside libvips. */
export const MAX_PARALLEL_ENCODES = 2;

/**
 * Lets at most `max` image encodings run at once; the others wait in arrival order. The media
 * plugin creates one per application, and every image of that application (ad photos,
 * avatars, later story and chat media) is encoded through it.
 */
export class EncodeLimiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  private readonly max: number;

  constructor(max = MAX_PARALLEL_ENCODES) {
    this.max = max;
  }

  /** Runs `work` when a slot is free. @returns what `work` returns; its error is passed on */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

/** Decoding settings shared by every purpose: bounded size, broken files are errors. */
function decode(input: string | Buffer): ReturnType<typeof sharp> {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
}

/**
 * The stored sizes of an ad photo (ARCHITECTURE.md "media"): applies the EXIF orientation
 * (`rotate()`), scales to fit `IMAGE_VARIANTS` (card 400, detail 1024, full 1920 px on the
 * longer edge, never enlarged) and encodes WebP. sharp writes no metadata unless asked, so
 * EXIF (GPS positions), XMP and IPTC are gone from every variant.
 * @param input a file path or the image bytes
 * @param limiter the application's encode limiter; without one (demo data at start) it runs at once
 * @throws sharp's error when the image cannot be decoded
 */
export function renderVariants(
  input: string | Buffer,
  limiter?: EncodeLimiter,
): Promise<Record<ImageVariant, Buffer>> {
  const work = async () => {
    const source = decode(input);
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
  };
  return limiter ? limiter.run(work) : work();
}

/**
 * A member's avatar: EXIF orientation applied, the centre square cut out, scaled to
 * `AVATAR_SIZE_PX` (256 x 256) and encoded WebP without any metadata (no EXIF GPS).
 * @param input a file path or the image bytes
 * @throws sharp's error when the image cannot be decoded
 */
export function renderAvatar(input: string | Buffer, limiter: EncodeLimiter): Promise<Buffer> {
  return limiter.run(() =>
    decode(input)
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'centre' })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer(),
  );
}
