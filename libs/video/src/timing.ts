import { type PhotoTransform, transformAt } from '@memoreel/domain';
import { FPS, HEIGHT, PHOTO_FADE_SHARE, WIDTH } from './constants.js';
import type { MemoreelVideoProps } from './props.js';

/**
 * The look of the video as plain functions of (props, frame). The component only draws what these
 * return, so the maths is tested without a browser and the same numbers serve preview, render and
 * any worker-side audio mix.
 */

type PhotoTimingProps = Pick<MemoreelVideoProps, 'photos' | 'durationPerPhoto' | 'transition'>;

/** Frames each photo owns: 30 × durationPerPhoto (the slider's 0.5 s steps always give whole frames). */
export function framesPerPhoto(durationPerPhoto: number): number {
  return Math.max(1, Math.round(durationPerPhoto * FPS));
}

/** Frames of each fade: a tenth of the photo's time (may be fractional, e.g. 7.5 for 2.5 s). */
export function fadeFrames(durationPerPhoto: number): number {
  return framesPerPhoto(durationPerPhoto) * PHOTO_FADE_SHARE;
}

/** Spec §9 "Frames = 30 × durationPerPhoto × photo count"; a video without photos is one black frame (Remotion needs ≥ 1). */
export function videoDurationInFrames(
  props: Pick<MemoreelVideoProps, 'photos' | 'durationPerPhoto'>,
): number {
  return Math.max(1, props.photos.length * framesPerPhoto(props.durationPerPhoto));
}

/** What `<Composition>`'s calculateMetadata and `<Player>` need to know about a video. */
export function videoMetadata(props: Pick<MemoreelVideoProps, 'photos' | 'durationPerPhoto'>) {
  return { durationInFrames: videoDurationInFrames(props), fps: FPS, width: WIDTH, height: HEIGHT };
}

/** The photo whose own time contains `frame` (clamped to the first and last photo), or -1 without photos. */
export function photoIndexAt(
  props: Pick<MemoreelVideoProps, 'photos' | 'durationPerPhoto'>,
  frame: number,
): number {
  if (props.photos.length === 0) return -1;
  const index = Math.floor(frame / framesPerPhoto(props.durationPerPhoto));
  return Math.min(props.photos.length - 1, Math.max(0, index));
}

export type PhotoFrameState = {
  index: number;
  /** 0 (not drawn) to 1. */
  opacity: number;
  /** The eased pose: scale, translate in % of the frame, rotate in degrees. */
  transform: PhotoTransform;
};

/** Frames a photo layer is mounted, in the video's frames: its own time, widened by the dissolves into its neighbours. */
export function photoLayerWindow(
  props: PhotoTimingProps,
  index: number,
): { from: number; durationInFrames: number } {
  const perPhoto = framesPerPhoto(props.durationPerPhoto);
  const overlap = props.transition === 'fade' ? Math.ceil(fadeFrames(props.durationPerPhoto)) : 0;
  const start = index * perPhoto;
  const from = index === 0 ? start : start - overlap;
  const end = index === props.photos.length - 1 ? start + perPhoto : start + perPhoto + overlap;
  return { from, durationInFrames: end - from };
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * Opacity and pose of photo `index` at video frame `frame`.
 *
 * Motion: eased (cubic in-out) from transforms '0' on the photo's first frame to '100' on its last,
 * held before and after. Opacity, with `x` frames into the photo's own time of P frames and fades
 * of f = P / 10 frames:
 * - 'fade-to-black': in from black over its first f frames, out to black over its last f, so the
 *   first and last frame of every photo (and of the video) are black.
 * - 'fade': a dissolve. The incoming photo, drawn on top, rises from 0 to 1 over the outgoing
 *   one's last f frames; the outgoing one, fully opaque until then, fades out beneath it over the
 *   incoming one's first f frames, which shows only where the incoming photo leaves the frame
 *   uncovered (the sides of a portrait photo). Never two photos below full opacity at once: the
 *   web renderer multiplies opacity into each element instead of compositing groups, and this
 *   way both renderers agree. The video still opens from and closes to black.
 */
export function photoStateAt(props: PhotoTimingProps, index: number, frame: number): PhotoFrameState {
  const photo = props.photos[index];
  if (!photo) throw new RangeError(`No photo at index ${index}`);
  const perPhoto = framesPerPhoto(props.durationPerPhoto);
  const fade = fadeFrames(props.durationPerPhoto);
  const x = frame - index * perPhoto;
  const isFirst = index === 0;
  const isLast = index === props.photos.length - 1;
  const dissolve = props.transition === 'fade';

  const fromBlack = x < 0 ? 0 : clamp01(x / fade);
  const toBlack = x > perPhoto - 1 ? 0 : clamp01((perPhoto - 1 - x) / fade);
  const fadeIn = dissolve && !isFirst ? clamp01((x + fade) / fade) : fromBlack;
  const fadeOut = dissolve && !isLast ? clamp01((perPhoto + fade - x) / fade) : toBlack;

  const progress = clamp01(x / Math.max(1, perPhoto - 1));
  return {
    index,
    opacity: Math.min(fadeIn, fadeOut),
    transform: transformAt(photo.transforms['0'], photo.transforms['100'], progress),
  };
}

/** The photos drawn at `frame`, back to front (the web renderer has no z-index: later is on top). */
export function photoLayersAt(props: PhotoTimingProps, frame: number): PhotoFrameState[] {
  const current = photoIndexAt(props, frame);
  if (current < 0) return [];
  const candidates = [current - 1, current, current + 1].filter(
    (index) => index >= 0 && index < props.photos.length,
  );
  return candidates.map((index) => photoStateAt(props, index, frame)).filter((state) => state.opacity > 0);
}

/** The photo whose own time contains `frame`, with its opacity and pose; null for a video without photos. */
export function photoFrameState(props: PhotoTimingProps, frame: number): PhotoFrameState | null {
  const index = photoIndexAt(props, frame);
  return index < 0 ? null : photoStateAt(props, index, frame);
}

/**
 * A pose as CSS, applied to a full-frame box: translate first in the string, so it moves in % of
 * the frame regardless of zoom and rotation (CSS applies the list right to left).
 */
export function photoTransformCss(transform: PhotoTransform): string {
  return `translate(${transform.translateX}%, ${transform.translateY}%) rotate(${transform.rotate}deg) scale(${transform.scale})`;
}
