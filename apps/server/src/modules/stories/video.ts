import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import ffprobe from '@ffprobe-installer/ffprobe';
import { STORY_SECONDS_MAX, storyTexts } from '@marketplace/contract';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { EncodeLimiter } from '../media/index.ts';

/**
 * Story videos before they are stored: read by ffprobe (a real MP4/MOV with a picture, short and
 * small enough) and remuxed by ffmpeg without their metadata, as the image pipeline stores
 * photos without theirs. Both are the static binaries of `@ffprobe-installer/ffprobe` and
 * `@ffmpeg-installer/ffmpeg`, installed with the npm dependencies; they run on the upload's
 * temporary file with an argument list (no shell), a time limit, and the MP4/MOV reader forced
 * (`-f mov`), so no other format (playlists, concatenation lists) is ever read from an upload.
 */

const run = promisify(execFile);

/**
 * Longest story video, in seconds. SPEC.md sets none (§9 names only the image stories' 5 s);
 * a minute keeps a story as short as the format means it to be and bounds what every viewer
 * loads. Longer uploads are refused.
 */
export const STORY_VIDEO_MAX_SECONDS = STORY_SECONDS_MAX;
/** Longest side of a story video's picture, in pixels (4K); larger ones are refused. */
export const STORY_VIDEO_MAX_EDGE_PX = 4096;

/** Longest ffprobe run on one upload, in ms (it reads the index only, not the picture). */
const PROBE_TIMEOUT_MS = 15_000;
/** Longest remux of one upload (at most 50 MB, copied without encoding), in ms. */
const REMUX_TIMEOUT_MS = 60_000;
/** ffprobe and ffmpeg processes at once per server process; further uploads wait their turn. */
const MAX_PARALLEL_PROCESSES = 2;
const processes = new EncodeLimiter(MAX_PARALLEL_PROCESSES);

/** The containers a story video is stored in, by the upload's type (SPEC.md §5: MP4, MOV). */
export type StoryVideoContainer = 'mp4' | 'mov';

/** What ffprobe tells of an upload (`-show_entries` below); numbers in seconds come as text. */
const probeAnswer = z.object({
  streams: z
    .array(
      z.object({
        index: z.number(),
        codec_type: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        duration: z.string().optional(),
        disposition: z.object({ attached_pic: z.number().optional() }).optional(),
      }),
    )
    .default([]),
  format: z.object({ duration: z.string().optional() }).default({}),
});

/** A story video as ffprobe read it. */
export interface ProbedVideo {
  /** Index of the stream of the picture in the file. */
  stream: number;
  /** Length in seconds (the longest of the container and its streams). */
  seconds: number;
  /** Size of the picture in pixels, as stored (before any rotation). */
  width: number;
  height: number;
}

/**
 * Reads an uploaded story video with one ffprobe run: it must be an MP4/MOV container ffprobe can
 * read, with a moving picture (a cover picture of an audio file does not count), a length of at
 * most {@link STORY_VIDEO_MAX_SECONDS} s (rounded to whole seconds, so a recording stopped at a
 * minute passes) and at most {@link STORY_VIDEO_MAX_EDGE_PX} pixels on either side (SPEC.md §5).
 * @param file the upload's temporary file
 * @throws AppError unsupported_image (415) 'Nur Bild- und Videodateien sind erlaubt' for anything
 *   that is no such video (other bytes behind an MP4 header, no picture, no length); validation
 *   (422) with a German detail for a video that is too long or too large
 */
export async function probeVideo(file: string): Promise<ProbedVideo> {
  const wrongType = new AppError('unsupported_image', storyTexts.wrongType);
  let stdout: string;
  try {
    ({ stdout } = await processes.run(() =>
      run(
        ffprobe.path,
        [
          ...['-v', 'error', '-f', 'mov', '-of', 'json'],
          ...[
            '-show_entries',
            'format=duration:stream=index,codec_type,width,height,duration:stream_disposition=attached_pic',
          ],
          ...['-i', file],
        ],
        { timeout: PROBE_TIMEOUT_MS, maxBuffer: 1024 * 1024, windowsHide: true },
      ),
    ));
  } catch {
    throw wrongType;
  }
  let answer: z.infer<typeof probeAnswer>;
  try {
    answer = probeAnswer.parse(JSON.parse(stdout));
  } catch {
    throw wrongType;
  }
  const picture = answer.streams.find(
    (stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1,
  );
  const width = picture?.width ?? 0;
  const height = picture?.height ?? 0;
  const seconds = Math.max(
    ...[answer.format.duration, ...answer.streams.map((stream) => stream.duration)].map((value) =>
      value === undefined ? 0 : Number(value) || 0,
    ),
  );
  if (!picture || width <= 0 || height <= 0 || !(seconds > 0)) throw wrongType;
  if (Math.round(seconds) > STORY_VIDEO_MAX_SECONDS) {
    throw new AppError(
      'validation',
      `Das Video ist zu lang (${Math.round(seconds)} Sekunden). Erlaubt sind höchstens ${STORY_VIDEO_MAX_SECONDS} Sekunden.`,
    );
  }
  if (width > STORY_VIDEO_MAX_EDGE_PX || height > STORY_VIDEO_MAX_EDGE_PX) {
    throw new AppError(
      'validation',
      `Das Video ist zu groß (${width} × ${height} Pixel). Erlaubt sind höchstens ${STORY_VIDEO_MAX_EDGE_PX} Pixel je Seite.`,
    );
  }
  return { stream: picture.index, seconds, width, height };
}

/**
 * Writes the video of `source` to `target` (a new file) in the same `container`, without any
 * metadata a viewer could read: no title, location (GPS), creation time, device or encoder tags
 * of the file or its streams, no chapters, and only the picture `video.stream` that
 * {@link probeVideo} found and the first audio stream (no cover pictures, data or timed-metadata
 * tracks). The picture and
 * sound are copied, not encoded again, so this takes well under a second for 50 MB; the rotation
 * of the picture stays. The index is put in front (`faststart`), so a viewer's browser starts
 * playing before the whole file arrived.
 * @throws AppError unsupported_image (415) 'Nur Bild- und Videodateien sind erlaubt' when ffmpeg
 *   cannot read the file as a video of that container; `target` may then be left for the caller
 *   to remove
 */
export async function stripVideoMetadata(
  source: string,
  video: ProbedVideo,
  target: string,
  container: StoryVideoContainer,
): Promise<void> {
  try {
    await processes.run(() =>
      run(
        ffmpeg.path,
        [
          ...['-nostdin', '-v', 'error', '-f', 'mov', '-i', source],
          ...['-map', `0:${video.stream}`, '-map', '0:a:0?'],
          ...['-map_metadata', '-1', '-map_metadata:s', '-1', '-map_chapters', '-1'],
          ...['-c', 'copy', '-movflags', '+faststart', '-fflags', '+bitexact'],
          ...['-f', container, '-n', target],
        ],
        { timeout: REMUX_TIMEOUT_MS, maxBuffer: 1024 * 1024, windowsHide: true },
      ),
    );
  } catch {
    throw new AppError('unsupported_image', storyTexts.wrongType);
  }
}
