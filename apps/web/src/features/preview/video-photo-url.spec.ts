import { describe, expect, it } from 'vitest';
import { samplePhoto } from '../photos/fake-photos';
import { videoUrlOf } from './video-photo-url';

describe('videoUrlOf', () => {
  it('takes the filter-baked video derivative when the gateway offers one', () => {
    const photo = samplePhoto(1);
    const urls = { ...photo.urls, video: '/storage/photo-1-video.webp' } as typeof photo.urls;
    expect(videoUrlOf({ urls })).toBe('/storage/photo-1-video.webp');
  });

  it('falls back to the carousel size', () => {
    expect(videoUrlOf(samplePhoto(1))).toBe('/storage/photo-1-carousel.webp');
  });

  it('has nothing to draw before the thumbnails are made', () => {
    expect(videoUrlOf(samplePhoto(1, { urls: null }))).toBeNull();
  });
});
