import { IMAGE_VARIANT_NAME_PATTERN, IMAGE_VARIANTS, type ImageVariant } from '@marketplace/contract';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { consumeRequestQuota, type RequestLimit } from '../auth/index.ts';
import {
  IMAGE_URL_PREFIX,
  type ImagePipeline,
  type ImageUploadStream,
  imageUrl,
  LISTING_IMAGE_FOLDER,
} from './pipeline.ts';
import { uploads } from './schema.ts';

export { IMAGE_URL_PREFIX, imageUrl, LISTING_IMAGE_FOLDER } from './pipeline.ts';

/** Uploads no ad or chat message uses are removed after this many ms (a day). */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** Photo uploads per member and hour (ARCHITECTURE.md "limits"). */
export const UPLOAD_LIMIT: RequestLimit = {
  bucket: 'upload',
  max: 300,
  windowMs: 60 * 60 * 1000,
  reason: 'Du hast in kurzer Zeit sehr viele Fotos hochgeladen.',
};

/** What ad photo uploads need from the running application. */
export interface MediaDeps {
  db: Database;
  storage: MediaStorage;
  /** The application's one image pipeline. */
  images: ImagePipeline;
}

/** The upload id behind an ad photo URL of this server (any size), or null for other URLs. */
export function uploadIdOf(url: string): string | null {
  if (!url.startsWith(IMAGE_URL_PREFIX)) return null;
  return IMAGE_VARIANT_NAME_PATTERN.exec(url.slice(IMAGE_URL_PREFIX.length))?.[1] ?? null;
}

/**
 * `POST /api/upload` (ARCHITECTURE.md "Contracts": field `file`): the photo goes through the
 * image pipeline (streamed, at most 20 MB, JPEG, PNG, WebP or AVIF by its bytes, WebP sizes
 * without metadata) and is recorded as an upload of `ownerId` that an ad can claim within a day.
 * @param file the multipart file stream (`openImageUpload(request, 'listing')`)
 * @returns `{ url }` of the `detail` size, `/api/images/<id>-detail.webp`
 * @throws AppError rate_limited (429), payload_too_large (413), unsupported_image (415)
 */
export async function storeUpload(
  deps: MediaDeps,
  ownerId: string,
  file: ImageUploadStream,
): Promise<{ url: string }> {
  await consumeRequestQuota(deps.db, UPLOAD_LIMIT, ownerId);
  const image = await deps.images.processImageUpload(file, { purpose: 'listing' });
  try {
    await deps.db.insert(uploads).values({ id: image.id, ownerId });
  } catch (error) {
    await removeFiles(deps.storage, [image.id]);
    throw error;
  }
  return { url: image.url };
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
  const usable = and(
    inArray(uploads.id, ids),
    inArray(uploads.ownerId, [...ownerIds]),
    or(isNull(uploads.listingId), eq(uploads.listingId, listingId)),
    isNull(uploads.chatMessageId),
  );
  // One conditional update: a chat message claiming the same upload at the same time wins or
  // loses as a whole, never both.
  const claimed = await tx.update(uploads).set({ listingId }).where(usable).returning({ id: uploads.id });
  if (claimed.length !== ids.length) {
    throw new AppError(
      'validation',
      "Feld 'images': Mindestens ein Foto ist unbekannt oder gehört zu einer anderen Anzeige. Bitte lade es erneut hoch.",
    );
  }
  return ids.map((id) => imageUrl(id));
}

/** German details of refused chat photos (the field is the message's `image`). */
const chatPhotoTexts = {
  foreign:
    "Feld 'image': Fotos müssen über „Foto hinzufügen“ hochgeladen werden; fremde Bildadressen sind nicht erlaubt.",
  unknown: "Feld 'image': Dieses Foto gibt es nicht (mehr). Bitte lade es erneut hoch.",
  inUse: "Feld 'image': Dieses Foto wird schon verwendet. Bitte lade es erneut hoch.",
} as const;

/**
 * Attaches the photo of a chat message to that message (contract `chat.ts`, SPEC.md §2 /chat),
 * so the upload sweep keeps it for as long as the message exists. Run it in the message's
 * transaction right after the message row is stored: a refusal then stores nothing. Only the
 * sender's own upload that no ad and no other message uses is taken; a parallel claim of the
 * same upload waits for this one and is refused.
 * @param url the message's `image`: a URL `POST /api/upload` answered (any size)
 * @param senderId the member sending the message
 * @param messageId the stored message (`chat_messages.id`)
 * @throws AppError upload_not_own (403) for another member's upload; validation (422) naming
 *   the field `image` for a URL that is no upload of this server, an unknown or removed upload,
 *   or one already used by an ad or another message
 */
export async function claimChatPhoto(
  tx: Database,
  url: string,
  senderId: string,
  messageId: string,
): Promise<void> {
  const id = uploadIdOf(url.trim());
  if (!id) throw new AppError('validation', chatPhotoTexts.foreign);
  const [claimed] = await tx
    .update(uploads)
    .set({ chatMessageId: messageId })
    .where(
      and(
        eq(uploads.id, id),
        eq(uploads.ownerId, senderId),
        isNull(uploads.listingId),
        isNull(uploads.chatMessageId),
      ),
    )
    .returning({ id: uploads.id });
  if (claimed) return;
  const [upload] = await tx.select({ ownerId: uploads.ownerId }).from(uploads).where(eq(uploads.id, id));
  if (upload && upload.ownerId !== senderId) throw new AppError('upload_not_own');
  throw new AppError('validation', upload ? chatPhotoTexts.inUse : chatPhotoTexts.unknown);
}

/**
 * Makes `url` the image of the event `eventId` (run it in the event's transaction): it must be
 * an upload of `ownerId` answered by `POST /api/upload` and not used elsewhere; the event's
 * previous image is detached (removed by the upload sweep a day later). `null` only detaches.
 * @returns the normalised (`detail`) URL, or null
 * @throws AppError validation (422, field `image`) for a foreign or unknown upload
 */
export async function claimEventImage(
  tx: Database,
  url: string | null,
  ownerId: string,
  eventId: string,
): Promise<string | null> {
  const id = url === null ? null : uploadIdOf(url);
  if (url !== null && id === null) throw new AppError('validation', eventImageTexts.unknown);
  await tx
    .update(uploads)
    .set({ localEventId: null })
    .where(and(eq(uploads.localEventId, eventId), id === null ? undefined : sql`${uploads.id} <> ${id}`));
  if (id === null) return null;
  const [claimed] = await tx
    .update(uploads)
    .set({ localEventId: eventId })
    .where(
      and(
        eq(uploads.id, id),
        eq(uploads.ownerId, ownerId),
        isNull(uploads.listingId),
        isNull(uploads.chatMessageId),
        or(isNull(uploads.localEventId), eq(uploads.localEventId, eventId)),
      ),
    )
    .returning({ id: uploads.id });
  if (!claimed) throw new AppError('validation', eventImageTexts.unknown);
  return imageUrl(id, 'detail');
}

/**
 * Makes `urls` the logo, banner and photos of the shop or provider profile `profileId` (run it in the
 * profile's transaction, contract shops.ts): each must be an upload of `ownerId` answered by
 * `POST /api/upload` that no ad, message or event uses; the profile's images not in `urls` are
 * detached (the upload sweep removes them a day later).
 * @throws AppError validation (422) for a foreign, unknown or otherwise used upload
 */
export async function claimProfileImages(
  tx: Database,
  urls: readonly string[],
  ownerId: string,
  profileId: string,
): Promise<void> {
  const ids = [...new Set(urls.map((url) => uploadIdOf(url.trim())))];
  if (ids.some((id) => id === null)) throw new AppError('validation', profileImageText);
  const keep = ids.filter((id): id is string => id !== null);
  await tx
    .update(uploads)
    .set({ businessProfileId: null })
    .where(
      and(
        eq(uploads.businessProfileId, profileId),
        keep.length > 0
          ? sql`${uploads.id} not in (${sql.join(
              keep.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : undefined,
      ),
    );
  if (keep.length === 0) return;
  const claimed = await tx
    .update(uploads)
    .set({ businessProfileId: profileId })
    .where(
      and(
        inArray(uploads.id, keep),
        eq(uploads.ownerId, ownerId),
        isNull(uploads.listingId),
        isNull(uploads.chatMessageId),
        isNull(uploads.localEventId),
        or(isNull(uploads.businessProfileId), eq(uploads.businessProfileId, profileId)),
      ),
    )
    .returning({ id: uploads.id });
  if (claimed.length !== keep.length) throw new AppError('validation', profileImageText);
}

/** The refusal of a profile image that is no free upload of its owner. */
const profileImageText =
  "Feld 'logo'/'banner'/'photos': Bitte lade Logo, Titelbild und Fotos über den Upload hoch; fremde oder schon verwendete Bilder sind nicht erlaubt.";

/** The refusal of an event image that is no upload of its organiser. */
const eventImageTexts = {
  unknown: "Feld 'image': Bitte lade das Bild erneut hoch.",
};

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
 * The upload sweep: removes uploads that no ad and no chat message uses and that are older than
 * `ttlMs` (default a day), rows and files. The media door runs it every hour; safe to run on
 * several instances at once.
 * @returns how many were removed
 */
export async function sweepUnattachedUploads(
  deps: Pick<MediaDeps, 'db' | 'storage'>,
  ttlMs = UNATTACHED_UPLOAD_TTL_MS,
): Promise<number> {
  const rows = await deps.db
    .delete(uploads)
    .where(
      and(
        isNull(uploads.listingId),
        isNull(uploads.chatMessageId),
        isNull(uploads.localEventId),
        isNull(uploads.businessProfileId),
        lt(uploads.createdAt, new Date(Date.now() - ttlMs)),
      ),
    )
    .returning({ id: uploads.id });
  await removeFiles(
    deps.storage,
    rows.map((row) => row.id),
  );
  return rows.length;
}
