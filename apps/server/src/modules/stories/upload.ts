import { STORY_CAPTION_MAX, type StoryListing, storyTexts } from '@marketplace/contract';
import { AppError } from '../../lib/errors.ts';
import { removeTempFile, streamToTempFile } from '../../lib/temp-upload.ts';
import type { ImageUploadStream } from '../media/index.ts';
import type { Actor } from '../users/index.ts';
import { type StoriesDeps, UUID } from './deps.ts';
import { STORY_VIDEO_MAX_SECONDS } from './video.ts';

/** Multipart parts of `POST /api/stories/` after the file. */
export interface StoryUploadFields {
  caption?: string | undefined;
  duration?: string | undefined;
  listing_id?: string | undefined;
}

/** Name prefix of temporary story uploads in `DATA_DIR/tmp`. */
const TMP_PREFIX = 'upload-story-';

/**
 * Checks the text fields of a new story. @returns caption (trimmed, null when empty), duration
 * in whole seconds, 1 to {@link STORY_VIDEO_MAX_SECONDS} (null when absent: a picture then shows
 * about 5 s, SPEC.md §9; a video's own length replaces it) and the linked ad id
 * @throws AppError validation (422) naming the field
 */
export async function checkFields(
  deps: StoriesDeps,
  actor: Actor,
  fields: StoryUploadFields,
): Promise<{ caption: string | null; duration: number | null; listing: StoryListing | null }> {
  const caption = fields.caption?.trim() ?? '';
  if (caption.length > STORY_CAPTION_MAX) {
    throw new AppError('validation', `caption: höchstens ${STORY_CAPTION_MAX} Zeichen.`);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(caption)) {
    throw new AppError('validation', 'caption: Steuerzeichen sind nicht erlaubt.');
  }
  let duration: number | null = null;
  if (fields.duration !== undefined && fields.duration.trim() !== '') {
    const value = Number(fields.duration);
    if (!Number.isFinite(value) || Math.round(value) < 1 || Math.round(value) > STORY_VIDEO_MAX_SECONDS) {
      throw new AppError(
        'validation',
        `duration: eine Zahl von Sekunden zwischen 1 und ${STORY_VIDEO_MAX_SECONDS}.`,
      );
    }
    duration = Math.round(value);
  }
  let listing: StoryListing | null = null;
  if (fields.listing_id) {
    listing = UUID.test(fields.listing_id)
      ? await deps.listings.ownActive(deps.db, actor.id, fields.listing_id)
      : null;
    if (!listing) throw new AppError('validation', `listing_id: ${storyTexts.foreignListing}`);
  }
  return { caption: caption.length > 0 ? caption : null, duration, listing };
}

/**
 * Streams an uploaded story file to a new temporary file in `DATA_DIR/tmp` (never whole in
 * memory), cut at 50 MB. The caller removes the file (`discardUpload`) when done.
 * @returns the temporary file's path
 * @throws AppError payload_too_large (413) 'Datei ist zu groß. Maximum: 50MB'
 */
export function receiveUpload(deps: StoriesDeps, file: ImageUploadStream): Promise<string> {
  return streamToTempFile(
    file,
    deps.tmpDir,
    TMP_PREFIX,
    () => new AppError('payload_too_large', storyTexts.tooLarge),
  );
}

/** Removes a temporary upload; a missing file is no error. */
export const discardUpload = removeTempFile;
