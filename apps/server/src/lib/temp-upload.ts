import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A multipart file part: `truncated` is set when the part was cut at the size limit. */
export type FilePart = Readable & { truncated?: boolean };

function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Streams an uploaded file part into a new temporary file `<dir>/<prefix><24 hex digits>`
 * (mode 0600), never holding it whole in memory. A part cut at the multipart size limit leaves
 * no file behind and throws `tooLarge()`; any other stream error leaves none either.
 * @returns the temporary file's path; the caller removes it with {@link removeTempFile}
 */
export async function streamToTempFile(
  file: FilePart,
  dir: string,
  prefix: string,
  tooLarge: () => Error,
): Promise<string> {
  await fs.promises.mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `${prefix}${randomBytes(12).toString('hex')}`);
  try {
    await pipeline(file, fs.createWriteStream(tmp, { mode: 0o600 }));
  } catch (error) {
    await fs.promises.rm(tmp, { force: true });
    if (isFileTooLarge(error)) throw tooLarge();
    throw error;
  }
  if (file.truncated) {
    await fs.promises.rm(tmp, { force: true });
    throw tooLarge();
  }
  return tmp;
}

/** Removes a temporary upload; a missing file is no error. */
export async function removeTempFile(tmp: string): Promise<void> {
  await fs.promises.rm(tmp, { force: true });
}
