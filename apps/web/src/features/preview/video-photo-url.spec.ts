import { describe, expect, it } from 'vitest';
import { samplePhoto } from '../photos/fake-photos';
import { videoUrlOf } from './video-photo-url';

describe('videoUrlOf', () => {
  it('takes the filter-baked video derivative when the gateway offers one', () => {
    const urls = { carousel: '/storage/photo-1-carousel.webp', video: '/storage/photo-1-video.jpg' };
    expect(videoUrlOf({ urls })).toBe('/storage/photo-1-video.jpg');
  });

  it('falls back to the carousel size until the derivative is made', () => {
    expect(videoUrlOf(samplePhoto(1))).toBe('/storage/photo-1-carousel.webp');
    expect(videoUrlOf({ urls: { carousel: '/c.webp', video: null } })).toBe('/c.webp');
  });

  it('has nothing to draw before the thumbnails are made', () => {
    expect(videoUrlOf(samplePhoto(1, { urls: null }))).toBeNull();
  });
});
