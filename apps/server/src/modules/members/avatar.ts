import type { ImageUploadStream } from '../media/index.ts';
import { getAccount, type UserRow, updateAccount } from '../users/index.ts';
import type { MembersDeps } from './account.ts';

/**
 * Replaces the member's avatar (settings page) with the uploaded image and removes the
 * previous file. The upload goes through the one image pipeline (`purpose: 'avatar'`):
 * streamed, at most 5 MB, JPEG, PNG or WebP by its bytes, EXIF orientation applied, centre
 * square of 256 x 256 px, WebP without metadata. Published as `user.updated` afterwards.
 * @param file the multipart file stream (`openImageUpload(request, 'avatar')`)
 * @returns the updated account
 * @throws AppError payload_too_large (413), unsupported_image (415), user_not_found (404)
 */
export async function replaceAvatar(
  deps: MembersDeps,
  userId: string,
  file: ImageUploadStream,
): Promise<UserRow> {
  const previous = (await getAccount(deps.db, userId)).avatarUrl;
  const { url } = await deps.images.processImageUpload(file, { purpose: 'avatar' });
  const updated = await updateAccount(deps.db, userId, { avatarUrl: url }).catch(async (error: unknown) => {
    await deps.storage.removeByUrl(url);
    throw error;
  });
  if (previous) await deps.storage.removeByUrl(previous).catch(() => {});
  await deps.events.publish('user.updated', { userId });
  return updated;
}

/**
 * Removes the member's avatar (the default one shows again); published as `user.updated`.
 * @returns the updated account
 * @throws AppError user_not_found (404)
 */
export async function removeAvatar(deps: MembersDeps, userId: string): Promise<UserRow> {
  const previous = (await getAccount(deps.db, userId)).avatarUrl;
  const updated = await updateAccount(deps.db, userId, { avatarUrl: null });
  if (previous) await deps.storage.removeByUrl(previous).catch(() => {});
  await deps.events.publish('user.updated', { userId });
  return updated;
}
