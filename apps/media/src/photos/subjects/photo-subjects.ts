import type { PhotoSubjects } from '@memoreel/contracts';
import { type DecodedImage, fromDecoded } from '../thumbnails.js';
import type { SubjectFinder } from './subject-finder.js';

/** The long side the face detector sees (SSD MobileNet v1 looks at 512 × 512; a little more keeps small faces). */
export const FACES_EDGE = 640;
/** The long side saliency is judged at: smartcrop's own scale. */
const SALIENCY_EDGE = 256;

/**
 * A photo's faces, or its most salient region where it has none, in the photo's own upright pixels
 * (`upright`: its size with the EXIF orientation applied), from the image the job already decoded.
 */
export async function findPhotoSubjects(
  finder: SubjectFinder,
  decoded: DecodedImage,
  upright: { width: number; height: number },
): Promise<PhotoSubjects> {
  const pixels = fromDecoded(decoded);
  const [faces, saliency] = await Promise.all([
    pixels
      .clone()
      .resize(FACES_EDGE, FACES_EDGE, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true }),
    pixels
      .clone()
      .resize(SALIENCY_EDGE, SALIENCY_EDGE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true }),
  ]);
  const found = await finder.find({
    faces: { rgb: faces.data, width: faces.info.width, height: faces.info.height },
    saliency: { rgba: saliency.data, width: saliency.info.width, height: saliency.info.height },
  });
  const source = found.kind === 'faces' ? faces.info : saliency.info;
  return { kind: found.kind, boxes: found.boxes.map((box) => scaledBox(box, source, upright)) };
}

/** A box in a smaller copy's pixels, in the photo's own: scaled, rounded, kept inside it. */
function scaledBox(
  box: { x: number; y: number; width: number; height: number },
  from: { width: number; height: number },
  to: { width: number; height: number },
) {
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  const left = clamp(Math.round(box.x * sx), 0, to.width - 1);
  const top = clamp(Math.round(box.y * sy), 0, to.height - 1);
  const right = clamp(Math.round((box.x + box.width) * sx), left + 1, to.width);
  const bottom = clamp(Math.round((box.y + box.height) * sy), top + 1, to.height);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
