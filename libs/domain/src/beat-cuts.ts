import { type Transition, transitionOverlaps, VIDEO_FPS } from './video-settings.js';

/**
 * "Cut on the beat" (step 5): photos change on the music's beats instead of every
 * `durationPerPhoto` seconds. A pure rule of the photo count, the duration, the transition and the
 * beats on the video's timeline, so the Design step's total, the preview and the render agree.
 */
export type BeatCutInput = {
  photoCount: number;
  durationPerPhoto: number;
  transition: Transition;
  /** Beat times in seconds from the start of the video, in any order (`timelineBeats`). */
  beats: readonly number[];
};

/** Frames a photo owns without beats: 30 × durationPerPhoto (the slider's 0.5 s steps give whole frames). */
export function plainPhotoFrames(durationPerPhoto: number): number {
  return Math.max(1, Math.round(durationPerPhoto * VIDEO_FPS));
}

/**
 * The frame each photo starts on, and the video's frame count last (`photoCount + 1` numbers).
 *
 * Photo k's cut is the beat nearest its plain cut k × P (P frames a photo) within half a photo either
 * way, never sooner than half a photo after the previous cut; without a beat there it stays at k × P.
 * So no cut drifts more than half a photo from the plain timing, a photo lasts from half to twice its
 * set time, and the total never grows: the end goes to the last beat within half a photo before the
 * plain end (the music, trimmed to the plain length, still covers the whole video).
 *
 * A cut is the first frame of the incoming photo: with fade-to-black the black frames meet there;
 * a dissolve (slide, zoom) runs over the outgoing photo's last P / 10 frames, so its cut is put half
 * a transition after the beat and the transition is centred on it.
 */
export function beatCutFrames({ photoCount, durationPerPhoto, transition, beats }: BeatCutInput): number[] {
  const perPhoto = plainPhotoFrames(durationPerPhoto);
  const count = Math.max(0, Math.floor(photoCount));
  const plain = Array.from({ length: count + 1 }, (_, k) => k * perPhoto);
  if (count === 0) return plain;
  const centring = transitionOverlaps(transition) ? (perPhoto / 10) * 0.5 : 0;
  const beatFrames = [
    ...new Set(
      beats
        .filter((beat) => Number.isFinite(beat) && beat >= 0)
        .map((beat) => Math.round(beat * VIDEO_FPS + centring)),
    ),
  ].sort((a, b) => a - b);
  if (beatFrames.length === 0) return plain;

  const reach = Math.floor(perPhoto / 2);
  const shortest = Math.ceil(perPhoto / 2);
  const starts = [0];
  for (let k = 1; k <= count; k += 1) {
    const target = k * perPhoto;
    const earliest = Math.max(starts[k - 1]! + shortest, target - reach);
    const latest = k === count ? target : target + reach;
    const beat = nearestWithin(beatFrames, target, earliest, latest);
    starts.push(beat ?? Math.max(target, starts[k - 1]! + shortest));
  }
  return starts;
}

/** The beats of each timeline track that sound in the video, in seconds of the video, sorted. */
export function timelineBeats(
  tracks: readonly { startTime: number; duration: number; beats?: readonly number[] | null }[],
): number[] {
  return tracks
    .flatMap((track) =>
      (track.beats ?? []).filter((beat) => beat < track.duration).map((beat) => track.startTime + beat),
    )
    .sort((a, b) => a - b);
}

/** The video's seconds with cuts on the beats (`beatCutFrames`' last frame count). */
export function beatCutSeconds(input: BeatCutInput): number {
  return beatCutFrames(input).at(-1)! / VIDEO_FPS;
}

/** The value in sorted `values` nearest `target` within [min, max] (the earlier on a tie), or undefined. */
function nearestWithin(
  values: readonly number[],
  target: number,
  min: number,
  max: number,
): number | undefined {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]! < min) low = middle + 1;
    else high = middle;
  }
  let best: number | undefined;
  for (let i = low; i < values.length && values[i]! <= max; i += 1) {
    if (best === undefined || Math.abs(values[i]! - target) < Math.abs(best - target)) best = values[i];
  }
  return best;
}
