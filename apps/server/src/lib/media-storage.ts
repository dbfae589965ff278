import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bytes `start` to `end` of a file, both included (as in an HTTP `Range` header). */
export interface ByteRange {
  start: number;
  end: number;
}

/** Where uploaded media live; local folder today, an S3 bucket can implement the same. */
export interface MediaStorage {
  /**
   * Stores `data` under `<folder>/<random>.<extension>`.
   * @returns the URL the browser loads it from
   */
  put(folder: string, extension: string, data: Buffer): Promise<string>;
  /**
   * Stores `data` under `<folder>/<name>` with a name the caller chose (see
   * `MEDIA_NAME_PATTERN`), replacing nothing: an existing file is an error.
   * @throws for a name outside the pattern
   */
  write(folder: string, name: string, data: Buffer): Promise<void>;
  /** Removes `<folder>/<name>`; a missing file is no error. */
  remove(folder: string, name: string): Promise<void>;
  /**
   * Stores the bytes of `source` under `<folder>/<name>` (see `MEDIA_NAME_PATTERN`) as they
   * arrive, never whole in memory (story videos, up to 50 MB); replaces nothing: an existing
   * file is an error. A failed write leaves no file behind.
   * @throws for a name outside the pattern, and the stream's errors
   */
  writeStream(folder: string, name: string, source: Readable): Promise<void>;
  /**
   * A stored file as a stream with its whole size in bytes, or null when it does not exist.
   * With `range`, the stream carries only those bytes (HTTP range requests; an S3 backend asks
   * the bucket for the same range).
   */
  read(folder: string, name: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
  /** The size in bytes of a stored file, or null when it does not exist. */
  size(folder: string, name: string): Promise<number | null>;
  /** Removes the file behind a URL that `put` answered; other URLs are ignored. */
  removeByUrl(url: string): Promise<void>;
}

/**
 * Stored file names: 32 random hex characters, optionally a size suffix (`-card`, as ad photo
 * variants have), and an extension.
 */
export const MEDIA_NAME_PATTERN = /^[a-f0-9]{32}(?:-[a-z]{1,10})?\.[a-z0-9]{2,5}$/;
const FOLDER_PATTERN = /^[a-z0-9-]+$/;

/** Public URL prefix of local media (ARCHITECTURE.md: images under `/api/images/`). */
export const LOCAL_MEDIA_URL_PREFIX = '/api/images/';

/**
 * Media in `<root>/<folder>/<name>` (normally `DATA_DIR/media`), served by the API at
 * `/api/images/<folder>/<name>`. Folder and name are checked against fixed patterns, so no
 * path can leave `root`.
 */
export function createLocalMediaStorage(root: string): MediaStorage {
  const fileOf = (folder: string, name: string) => {
    if (!FOLDER_PATTERN.test(folder) || !MEDIA_NAME_PATTERN.test(name)) return null;
    return path.join(root, folder, name);
  };
  return {
    async put(folder, extension, data) {
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      const file = fileOf(folder, name);
      if (!file) throw new Error(`invalid media folder or extension: ${folder} ${extension}`);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.writeFile(file, data, { flag: 'wx' });
      return `${LOCAL_MEDIA_URL_PREFIX}${folder}/${name}`;
    },
    async write(folder, name, data) {
      const file = fileOf(folder, name);
      if (!file) throw new Error(`invalid media folder or name: ${folder} ${name}`);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.writeFile(file, data, { flag: 'wx' });
    },
    async remove(folder, name) {
      const file = fileOf(folder, name);
      if (file) await fs.promises.rm(file, { force: true });
    },
    async writeStream(folder, name, source) {
      const file = fileOf(folder, name);
      if (!file) throw new Error(`invalid media folder or name: ${folder} ${name}`);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const target = fs.createWriteStream(file, { flags: 'wx' });
      try {
        await pipeline(source, target);
      } catch (error) {
        // `wx` failing means another file had the name: that one stays.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await fs.promises.rm(file, { force: true });
        throw error;
      }
    },
    async read(folder, name, range) {
      const file = fileOf(folder, name);
      if (!file) return null;
      try {
        const stat = await fs.promises.stat(file);
        const stream = range
          ? fs.createReadStream(file, { start: range.start, end: range.end })
          : fs.createReadStream(file);
        return { stream, size: stat.size };
      } catch {
        return null;
      }
    },
    async size(folder, name) {
      const file = fileOf(folder, name);
      if (!file) return null;
      try {
        const stat = await fs.promises.stat(file);
        return stat.isFile() ? stat.size : null;
      } catch {
        return null;
      }
    },
    async removeByUrl(url) {
      if (!url.startsWith(LOCAL_MEDIA_URL_PREFIX)) return;
      const [folder, name, ...rest] = url.slice(LOCAL_MEDIA_URL_PREFIX.length).split('/');
      const file = rest.length === 0 && folder && name ? fileOf(folder, name) : null;
      if (file) await fs.promises.rm(file, { force: true });
    },
  };
}
