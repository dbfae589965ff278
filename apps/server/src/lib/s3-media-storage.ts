import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { LOCAL_MEDIA_URL_PREFIX, MEDIA_NAME_PATTERN, type MediaStorage } from './media-storage.ts';

/** Where the bucket is and how to sign in (the `S3_*` settings, ARCHITECTURE.md "media"). */
export interface S3Settings {
  /** e.g. `https://s3.eu-central-1.amazonaws.com` or a MinIO address; path-style requests. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const FOLDER_PATTERN = /^[a-z0-9-]+$/;
/** Part size of streamed uploads in bytes (the S3 minimum): a 50 MB video holds ~5 MB at a time. */
const PART_SIZE = 5 * 1024 * 1024;

/** Content types by extension, so a bucket served directly would answer them right. */
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  pdf: 'application/pdf',
};

function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Media in an S3-compatible bucket, one object per file under `<folder>/<name>` (the same
 * names as the local folder, so media move between the two by copying). The API still serves
 * them at `/api/images/…` by reading the object (with the same byte range), so every instance
 * serves what any instance wrote, and URLs stored in the database do not depend on the backend.
 * Uploads stream in 5 MB parts (`@aws-sdk/lib-storage`), never whole in memory.
 */
export function createS3MediaStorage(settings: S3Settings): MediaStorage & { check(): Promise<void> } {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const Bucket = settings.bucket;
  const keyOf = (folder: string, name: string) => {
    if (!FOLDER_PATTERN.test(folder) || !MEDIA_NAME_PATTERN.test(name)) return null;
    return `${folder}/${name}`;
  };
  const exists = async (Key: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  };
  const putNew = async (Key: string, data: Buffer) => {
    // Names are random or chosen once by their owner: replacing one would be a bug upstream.
    if (await exists(Key)) throw new Error(`media object exists: ${Key}`);
    await client.send(new PutObjectCommand({ Bucket, Key, Body: data, ContentType: contentTypeOf(Key) }));
  };
  return {
    /**
     * Checks that the bucket exists and the keys may use it.
     * @throws an Error with one clear line (for the start) when not
     */
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = (error as S3ServiceException).$metadata?.httpStatusCode;
        const reason =
          status === 404
            ? 'gibt es nicht'
            : status === 403 || status === 401
              ? 'lässt diese Zugangsdaten nicht zu'
              : `ist nicht erreichbar (${(error as Error).message})`;
        throw new Error(`Der S3-Bucket „${Bucket}“ unter ${settings.endpoint} ${reason}.`);
      }
    },
    async put(folder, extension, data) {
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      const Key = keyOf(folder, name);
      if (!Key) throw new Error(`invalid media folder or extension: ${folder} ${extension}`);
      await putNew(Key, data);
      return `${LOCAL_MEDIA_URL_PREFIX}${folder}/${name}`;
    },
    async write(folder, name, data) {
      const Key = keyOf(folder, name);
      if (!Key) throw new Error(`invalid media folder or name: ${folder} ${name}`);
      await putNew(Key, data);
    },
    async remove(folder, name) {
      const Key = keyOf(folder, name);
      if (Key) await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
    async writeStream(folder, name, source: Readable) {
      const Key = keyOf(folder, name);
      if (!Key) throw new Error(`invalid media folder or name: ${folder} ${name}`);
      if (await exists(Key)) throw new Error(`media object exists: ${Key}`);
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: source, ContentType: contentTypeOf(Key) },
        partSize: PART_SIZE,
        queueSize: 1,
        leavePartsOnError: false,
      });
      // A failing source (too large, aborted) ends the upload; no object is left behind.
      source.once('error', () => void upload.abort().catch(() => {}));
      try {
        await upload.done();
      } catch (error) {
        await client.send(new DeleteObjectCommand({ Bucket, Key })).catch(() => {});
        throw error;
      }
    },
    async read(folder, name, range) {
      const Key = keyOf(folder, name);
      if (!Key) return null;
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const total = range
          ? Number(answer.ContentRange?.split('/')[1] ?? Number.NaN)
          : Number(answer.ContentLength ?? Number.NaN);
        if (!answer.Body || !Number.isFinite(total)) return null;
        return { stream: answer.Body as Readable, size: total };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async size(folder, name) {
      const Key = keyOf(folder, name);
      if (!Key) return null;
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return answer.ContentLength ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async removeByUrl(url) {
      if (!url.startsWith(LOCAL_MEDIA_URL_PREFIX)) return;
      const [folder, name, ...rest] = url.slice(LOCAL_MEDIA_URL_PREFIX.length).split('/');
      const Key = rest.length === 0 && folder && name ? keyOf(folder, name) : null;
      if (Key) await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
  };
}
