import { IDENTITY_TRANSFORM, type PhotoTransforms } from '@memoreel/domain';
import type { MemoreelVideoProps, VideoPhoto } from '../src/props.js';

/** Zooms in to 2×, pans 20 % right and 10 % up, turns 30°. */
export const MOVING: PhotoTransforms = {
  '0': IDENTITY_TRANSFORM,
  '100': { scale: 2, translateX: 20, translateY: -10, rotate: 30 },
};

export function photo(id: string, transforms: PhotoTransforms = MOVING): VideoPhoto {
  return { id, url: `https://storage.test/${id}.jpg`, transforms };
}

/** Three photos of 2 s: 60 frames each (fades of 6 frames), 180 frames in all. */
export function threePhotos(overrides: Partial<MemoreelVideoProps> = {}): MemoreelVideoProps {
  return {
    photos: [photo('a'), photo('b'), photo('c')],
    durationPerPhoto: 2,
    transition: 'fade-to-black',
    music: [],
    ...overrides,
  };
}
