import { createHash } from 'node:crypto';
import {
  MAX_PHOTO_PIXELS,
  type PhotoFilter,
  PhotoFilterSchema,
  photoFilterMatrix,
  toFeColorMatrixValues,
  toSharpColourOps,
} from '@memoreel/domain';
import sharp, { type Sharp } from 'sharp';
import { type DecodedImage, fromDecoded } from './thumbnails.js';

/** The long side of the image the video draws (1080p frames; a pan or zoom needs a little headroom). */
export const VIDEO_DERIVATIVE_EDGE = 1920;
const VIDEO_DERIVATIVE_QUALITY = 90;
/** Raised when how a derivative is made changes, so every key changes with it. */
const RECIPE = 'v1-jpeg-q90-flatten-black';

/**
 * Where a photo's video derivative lives: under the project (a deleted project takes it along),
 * named by a hash of the original's content, the filter's matrix and the size, so a new filter or
 * image gives a new key and an unchanged one is never made twice.
 */
export function videoDerivativeKey(
  photo: { id: string; projectId: string; contentHash: string },
  filter: PhotoFilter,
): string {
  const name = createHash('sha256')
    .update(
      [
        photo.contentHash,
        filter,
        toFeColorMatrixValues(photoFilterMatrix(filter)),
        VIDEO_DERIVATIVE_EDGE,
        RECIPE,
      ].join('\n'),
    )
    .digest('hex')
    .slice(0, 32);
  return `${photo.projectId}/video/${photo.id}/${name}.jpg`;
}

/**
 * The derivative a stored photo should have now: its current filter (an unknown stored one reads as
 * none), that filter's key, and whether the derivative recorded is that one.
 */
export function currentVideoDerivative(photo: {
  id: string;
  projectId: string;
  contentHash: string;
  filter: string;
  videoDerivativeKey: string | null;
}): { filter: PhotoFilter; key: string; made: boolean } {
  const filter = PhotoFilterSchema.catch('none').parse(photo.filter);
  const key = videoDerivativeKey(photo, filter);
  return { filter, key, made: photo.videoDerivativeKey === key };
}

/** Every video derivative of a photo (all filters and versions). */
export const videoDerivativesPrefix = (photo: { id: string; projectId: string }) =>
  `${photo.projectId}/video/${photo.id}/`;

/**
 * The photo upright (EXIF orientation applied), its long side at most 1920 px (never enlarged), with
 * its filter's colour matrix applied exactly as the SPA's SVG `feColorMatrix` does in sRGB: the 3×3
 * colour part through `recomb` (which leaves values unclamped), then the offsets column through
 * `linear` (sharp runs it after recomb), clamped once to 0–255 at the end. Transparency is laid on
 * the video's black background first (frames are opaque; a filter never changes alpha).
 */
export function filteredVideoImage(image: Buffer | DecodedImage, filter: PhotoFilter): Sharp {
  // Decoded pixels are upright already (`decodeUpright`, shared with the thumbnails).
  const input = Buffer.isBuffer(image)
    ? sharp(image, { limitInputPixels: MAX_PHOTO_PIXELS }).rotate()
    : fromDecoded(image);
  const pipeline = input
    .flatten({ background: '#000000' })
    .resize(VIDEO_DERIVATIVE_EDGE, VIDEO_DERIVATIVE_EDGE, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb');
  if (filter === 'none') return pipeline;
  const { recomb, offset } = toSharpColourOps(photoFilterMatrix(filter));
  return pipeline.recomb(recomb).linear([1, 1, 1], offset);
}

/** The JPEG the video draws for a photo (or its decoded pixels) with a filter. */
export function makeVideoDerivative(image: Buffer | DecodedImage, filter: PhotoFilter): Promise<Buffer> {
  return filteredVideoImage(image, filter)
    .jpeg({ quality: VIDEO_DERIVATIVE_QUALITY, chromaSubsampling: '4:4:4' })
    .toBuffer();
}
