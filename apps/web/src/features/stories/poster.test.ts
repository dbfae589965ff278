import { describe, expect, it } from 'vitest';
import { storyPicture } from './poster.ts';

describe('storyPicture', () => {
  it("is a photo's small size, a video's poster, and nothing for a video without a poster", () => {
    expect(
      storyPicture({
        media_type: 'image',
        media_url: '/api/images/a-detail.webp',
        thumbnail_url: '/api/images/a-card.webp',
      }),
    ).toBe('/api/images/a-card.webp');
    expect(
      storyPicture({
        media_type: 'video',
        media_url: '/api/stories/media/b.mp4',
        thumbnail_url: '/api/images/c-card.webp',
      }),
    ).toBe('/api/images/c-card.webp');
    expect(
      storyPicture({
        media_type: 'video',
        media_url: '/api/stories/media/b.mp4',
        thumbnail_url: '/api/stories/media/b.mp4',
      }),
    ).toBeNull();
  });
});
