import {
  beatCutFrames,
  easeInOutCubic,
  type PhotoTransform,
  timelineBeats,
  transformAt,
  transitionOverlaps,
} from '@memoreel/domain';
import { closingFrames, openingFrames } from './cards.js';
import { FPS, PHOTO_FADE_SHARE } from './constants.js';
import { type MemoreelVideoProps, videoSize } from './props.js';

/**
 * The look of the video as plain functions of (props, frame). The component only draws what these
 * return, so the maths is tested without a browser and the same numbers serve preview, render and
 * any worker-side audio mix.
 */

/**
 * What decides when each photo is on screen: the photos, their set time, and with "Cut on the beat"
 * the transition and the music's beats. Callers that only count photos may leave out the rest.
 */
export type TimingProps = Pick<MemoreelVideoProps, 'photos' | 'durationPerPhoto'> &
  Partial<
    Pick<
      MemoreelVideoProps,
      'transition' | 'cutOnBeat' | 'music' | 'width' | 'height' | 'opening' | 'closing'
    >
  >;

type PhotoTimingProps = TimingProps & Pick<MemoreelVideoProps, 'transition'>;

/** Frames each photo owns without beats: 30 × durationPerPhoto (the slider's 0.5 s steps always give whole frames). */
export function framesPerPhoto(durationPerPhoto: number): number {
  return Math.max(1, Math.round(durationPerPhoto * FPS));
}

/** Frames of each fade: a tenth of the set time per photo (may be fractional, e.g. 7.5 for 2.5 s), beats or not. */
export function fadeFrames(durationPerPhoto: number): number {
  return framesPerPhoto(durationPerPhoto) * PHOTO_FADE_SHARE;
}

/**
 * Each props object's cuts, worked out once rather than on every frame; kept with what they were
 * worked out from, so props changed in place (a test, an editor) are worked out again.
 */
const startsByProps = new WeakMap<object, { from: readonly unknown[]; starts: readonly number[] }>();

/**
 * The frame each photo starts on, with the frame the last one ends on last. Plain: every
 * `framesPerPhoto`; with `cutOnBeat`, on the beats of the music that plays (libs/domain
 * `beatCutFrames`); after the opening card when there is one.
 */
export function photoStarts(props: TimingProps): readonly number[] {
  const from = [
    props.photos,
    props.photos.length,
    props.durationPerPhoto,
    props.transition,
    props.cutOnBeat,
    props.music,
    props.opening,
  ];
  const known = startsByProps.get(props);
  if (known?.from.every((value, i) => value === from[i])) return known.starts;
  const opening = openingFrames(props);
  // The beats as the photos meet them: counted from the end of the opening card.
  const beats = props.cutOnBeat
    ? timelineBeats(props.music ?? [])
        .map((beat) => beat - opening / FPS)
        .filter((beat) => beat >= 0)
    : [];
  const starts = beatCutFrames({
    photoCount: props.photos.length,
    durationPerPhoto: props.durationPerPhoto,
    transition: props.transition ?? 'fade-to-black',
    beats,
  }).map((start) => start + opening);
  startsByProps.set(props, { from, starts });
  return starts;
}

/**
 * Spec §9 "Frames = 30 × durationPerPhoto × photo count" (on the beats, up to half a photo fewer),
 * plus the cards' frames; a video without photos or cards is one black frame (Remotion needs ≥ 1).
 */
export function videoDurationInFrames(props: TimingProps): number {
  return Math.max(1, photoStarts(props).at(-1)! + closingFrames(props));
}

/** Where the cards are, in video frames: the opening from 0, the closing after the last photo. */
export function cardWindows(props: TimingProps): {
  opening: { from: number; durationInFrames: number } | null;
  closing: { from: number; durationInFrames: number } | null;
} {
  const opening = openingFrames(props);
  const closing = closingFrames(props);
  return {
    opening: opening > 0 ? { from: 0, durationInFrames: opening } : null,
    closing: closing > 0 ? { from: photoStarts(props).at(-1)!, durationInFrames: closing } : null,
  };
}

/** What `<Composition>`'s calculateMetadata and `<Player>` need to know about a video: its length, rate and frame. */
export function videoMetadata(props: TimingProps) {
  return { durationInFrames: videoDurationInFrames(props), fps: FPS, ...videoSize(props) };
}

/** Photo `index`'s own time: its first frame and how many it owns. */
export function photoSpan(props: TimingProps, index: number): { start: number; frames: number } {
  const starts = photoStarts(props);
  const start = starts[index];
  const end = starts[index + 1];
  if (start === undefined || end === undefined) throw new RangeError(`No photo at index ${index}`);
  return { start, frames: end - start };
}

/** The first frame of photo `index` (clamped to the photos; 0 without photos): where a player seeks to show it. */
export function photoStartFrame(props: TimingProps, index: number): number {
  const starts = photoStarts(props);
  return starts[Math.min(Math.max(0, index), Math.max(0, props.photos.length - 1))] ?? 0;
}

/** The photo whose own time contains `frame` (clamped to the first and last photo), or -1 without photos. */
export function photoIndexAt(props: TimingProps, frame: number): number {
  if (props.photos.length === 0) return -1;
  const starts = photoStarts(props);
  // The last start at or before `frame`.
  let low = 0;
  let high = props.photos.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= frame) low = middle;
    else high = middle - 1;
  }
  return low;
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
  const { start, frames } = photoSpan(props, index);
  const overlap = transitionOverlaps(props.transition) ? Math.ceil(fadeFrames(props.durationPerPhoto)) : 0;
  const from = index === 0 ? start : start - overlap;
  const end = index === props.photos.length - 1 ? start + frames : start + frames + overlap;
  return { from, durationInFrames: end - from };
}

/**
 * The photos whose layers are mounted at `frame`: those whose window (`photoLayerWindow`), begun
 * `premountFrames` early, contains it, in order. A handful however long the video, found from the photo
 * the frame belongs to, so a frame costs the same with 4 photos as with 400.
 */
export function photoLayersMountedAt(
  props: PhotoTimingProps,
  frame: number,
  premountFrames: number,
): number[] {
  const mounted = (index: number) => {
    const window = photoLayerWindow(props, index);
    return frame >= window.from - premountFrames && frame < window.from + window.durationInFrames;
  };
  // Windows start and end in photo order, so the mounted ones are one run, and it holds the photo
  // the frame belongs to (clamped to the first and last: on a card's frames there may be none).
  const current = photoIndexAt(props, frame);
  if (current < 0 || !mounted(current)) return [];
  let first = current;
  while (first > 0 && mounted(first - 1)) first -= 1;
  let last = current;
  while (last < props.photos.length - 1 && mounted(last + 1)) last += 1;
  return Array.from({ length: last - first + 1 }, (_, offset) => first + offset);
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * Opacity and pose of photo `index` at video frame `frame`.
 *
 * Motion: eased (cubic in-out) from transforms '0' on the photo's first frame to '100' on its last,
 * held before and after. Opacity, with `x` frames into the photo's own time of P frames (its set
 * time, or from beat to beat) and fades of f frames, a tenth of the set time:
 * - 'fade-to-black': in from black over its first f frames, out to black over its last f, so the
 *   first and last frame of every photo (and of the video) are black.
 * - 'fade': a dissolve. The incoming photo, drawn on top, rises from 0 to 1 over the outgoing
 *   one's last f frames; the outgoing one, fully opaque until then, fades out beneath it over the
 *   incoming one's first f frames, which shows only where the incoming photo leaves the frame
 *   uncovered (the sides of a portrait photo). Never two photos below full opacity at once: the
 *   web renderer multiplies opacity into each element instead of compositing groups, and this
 *   way both renderers agree. The video still opens from and closes to black.
 * - 'slide': over the same f frames the incoming photo pushes in from the right, fully opaque,
 *   while the outgoing one moves out to the left (eased, in % of the frame).
 * - 'zoom': a dissolve in which the incoming photo settles from 1.25× to its own size while the
 *   outgoing one grows to 1.25× beneath it.
 */
export function photoStateAt(props: PhotoTimingProps, index: number, frame: number): PhotoFrameState {
  const photo = props.photos[index];
  if (!photo) throw new RangeError(`No photo at index ${index}`);
  const { start, frames: perPhoto } = photoSpan(props, index);
  const fade = fadeFrames(props.durationPerPhoto);
  const x = frame - start;
  const isFirst = index === 0;
  const isLast = index === props.photos.length - 1;
  const overlaps = transitionOverlaps(props.transition);
  const slide = props.transition === 'slide';

  const fromBlack = x < 0 ? 0 : clamp01(x / fade);
  const toBlack = x > perPhoto - 1 ? 0 : clamp01((perPhoto - 1 - x) / fade);
  // How far the transition from the previous photo (in) and to the next (out) has gone, 0 to 1.
  const entering = overlaps && !isFirst ? clamp01((x + fade) / fade) : 1;
  const leaving = overlaps && !isLast ? clamp01((x - (perPhoto - fade)) / fade) : 0;
  const fadeIn = overlaps && !isFirst ? (slide ? (x < -fade ? 0 : 1) : entering) : fromBlack;
  const fadeOut =
    overlaps && !isLast ? (slide ? (x >= perPhoto ? 0 : 1) : clamp01((perPhoto + fade - x) / fade)) : toBlack;

  const progress = clamp01(x / Math.max(1, perPhoto - 1));
  const pose = transformAt(photo.transforms['0'], photo.transforms['100'], progress);
  return {
    index,
    opacity: Math.min(fadeIn, fadeOut),
    transform: withTransition(pose, props.transition, entering, leaving),
  };
}

/**
 * How much of photo `index`'s caption shows at `frame` (0 to 1): it fades in over the first fade
 * frames of the photo's own time and out over its last, so two captions never meet in a dissolve or
 * a slide; with fade-to-black that is the photo's own fade.
 */
export function captionOpacityAt(props: PhotoTimingProps, index: number, frame: number): number {
  const { start, frames } = photoSpan(props, index);
  const fade = Math.max(1, fadeFrames(props.durationPerPhoto));
  const x = frame - start;
  if (x < 0 || x > frames - 1) return 0;
  return clamp01(Math.min(x / fade, (frames - 1 - x) / fade));
}

/** Zoom's scale at either end of its transition. */
const ZOOM_TRANSITION_SCALE = 1.25;

/** The pose moved by a slide or zoom in progress (`entering` 0 → 1 as it comes in, `leaving` 0 → 1 as it goes). */
function withTransition(
  pose: PhotoTransform,
  transition: PhotoTimingProps['transition'],
  entering: number,
  leaving: number,
): PhotoTransform {
  if (transition === 'slide') {
    const shift = (1 - easeInOutCubic(entering)) * 100 - easeInOutCubic(leaving) * 100;
    return shift === 0 ? pose : { ...pose, translateX: pose.translateX + shift };
  }
  if (transition === 'zoom') {
    const grow = 1 + (ZOOM_TRANSITION_SCALE - 1) * (1 - easeInOutCubic(entering) + easeInOutCubic(leaving));
    return grow === 1 ? pose : { ...pose, scale: pose.scale * grow };
  }
  return pose;
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
