import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { getAccount, type UserRow, updateAccount } from './service.ts';

/** Largest accepted avatar upload, in bytes. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Edge of the stored square avatar, in pixels. */
export const AVATAR_SIZE_PX = 256;
/** Largest decoded image, in pixels, so a small file cannot unpack into gigabytes. */
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * Turns an uploaded image into a stored avatar: checks the magic bytes (JPEG, PNG or WebP,
 * whatever the file name or declared type says), applies the EXIF orientation, crops the
 * centre square, scales it to 256 x 256 and writes WebP without any metadata (no EXIF GPS).
 * @returns the WebP bytes
 * @throws AppError unsupported_image (415) for other or unreadable files
 */
export async function renderAvatar(upload: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(upload);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw new AppError('unsupported_image');
  try {
    return await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError(
      'unsupported_image',
      'Das Bild konnte nicht gelesen werden. Bitte versuche ein anderes.',
    );
  }
}

/**
 * Replaces the member's avatar with the uploaded image (see `renderAvatar`) and removes the
 * previous file.
 * @returns the updated account
 * @throws AppError unsupported_image (415), user_not_found (404)
 */
export async function replaceAvatar(
  db: Database,
  storage: MediaStorage,
  userId: string,
  upload: Buffer,
): Promise<UserRow> {
  const previous = (await getAccount(db, userId)).avatarUrl;
  const url = await storage.put('avatars', 'webp', await renderAvatar(upload));
  const updated = await updateAccount(db, userId, { avatarUrl: url }).catch(async (error: unknown) => {
    await storage.removeByUrl(url);
    throw error;
  });
  if (previous) await storage.removeByUrl(previous).catch(() => {});
  return updated;
}

/** Removes the member's avatar (the default one shows again). @returns the updated account */
export async function removeAvatar(db: Database, storage: MediaStorage, userId: string): Promise<UserRow> {
  const previous = (await getAccount(db, userId)).avatarUrl;
  const updated = await updateAccount(db, userId, { avatarUrl: null });
  if (previous) await storage.removeByUrl(previous).catch(() => {});
  return updated;
}
