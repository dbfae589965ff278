import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { imageUrl, LISTING_IMAGE_FOLDER } from '../media/index.ts';
import type { StoriesDeps } from './deps.ts';
import type { StoryRow } from './schema.ts';

/**
 * The stories' stored files: videos in the media storage's `stories` folder, photos and video
 * posters through the image pipeline's sizes.
 */

/**
 * Storage folder of story videos (the media storage of the ad photos, docs/decisions/0005); they
 * are served with range requests at `/api/stories/media/<name>`.
 */
export const STORY_VIDEO_FOLDER = 'stories';
/** URL prefix of story videos. */
export const STORY_VIDEO_URL_PREFIX = '/api/stories/media/';
/** Stored video names: 32 hex digits and the extension of their type. */
export const STORY_VIDEO_NAME = /^[a-f0-9]{32}\.(mp4|mov)$/;

/** Whether `name` can be a stored story video (`<32 hex>.mp4|mov`). */
export function isVideoName(name: string): boolean {
  return STORY_VIDEO_NAME.test(name);
}

/**
 * A copy of a story's small picture (a photo's, or a video's poster) (`card`, 400 px) as a picture of its own, which the
 * chat message of a reply shows after the story and its files are gone.
 * @returns the copy's URL, or null when the story's picture is missing
 */
export async function copyThumbnail(storage: MediaStorage, storyImageId: string): Promise<string | null> {
  const data = await readAll(storage, `${storyImageId}-card.webp`);
  if (!data) return null;
  const id = randomBytes(16).toString('hex');
  for (const variant of ['card', 'detail', 'full']) {
    await storage.write(LISTING_IMAGE_FOLDER, `${id}-${variant}.webp`, data);
  }
  return imageUrl(id, 'detail');
}

/** Removes the three stored sizes of a picture of the image pipeline (a photo or a video's poster). */
export async function removePicture(storage: MediaStorage, id: string): Promise<void> {
  await Promise.all(
    ['card', 'detail', 'full'].map((variant) =>
      storage.remove(LISTING_IMAGE_FOLDER, `${id}-${variant}.webp`),
    ),
  );
}

/** Removes the stored files of stories (photo, or video and its poster). */
export async function removeMedia(
  deps: StoriesDeps,
  rows: readonly Pick<StoryRow, 'mediaType' | 'mediaName' | 'thumbnailName'>[],
): Promise<void> {
  await Promise.all(
    rows.map(async (row) => {
      if (row.mediaType === 'image') {
        await removePicture(deps.storage, row.mediaName);
      } else {
        await deps.storage.remove(STORY_VIDEO_FOLDER, row.mediaName);
        if (row.thumbnailName) await removePicture(deps.storage, row.thumbnailName);
      }
    }),
  );
}

/** Largest stored story picture (the `detail` size the viewer loads first), in bytes. */
export const STORY_IMAGE_MAX_BYTES = 200 * 1024;

async function readAll(storage: MediaStorage, name: string): Promise<Buffer | null> {
  const file = await storage.read(LISTING_IMAGE_FOLDER, name);
  if (!file) return null;
  const parts: Buffer[] = [];
  for await (const part of file.stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/**
 * Keeps a story's picture (the pipeline's `detail` WebP, at most 1024 px, already without
 * metadata) under 200 kB: a larger one is encoded again with lower quality, and smaller when
 * quality alone is not enough. The `card` and `full` sizes stay as the pipeline made them.
 */
export async function capStoryImage(storage: MediaStorage, id: string): Promise<void> {
  const name = `${id}-detail.webp`;
  const data = await readAll(storage, name);
  if (!data || data.length <= STORY_IMAGE_MAX_BYTES) return;
  let smaller: Buffer = data;
  for (const [edge, quality] of [
    [1024, 65],
    [1024, 50],
    [900, 45],
    [720, 40],
    [540, 35],
  ] as const) {
    smaller = await sharp(data)
      .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer();
    if (smaller.length <= STORY_IMAGE_MAX_BYTES) break;
  }
  await storage.remove(LISTING_IMAGE_FOLDER, name);
  await storage.write(LISTING_IMAGE_FOLDER, name, smaller);
}
