import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
import { VIEW_MARKS_CACHE_MS } from './view-marks.ts';

/** Bytes of finished feed answers one instance keeps at most (all viewers, all encodings). */
export const FEED_ANSWERS_MAX_BYTES = 32 * 1024 * 1024;

/** Answers below this size go out as they are (the threshold of the app's `@fastify/compress`). */
export const FEED_COMPRESS_MIN_BYTES = 1024;

/** How a feed answer is encoded on the wire (`Content-Encoding`; `identity`: not at all). */
export type FeedEncoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding for a request's `Accept-Encoding` header: brotli before gzip when the client
 * weighs them alike, `identity` when it accepts neither (or sends no header).
 */
export function feedEncoding(acceptEncoding: string | undefined): FeedEncoding {
  if (!acceptEncoding) return 'identity';
  const chosen = negotiate(acceptEncoding.toLowerCase(), ['br', 'gzip']);
  return chosen === 'br' || chosen === 'gzip' ? chosen : 'identity';
}

interface Kept {
  /** Serial number of the viewer's order the answer was made from; another one makes it stale. */
  basis: number;
  body: Buffer;
}

function encode(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? // Quality 4, as the app's `@fastify/compress` uses for every other answer.
      zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : zlib.gzipSync(body);
}

/**
 * Finished `GET /api/stories/feed` answers per viewer, page and encoding, as bytes ready for the
 * socket (docs/decisions/0013-story-feed-summary.md, "Finished answers"). An answer is kept only
 * as long as the viewer's order it was made from (`basis`, the order's serial number: the same
 * view marks, summary version and earliest expiry) and never longer than {@link VIEW_MARKS_CACHE_MS}; all of them together
 * stay under {@link FEED_ANSWERS_MAX_BYTES}, the least recently used going first.
 */
export class FeedAnswers {
  private readonly kept: LRUCache<string, Kept>;

  constructor(maxBytes = FEED_ANSWERS_MAX_BYTES, ttlMs = VIEW_MARKS_CACHE_MS) {
    this.kept = new LRUCache<string, Kept>({
      maxSize: maxBytes,
      sizeCalculation: (kept) => Math.max(1, kept.body.length),
      ttl: ttlMs,
    });
  }

  /**
   * The answer for `key` (viewer and page) in `encoding`: kept bytes while `basis` is the one they
   * were made from, else `make()`'s JSON text encoded (and kept). Answers under
   * {@link FEED_COMPRESS_MIN_BYTES} are never compressed: check `encoding` of the result.
   * @returns the bytes and the encoding they are in
   */
  answer(
    key: string,
    basis: number,
    encoding: FeedEncoding,
    make: () => string,
  ): { body: Buffer; encoding: FeedEncoding } {
    const plain = this.take(`${key}\0identity`, basis, () => Buffer.from(make()));
    if (encoding === 'identity' || plain.length < FEED_COMPRESS_MIN_BYTES) {
      return { body: plain, encoding: 'identity' };
    }
    return { body: this.take(`${key}\0${encoding}`, basis, () => encode(plain, encoding)), encoding };
  }

  private take(key: string, basis: number, make: () => Buffer): Buffer {
    const kept = this.kept.get(key);
    if (kept && kept.basis === basis) return kept.body;
    const body = make();
    this.kept.set(key, { basis, body });
    return body;
  }
}
