import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { storyTexts } from '@marketplace/contract';
import { AppError } from '../../lib/errors.ts';

/**
 * Story videos before they are stored: remuxed by ffmpeg (the static binary of
 * `@ffmpeg-installer/ffmpeg`, installed with the npm dependencies) without their metadata, as
 * the image pipeline stores photos without theirs. The binary runs on the upload's temporary
 * file with an argument list (no shell) and a time limit.
 */

const run = promisify(execFile);

/** Longest a remux of one upload (at most 50 MB, copied without encoding) may take, in ms. */
const REMUX_TIMEOUT_MS = 60_000;

/** The containers a story video is stored in, by the upload's type (SPEC.md §5: MP4, MOV). */
export type StoryVideoContainer = 'mp4' | 'mov';

/**
 * Writes the video of `source` to `target` (a new file) in the same `container`, without any
 * metadata a viewer could read: no title, location (GPS), creation time, device or encoder tags
 * of the file or its streams, no chapters, and only the first video and the first audio stream
 * (no data or timed-metadata tracks). The picture and sound are copied, not encoded again, so
 * this takes well under a second for 50 MB; the rotation of the picture stays. The index is put
 * in front (`faststart`), so a viewer's browser starts playing before the whole file arrived.
 * @throws AppError unsupported_image (415) 'Nur Bild- und Videodateien sind erlaubt' when ffmpeg
 *   cannot read the file as a video of that container; `target` may then be left for the caller
 *   to remove
 */
export async function stripVideoMetadata(
  source: string,
  target: string,
  container: StoryVideoContainer,
): Promise<void> {
  try {
    await run(
      ffmpeg.path,
      [
        ...['-nostdin', '-v', 'error', '-f', 'mov', '-i', source],
        ...['-map', '0:v:0', '-map', '0:a:0?'],
        ...['-map_metadata', '-1', '-map_metadata:s', '-1', '-map_chapters', '-1'],
        ...['-c', 'copy', '-movflags', '+faststart', '-fflags', '+bitexact'],
        ...['-f', container, '-n', target],
      ],
      { timeout: REMUX_TIMEOUT_MS, maxBuffer: 1024 * 1024, windowsHide: true },
    );
  } catch {
    throw new AppError('unsupported_image', storyTexts.wrongType);
  }
}
