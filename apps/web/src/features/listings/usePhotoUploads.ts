import { LISTING_IMAGES_MAX, UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@marketplace/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadPhoto } from './api.ts';
import { listingFormTexts } from './texts.ts';

/** One photo of the form: already stored (`url`), being uploaded, or failed. */
export interface Photo {
  key: string;
  /** What the form shows: the stored URL, or a local preview while uploading. */
  preview: string;
  /** The stored image's URL once uploaded. */
  url: string | null;
  /** Upload progress 0..1. */
  progress: number;
  status: 'uploading' | 'done' | 'error';
  error: string | null;
  file: File | null;
}

let nextKey = 0;
const newKey = () => {
  nextKey += 1;
  return `photo-${nextKey}`;
};

/** Why a file cannot be an ad photo, or null when it may be uploaded. */
export function photoFileProblem(file: File): string | null {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type))
    return listingFormTexts.fileWrongType(file.name);
  if (file.size > UPLOAD_MAX_BYTES) return listingFormTexts.fileTooLarge(file.name);
  return null;
}

/** Moves the entry at `from` to `to` (both clamped), returning a new list. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  if (item === undefined) return [...list];
  next.splice(target, 0, item);
  return next;
}

/**
 * The photos of the posting form (up to 20): each added file is uploaded at once to
 * `POST /api/upload` with its own progress; photos can be reordered (the first is the cover)
 * and removed. `messages` collects refusals (too many, wrong type, too large).
 */
export function usePhotoUploads(initialUrls: readonly string[] = []) {
  const [photos, setPhotos] = useState<Photo[]>(() =>
    initialUrls.map((url) => ({
      key: newKey(),
      preview: url,
      url,
      progress: 1,
      status: 'done',
      error: null,
      file: null,
    })),
  );
  const [messages, setMessages] = useState<string[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const running = controllers.current;
    const objectUrls = previews.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      for (const url of objectUrls) URL.revokeObjectURL(url);
    };
  }, []);

  const update = useCallback((key: string, change: Partial<Photo>) => {
    setPhotos((list) => list.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));
  }, []);

  const start = useCallback(
    (key: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      update(key, { status: 'uploading', progress: 0, error: null });
      uploadPhoto(file, (progress) => update(key, { progress }), controller.signal)
        .then((url) => update(key, { url, status: 'done', progress: 1 }))
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          update(key, {
            status: 'error',
            error: error instanceof Error && error.message ? error.message : listingFormTexts.uploadFailed,
          });
        })
        .finally(() => controllers.current.delete(key));
    },
    [update],
  );

  const addFiles = useCallback(
    (files: Iterable<File>) => {
      const problems: string[] = [];
      const accepted: Photo[] = [];
      let room = LISTING_IMAGES_MAX - photos.length;
      for (const file of files) {
        const problem = photoFileProblem(file);
        if (problem) {
          problems.push(problem);
          continue;
        }
        if (room <= 0) {
          problems.push(listingFormTexts.tooManyPhotos(LISTING_IMAGES_MAX));
          break;
        }
        room -= 1;
        const preview = URL.createObjectURL(file);
        previews.current.add(preview);
        accepted.push({
          key: newKey(),
          preview,
          url: null,
          progress: 0,
          status: 'uploading',
          error: null,
          file,
        });
      }
      setMessages(problems);
      if (accepted.length === 0) return;
      setPhotos((list) => [...list, ...accepted]);
      for (const photo of accepted) if (photo.file) start(photo.key, photo.file);
    },
    [photos.length, start],
  );

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    setPhotos((list) => list.filter((photo) => photo.key !== key));
    setMessages([]);
  }, []);

  const move = useCallback((from: number, to: number) => {
    setPhotos((list) => moveItem(list, from, to));
  }, []);

  const retry = useCallback(
    (key: string) => {
      const photo = photos.find((entry) => entry.key === key);
      if (photo?.file) start(key, photo.file);
    },
    [photos, start],
  );

  /** The stored URLs in order (cover first), without photos still uploading or failed. */
  const urls = photos.flatMap((photo) => (photo.status === 'done' && photo.url ? [photo.url] : []));
  const uploading = photos.some((photo) => photo.status === 'uploading');

  return { photos, urls, uploading, messages, addFiles, remove, move, retry };
}
