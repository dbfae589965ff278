import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  IMAGE_VARIANTS,
  type ImageVariant,
  UPLOAD_IMAGE_TYPES,
  UPLOAD_MAX_BYTES,
} from '@marketplace/contract';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { AppError } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { type EncodeLimiter, renderAvatar, renderVariants } from './images.ts';

/** Storage folder of ad photos; they are served at `/api/images/<id>-<variant>.webp`. */
export const LISTING_IMAGE_FOLDER = 'listings';
/** Storage folder of avatars; they are served at `/api/images/avatars/<name>.webp`. */
export const AVATAR_FOLDER = 'avatars';
/** URL prefix of stored images; the media and users routes serve what lies below it. */
export const IMAGE_URL_PREFIX = '/api/images/';
/** Largest accepted avatar upload, in bytes. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** What an uploaded image is for; each purpose has its limits and stored sizes. */
export type ImagePurpose = 'listing' | 'avatar';

/** An image after the pipeline: `id` names its files, `url` is what the browser loads. */
export interface StoredImage {
  id: string;
  url: string;
}

/** The multipart file stream as `@fastify/multipart` hands it over. */
export type ImageUploadStream = Readable & { truncated?: boolean };

interface PurposeRule<Encoded> {
  /** Largest upload in bytes; the stream is cut there. */
  maxBytes: number;
  /** MIME types accepted by their magic bytes. */
  types: readonly string[];
  /** German `detail` for a file of another type (the catalogue's text when absent). */
  wrongType?: string;
  /** German `detail` for a file above `maxBytes`. */
  tooLarge: string;
  /** Encodes the checked file (a path); a failure means its bytes cannot be decoded. */
  encode(file: string, limiter: EncodeLimiter): Promise<Encoded>;
  /** Stores what `encode` made; removes its own partial files when it fails. */
  store(encoded: Encoded, storage: MediaStorage): Promise<StoredImage>;
}

/** Forgets a rule's encoded type, so the pipeline can treat every purpose alike. */
function rule<Encoded>(definition: PurposeRule<Encoded>): PurposeRule<unknown> {
  return definition as PurposeRule<unknown>;
}

/** The URL of one size of an uploaded ad photo. */
export function imageUrl(id: string, variant: ImageVariant = 'detail'): string {
  return `${IMAGE_URL_PREFIX}${id}-${variant}.webp`;
}

/**
 * Writes all sizes of an ad photo under one new id; on a failure the sizes written so far are
 * removed again. @returns the id and the URL of the `detail` size
 */
async function storeListingPhoto(
  variants: Record<ImageVariant, Buffer>,
  storage: MediaStorage,
): Promise<StoredImage> {
  const id = randomBytes(16).toString('hex');
  const written: string[] = [];
  try {
    for (const variant of Object.keys(IMAGE_VARIANTS) as ImageVariant[]) {
      const name = `${id}-${variant}.webp`;
      await storage.write(LISTING_IMAGE_FOLDER, name, variants[variant]);
      written.push(name);
    }
  } catch (error) {
    await Promise.all(written.map((name) => storage.remove(LISTING_IMAGE_FOLDER, name)));
    throw error;
  }
  return { id, url: imageUrl(id) };
}

/**
 * Limits, accepted types and stored sizes per purpose. Story and chat media join here as
 * further purposes when their modules arrive, so every image takes the same path.
 */
const PURPOSES: Record<ImagePurpose, PurposeRule<unknown>> = {
  listing: rule({
    maxBytes: UPLOAD_MAX_BYTES,
    types: UPLOAD_IMAGE_TYPES,
    wrongType: 'Nur JPEG-, PNG-, WebP- oder AVIF-Bilder sind erlaubt.',
    tooLarge: 'Die Datei ist zu groß. Maximal 20 MB.',
    encode: renderVariants,
    store: storeListingPhoto,
  }),
  avatar: rule({
    maxBytes: AVATAR_MAX_BYTES,
    types: ['image/jpeg', 'image/png', 'image/webp'],
    tooLarge: `Das Bild ist zu groß. Maximum: ${AVATAR_MAX_BYTES / 1024 / 1024} MB.`,
    encode: renderAvatar,
    async store(data: Buffer, storage) {
      const url = await storage.put(AVATAR_FOLDER, 'webp', data);
      return { id: path.basename(url, '.webp'), url };
    },
  }),
};

/** German `detail` when the bytes claim an accepted type but cannot be decoded. */
export const UNREADABLE_IMAGE = 'Das Bild konnte nicht gelesen werden. Bitte versuche ein anderes.';

/**
 * The one file of a multipart upload in the field `file`, as a stream cut at the purpose's
 * byte limit (never read whole into memory).
 * @throws AppError validation (422) without a multipart body or without the field `file`
 */
export async function openImageUpload(
  request: FastifyRequest,
  purpose: ImagePurpose,
): Promise<ImageUploadStream> {
  const missing = new AppError(
    'validation',
    "Bitte lade ein Bild im Feld 'file' hoch (multipart/form-data).",
  );
  if (!request.isMultipart()) throw missing;
  const file = await request.file({ limits: { fileSize: PURPOSES[purpose].maxBytes } });
  if (file?.fieldname !== 'file') throw missing;
  return file.file;
}

/** The image pipeline of one application (ARCHITECTURE.md "media"); see `processImageUpload`. */
export interface ImagePipeline {
  /**
   * Streams an uploaded image to a temporary file under `DATA_DIR/tmp` (never whole in
   * memory), cuts it at the purpose's byte limit, checks its type by the magic bytes (the
   * file name and declared type do not count), encodes WebP without metadata through the one
   * encode limiter, and stores it: ad photos as `card`, `detail` and `full` sizes, avatars as
   * a 256 x 256 square. The temporary file is gone afterwards, also on failure.
   * @returns the stored image's id and URL (for ad photos the `detail` size)
   * @throws AppError payload_too_large (413) above the limit (ad photos 20 MB, avatars 5 MB);
   *   unsupported_image (415) for another type or bytes that cannot be decoded
   */
  processImageUpload(file: ImageUploadStream, options: { purpose: ImagePurpose }): Promise<StoredImage>;
}

/** Name prefix of the temporary files of uploads in progress. */
const TMP_PREFIX = 'upload-';

/**
 * Removes the temporary files of uploads that were in progress when a previous process of
 * this `DATA_DIR` ended without cleaning up (killed). Run on start only: the data folder lock
 * (docs/decisions/0001) makes sure no other process is uploading into it.
 * @returns how many files were removed
 */
export async function removeLeftoverUploads(tmpDir: string): Promise<number> {
  const names = await fs.promises.readdir(tmpDir).catch(() => [] as string[]);
  const leftovers = names.filter((name) => name.startsWith(TMP_PREFIX));
  await Promise.all(leftovers.map((name) => fs.promises.rm(path.join(tmpDir, name), { force: true })));
  return leftovers.length;
}

function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Creates the pipeline for one application. @param tmpDir folder for partial uploads, normally
 * `DATA_DIR/tmp` @param limiter the application's one encode limiter
 */
export function createImagePipeline(deps: {
  storage: MediaStorage;
  tmpDir: string;
  limiter: EncodeLimiter;
}): ImagePipeline {
  return {
    async processImageUpload(file, { purpose }) {
      const purposeRule = PURPOSES[purpose];
      const tooLarge = () => new AppError('payload_too_large', purposeRule.tooLarge);
      await fs.promises.mkdir(deps.tmpDir, { recursive: true });
      const tmp = path.join(deps.tmpDir, `${TMP_PREFIX}${randomBytes(12).toString('hex')}`);
      try {
        try {
          await pipeline(file, fs.createWriteStream(tmp, { mode: 0o600 }));
        } catch (error) {
          if (isFileTooLarge(error)) throw tooLarge();
          throw error;
        }
        if (file.truncated) throw tooLarge();
        const type = await fileTypeFromFile(tmp);
        if (!type || !purposeRule.types.includes(type.mime)) {
          throw new AppError('unsupported_image', purposeRule.wrongType);
        }
        let encoded: unknown;
        try {
          encoded = await purposeRule.encode(tmp, deps.limiter);
        } catch {
          throw new AppError('unsupported_image', UNREADABLE_IMAGE);
        }
        return await purposeRule.store(encoded, deps.storage);
      } finally {
        await fs.promises.rm(tmp, { force: true });
      }
    },
  };
}
