import type { PhotoBox } from './auto-motion.js';
import type { PhotoTransform } from './photos.js';
import { type VideoFormat, type VideoSize, videoFormatOf } from './video-settings.js';

/**
 * A photo's default framing in the video (issue 37): where it rests before its motion moves it.
 *
 * The photo is drawn `contain` in a full-frame box (the whole photo, bands where its shape differs).
 * In the phone formats a photo of nearly the frame's shape fills it instead — a 3:4 portrait fills a
 * 9:16 frame, a 4:3 one a square —, cropping at most `MAX_FILL_CROP` of it, and the crop is moved
 * to keep its faces in, so none is cut; where the faces are wider than the frame the photo stays
 * whole. A photo without faces (media found none, or has not looked yet) is cropped about its centre.
 * 16:9 keeps every photo whole, as its videos always have (a wide screen's side bands are the norm).
 *
 * As CSS the framing is `translate(tx%, ty%) scale(s)` on the full-frame box, after the pose's own
 * transform, so the pose moves the framed photo: a point X of the box lands at `c + T + s·(X − c)`.
 */
export interface PhotoFraming {
  /** Over `contain`: 1 draws the whole photo. */
  scale: number;
  /** Moves the filled photo, in % of the frame, to keep its faces in frame. */
  translateX: number;
  translateY: number;
}

/** The most of a photo's width or height the default framing crops away to fill the frame. */
export const MAX_FILL_CROP = 0.25;
/** The formats whose frame a photo of nearly its shape fills. */
export const FILLING_FORMATS: readonly VideoFormat[] = ['1:1', '9:16'];
/** Room kept between the faces and the frame's edge, where the crop allows it (share of the frame). */
const PEOPLE_MARGIN = 0.02;

export const WHOLE_PHOTO: PhotoFraming = Object.freeze({ scale: 1, translateX: 0, translateY: 0 });

const round = (value: number) => Math.round(value * 1000) / 1000;
/** A scale rounded up: never a sliver of band where the photo should fill. */
const roundUp = (value: number) => Math.ceil(value * 1000 - 1e-6) / 1000;

/** The framing of a photo of `photo`'s size in a `frame`, with its `faces` (media's, in its pixels). */
export function photoFraming(
  photo: VideoSize,
  frame: VideoSize,
  faces: readonly PhotoBox[] = [],
): PhotoFraming {
  const format = videoFormatOf(frame);
  if (!format || !FILLING_FORMATS.includes(format)) return WHOLE_PHOTO;
  if (!(photo.width > 0 && photo.height > 0)) return WHOLE_PHOTO;
  const fit = Math.min(frame.width / photo.width, frame.height / photo.height);
  const drawn = { width: photo.width * fit, height: photo.height * fit };
  const cover = Math.max(frame.width / drawn.width, frame.height / drawn.height);
  if (cover <= 1 + 1e-9 || 1 - 1 / cover > MAX_FILL_CROP + 1e-9) return WHOLE_PHOTO;
  const scale = roundUp(cover);

  const people = peopleBox(photo, faces);
  const along = (size: number, drawnSize: number, low?: number, high?: number): number | null => {
    if (low === undefined || high === undefined) return 0;
    // The filled photo overflows the frame by `spare` px on this axis: moving it within ±spare/2
    // keeps the frame covered.
    const spare = drawnSize * scale - size;
    const centre = size / 2;
    // Where the faces land at rest (unmoved), in frame pixels.
    const at = (value: number) => centre + scale * ((size - drawnSize) / 2 + value * fit - centre);
    const [from, to] = [at(low), at(high)];
    const inset = Math.max(0, Math.min(size * PEOPLE_MARGIN, (size - (to - from)) / 2));
    const wanted = Math.min(size - inset - to, Math.max(inset - from, 0));
    const move = Math.min(spare / 2, Math.max(-spare / 2, wanted));
    const slack = 1e-6;
    return from + move >= -slack && to + move <= size + slack ? move : null;
  };
  const x = along(frame.width, drawn.width, people?.left, people?.right);
  const y = along(frame.height, drawn.height, people?.top, people?.bottom);
  if (x === null || y === null) return WHOLE_PHOTO;
  return {
    scale,
    translateX: round((x / frame.width) * 100),
    translateY: round((y / frame.height) * 100),
  };
}

/**
 * The faces among what media found in a photo: its boxes when they are faces. A subject (the most
 * salient region of a photo without a face) is what Auto motion ends on, not a face to keep whole.
 */
export function facesOf(
  subjects: { kind: string; boxes: readonly PhotoBox[] } | null | undefined,
): readonly PhotoBox[] {
  return subjects?.kind === 'faces' ? subjects.boxes : [];
}

/** True when a framing draws the photo whole (nothing to add to the CSS). */
export function isWholePhoto(framing: PhotoFraming): boolean {
  return framing.scale === 1 && framing.translateX === 0 && framing.translateY === 0;
}

/** The framing as CSS on the full-frame box, after the pose's transform. */
export function photoFramingCss(framing: PhotoFraming): string {
  return `translate(${framing.translateX}%, ${framing.translateY}%) scale(${framing.scale})`;
}

/**
 * A pose as CSS, applied to a full-frame box: translate first in the string, so it moves in % of
 * the frame regardless of zoom and rotation (CSS applies the list right to left).
 */
export function photoTransformCss(transform: PhotoTransform): string {
  return `translate(${transform.translateX}%, ${transform.translateY}%) rotate(${transform.rotate}deg) scale(${transform.scale})`;
}

/**
 * A photo layer's CSS, the one rule of the composition, the preview and the animation editor: its
 * pose, then its framing, so the pose moves the framed photo. A photo drawn whole has the pose alone.
 */
export function photoLayerCss(transform: PhotoTransform, framing?: PhotoFraming | null): string {
  const pose = photoTransformCss(transform);
  return framing && !isWholePhoto(framing) ? `${pose} ${photoFramingCss(framing)}` : pose;
}

/** The union of the boxes that are regions of the photo (clipped to it), in its pixels; undefined when none is. */
export function peopleBox(photo: VideoSize, boxes: readonly PhotoBox[]) {
  const inPhoto = boxes
    .map((box) => ({
      left: Math.max(0, box.x),
      top: Math.max(0, box.y),
      right: Math.min(photo.width, box.x + box.width),
      bottom: Math.min(photo.height, box.y + box.height),
    }))
    .filter((box) => box.right > box.left && box.bottom > box.top);
  if (inPhoto.length === 0) return undefined;
  return {
    left: Math.min(...inPhoto.map((box) => box.left)),
    top: Math.min(...inPhoto.map((box) => box.top)),
    right: Math.max(...inPhoto.map((box) => box.right)),
    bottom: Math.max(...inPhoto.map((box) => box.bottom)),
  };
}
