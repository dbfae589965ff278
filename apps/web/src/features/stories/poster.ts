import type { Story } from '@marketplace/contract';

/** Longest edge of a video story's poster, in px (the viewer shows it full screen on a phone). */
const POSTER_EDGE = 1080;
/** How long the browser may take to decode the first frame before the story goes up without a poster, in ms. */
const POSTER_TIMEOUT_MS = 5000;

/**
 * The first frame of a chosen video as a JPEG, sent with the story as its poster (shown in the
 * strip and before the video plays; the server passes it through the image pipeline). Made by
 * the browser's own decoder, so no video library is needed on the server.
 * @returns the JPEG, or null when the browser cannot decode the video within 5 s (the story then
 *   goes up without a poster and the viewer shows the first frame itself)
 */
export function videoPoster(file: File): Promise<Blob | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    let settled = false;
    const finish = (blob: Blob | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(blob);
    };
    const timer = setTimeout(() => finish(null), POSTER_TIMEOUT_MS);
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    video.onerror = () => finish(null);
    video.onloadeddata = () => {
      // A frame a little after the start: some phones write a black first frame.
      video.currentTime = Math.min(0.1, (video.duration || 0) / 2);
    };
    video.onseeked = () => {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (width === 0 || height === 0) return finish(null);
      const scale = Math.min(1, POSTER_EDGE / Math.max(width, height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      const context = canvas.getContext('2d');
      if (!context) return finish(null);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      canvas.toBlob((blob) => finish(blob), 'image/jpeg', 0.85);
    };
    video.src = url;
  });
}

/**
 * A story's still picture for the strip and the video's `poster`: a photo's small size, a
 * video's poster, or null for a video without one (its `thumbnail_url` is then the video itself).
 */
export function storyPicture(
  story: Pick<Story, 'media_type' | 'media_url' | 'thumbnail_url'>,
): string | null {
  if (story.media_type === 'image') return story.thumbnail_url;
  return story.thumbnail_url !== story.media_url ? story.thumbnail_url : null;
}
