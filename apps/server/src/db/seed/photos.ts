import type { ImageVariant } from '@marketplace/contract';
import sharp from 'sharp';
import type { ResolvedCategory } from '../../modules/categories/index.ts';
import { renderVariants } from '../../modules/media/index.ts';
import { demoPhotoSvg } from './images.ts';
import type { Random } from './random.ts';

/** Distinct drawn photos per top-level category, reused across its ads. */
const PHOTOS_PER_ROOT = 3;

/**
 * A drawn SVG as WebP in every size of an upload; `density` (dpi, 72 by default) scales it
 * (48 draws a 1200 × 900 drawing at 800 × 600).
 */
export async function encodeDrawing(svg: string | Buffer, density?: number) {
  return renderVariants(
    await sharp(Buffer.from(svg), density ? { density } : {})
      .png()
      .toBuffer(),
  );
}

/**
 * Draws `perRoot` photos of each top-level category and encodes their WebP sizes. The drawings
 * take their random numbers before the first await, so callers may draw other things meanwhile.
 */
export async function drawPhotos(random: Random, roots: ResolvedCategory[], perRoot = PHOTOS_PER_ROOT) {
  // The drawings take random numbers in a fixed order; only the encoding runs in parallel.
  const drawings = roots.flatMap((root, index) =>
    Array.from({ length: perRoot }, (_, i) => ({
      rootId: root.id,
      svg: demoPhotoSvg(root.name, `Foto ${i + 1}`, ((index * 360) / roots.length + i * 25) % 360, random),
    })),
  );
  const encoded = await Promise.all(
    drawings.map(async (drawing) =>
      // 800 x 600: large enough for the full-screen view, quick to draw on a first start.
      encodeDrawing(drawing.svg, 48),
    ),
  );
  const photos = new Map<number, Record<ImageVariant, Buffer>[]>();
  drawings.forEach((drawing, i) => {
    photos.set(drawing.rootId, [
      ...(photos.get(drawing.rootId) ?? []),
      encoded[i] as Record<ImageVariant, Buffer>,
    ]);
  });
  return photos;
}
