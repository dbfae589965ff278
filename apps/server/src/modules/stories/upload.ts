import {
  type StoryListing,
  type StoryUploadFields,
  storyTexts,
  storyUploadFieldsSchema,
} from '@marketplace/contract';
import { AppError } from '../../lib/errors.ts';
import { removeTempFile, streamToTempFile } from '../../lib/temp-upload.ts';
import type { ImageUploadStream } from '../media/index.ts';
import type { Actor } from '../users/index.ts';
import { type StoriesDeps, UUID } from './deps.ts';

/** Multipart text parts of `POST /api/stories/` beside the file. */
export type { StoryUploadFields };

/** Name prefix of temporary story uploads in `DATA_DIR/tmp`. */
const TMP_PREFIX = 'upload-story-';

/**
 * Checks the text fields of a new story with the contract's `storyUploadFieldsSchema`, the one
 * the form 'Story erstellen' checks with, and that a linked ad is one of the member's active
 * ads. @returns caption (trimmed, null when empty), duration in whole seconds, 1 to
 * `STORY_SECONDS_MAX` (null when absent: a picture then shows about 5 s, SPEC.md §9; a
 * video's own length replaces it) and the linked ad
 * @throws AppError validation (422) naming the field (`caption: …`, `duration: …`, `listing_id: …`)
 */
export async function checkFields(
  deps: StoriesDeps,
  actor: Actor,
  fields: StoryUploadFields,
): Promise<{ caption: string | null; duration: number | null; listing: StoryListing | null }> {
  const parsed = storyUploadFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('validation', `${issue?.path.join('.')}: ${issue?.message}`);
  }
  const { caption = '', duration, listing_id: listingId } = parsed.data;
  let listing: StoryListing | null = null;
  if (listingId) {
    listing = UUID.test(listingId) ? await deps.listings.ownActive(deps.db, actor.id, listingId) : null;
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
