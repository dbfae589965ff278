import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  IMAGE_VARIANT_NAME_PATTERN,
  IMAGE_VARIANTS,
  type ImageVariant,
  UPLOAD_IMAGE_TYPES,
} from '@marketplace/contract';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { fileTypeFromFile } from 'file-type';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { consumeRequestQuota, type RequestLimit } from '../auth/limits.ts';
import { renderVariants } from './images.ts';
import { uploads } from './schema.ts';

/** Storage folder of ad photos; they are served at `/api/images/<id>-<variant>.webp`. */
export const LISTING_IMAGE_FOLDER = 'listings';
export const IMAGE_URL_PREFIX = '/api/images/';
/** Uploads no ad uses are removed after this many ms (a day). */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** Photo uploads per member and hour (issue 4 "rate limit uploads"). */
export const UPLOAD_LIMIT: RequestLimit = {
  bucket: 'upload',
  max: 300,
  windowMs: 60 * 60 * 1000,
  reason: 'Du hast in kurzer Zeit sehr viele Fotos hochgeladen.',
};

/** What the upload pipeline needs from the running application. */
export interface MediaDeps {
  db: Database;
  storage: MediaStorage;
  /** Folder for partial uploads, normally `DATA_DIR/tmp`. */
  tmpDir: string;
}

/** The URL of one size of an uploaded photo. */
export function imageUrl(id: string, variant: ImageVariant = 'detail'): string {
  return `${IMAGE_URL_PREFIX}${id}-${variant}.webp`;
}

/** The upload id behind an ad photo URL of this server (any size), or null for other URLs. */
export function uploadIdOf(url: string): string | null {
  if (!url.startsWith(IMAGE_URL_PREFIX)) return null;
  return IMAGE_VARIANT_NAME_PATTERN.exec(url.slice(IMAGE_URL_PREFIX.length))?.[1] ?? null;
}

function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Writes the variants of an image and records the upload for `ownerId`.
 * @returns the upload id and the URL of its `detail` variant
 * @throws AppError unsupported_upload (415) when the image cannot be decoded
 */
export async function saveImage(
  deps: MediaDeps,
  ownerId: string,
  input: string | Buffer,
): Promise<{ id: string; url: string }> {
  let variants: Awaited<ReturnType<typeof renderVariants>>;
  try {
    variants = await renderVariants(input);
  } catch {
    throw new AppError(
      'unsupported_upload',
      'Das Bild konnte nicht gelesen werden. Bitte versuche ein anderes.',
    );
  }
  const id = randomBytes(16).toString('hex');
  const written: string[] = [];
  try {
    for (const variant of Object.keys(IMAGE_VARIANTS) as ImageVariant[]) {
      const name = `${id}-${variant}.webp`;
      await deps.storage.write(LISTING_IMAGE_FOLDER, name, variants[variant]);
      written.push(name);
    }
    await deps.db.insert(uploads).values({ id, ownerId });
  } catch (error) {
    await Promise.all(written.map((name) => deps.storage.remove(LISTING_IMAGE_FOLDER, name)));
    throw error;
  }
  return { id, url: imageUrl(id) };
}

/**
 * `POST /api/upload` (SPEC.md §7, issue 4): streams the file to a temporary file under
 * `tmpDir` (never whole in memory), stops at 20 MB, checks the type by its bytes (JPEG, PNG,
 * WebP, AVIF; a renamed PDF is refused) and stores WebP variants without metadata.
 * @param file the multipart file stream, limited by the caller to `UPLOAD_MAX_BYTES`
 * @returns `{ url }` of the `detail` variant, `/api/images/<id>-detail.webp`
 * @throws AppError rate_limited (429), file_too_large (413), unsupported_upload (415)
 */
export async function storeUpload(
  deps: MediaDeps,
  ownerId: string,
  file: Readable & { truncated?: boolean },
): Promise<{ url: string }> {
  await consumeRequestQuota(deps.db, UPLOAD_LIMIT, ownerId);
  await fs.promises.mkdir(deps.tmpDir, { recursive: true });
  const tmp = path.join(deps.tmpDir, `upload-${randomBytes(12).toString('hex')}`);
  try {
    try {
      await pipeline(file, fs.createWriteStream(tmp, { mode: 0o600 }));
    } catch (error) {
      if (isFileTooLarge(error)) throw new AppError('file_too_large');
      throw error;
    }
    if (file.truncated) throw new AppError('file_too_large');
    const type = await fileTypeFromFile(tmp);
    if (!type || !(UPLOAD_IMAGE_TYPES as readonly string[]).includes(type.mime)) {
      throw new AppError('unsupported_upload');
    }
    const saved = await saveImage(deps, ownerId, tmp);
    return { url: saved.url };
  } finally {
    await fs.promises.rm(tmp, { force: true });
  }
}

/**
 * Checks an ad's photo list and attaches the photos to the ad (run it in the ad's
 * transaction): each URL must be one `POST /api/upload` answered (any size; stored as the
 * `detail` URL), uploaded by one of `ownerIds` and not used by another ad. Repeats are dropped.
 * @returns the normalised URLs, in the given order
 * @throws AppError validation (422) naming the first foreign photo
 */
export async function claimUploads(
  tx: Database,
  urls: readonly string[],
  ownerIds: readonly string[],
  listingId: string,
): Promise<string[]> {
  const ids: string[] = [];
  for (const url of urls) {
    const id = uploadIdOf(url.trim());
    if (!id) {
      throw new AppError(
        'validation',
        "Feld 'images': Fotos müssen über „Foto hinzufügen“ hochgeladen werden; fremde Bildadressen sind nicht erlaubt.",
      );
    }
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, ids),
        inArray(uploads.ownerId, [...ownerIds]),
        or(isNull(uploads.listingId), eq(uploads.listingId, listingId)),
      ),
    );
  const usable = new Set(rows.map((row) => row.id));
  if (ids.some((id) => !usable.has(id))) {
    throw new AppError(
      'validation',
      "Feld 'images': Mindestens ein Foto ist unbekannt oder gehört zu einer anderen Anzeige. Bitte lade es erneut hoch.",
    );
  }
  await tx.update(uploads).set({ listingId }).where(inArray(uploads.id, ids));
  return ids.map((id) => imageUrl(id));
}

/**
 * Detaches the photos an ad no longer uses (inside its transaction) and forgets them.
 * @param keepUrls the ad's photo URLs after the change
 * @returns the upload ids whose files the caller removes after the commit (`removeFiles`)
 */
export async function releaseUploads(
  tx: Database,
  listingId: string,
  keepUrls: readonly string[],
): Promise<string[]> {
  const keep = keepUrls.map(uploadIdOf).filter((id): id is string => id !== null);
  const rows = await tx
    .delete(uploads)
    .where(
      keep.length > 0
        ? and(
            eq(uploads.listingId, listingId),
            sql`${uploads.id} not in (${sql.join(
              keep.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          )
        : eq(uploads.listingId, listingId),
    )
    .returning({ id: uploads.id });
  return rows.map((row) => row.id);
}

/** Forgets every upload of a member (account deletion, inside its transaction). @returns their ids */
export async function releaseUploadsOfOwner(tx: Database, ownerId: string): Promise<string[]> {
  const rows = await tx.delete(uploads).where(eq(uploads.ownerId, ownerId)).returning({ id: uploads.id });
  return rows.map((row) => row.id);
}

/** Removes the stored files of uploads (every size); missing files are ignored. */
export async function removeFiles(storage: MediaStorage, ids: readonly string[]): Promise<void> {
  await Promise.all(
    ids.flatMap((id) =>
      (Object.keys(IMAGE_VARIANTS) as ImageVariant[]).map((variant) =>
        storage.remove(LISTING_IMAGE_FOLDER, `${id}-${variant}.webp`).catch(() => {}),
      ),
    ),
  );
}

/**
 * Removes uploads no ad took within `ttlMs` (default a day), rows and files. Safe to run on
 * several instances at once.
 * @returns how many were removed
 */
export async function sweepUnattachedUploads(
  deps: Pick<MediaDeps, 'db' | 'storage'>,
  ttlMs = UNATTACHED_UPLOAD_TTL_MS,
): Promise<number> {
  const rows = await deps.db
    .delete(uploads)
    .where(and(isNull(uploads.listingId), lt(uploads.createdAt, new Date(Date.now() - ttlMs))))
    .returning({ id: uploads.id });
  await removeFiles(
    deps.storage,
    rows.map((row) => row.id),
  );
  return rows.length;
}
