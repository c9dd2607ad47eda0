import { formatTrackTime } from './music-timeline.js';
import { PLANS, type Tier } from './plans.js';
import { estimatedVideoSeconds } from './video-settings.js';

/** The longest video a plan makes, in seconds (spec §9 "Video length": 5 / 10 / 20 / 60 minutes). */
export function videoSecondsLimitFor(tier: Tier): number {
  return PLANS[tier].videoMinutes * 60;
}

/** A project's video length against its plan's: the Design step shows it, the render service refuses over it. */
export interface VideoLength {
  /** The project's total: `estimatedVideoSeconds` (photos × seconds per photo), or as cut on the beat. */
  seconds: number;
  limitSeconds: number;
  withinPlan: boolean;
}

/** The one reading of a project's length against its plan, for the SPA and the render service alike. */
export function videoLengthOf(tier: Tier, photoCount: number, secondsPerPhoto: number): VideoLength {
  return videoLengthIn(tier, estimatedVideoSeconds(photoCount, secondsPerPhoto));
}

/** A video of `seconds` against the plan's minutes: with "Cut on the beat" the cuts decide the length. */
export function videoLengthIn(tier: Tier, seconds: number): VideoLength {
  const limitSeconds = videoSecondsLimitFor(tier);
  return { seconds, limitSeconds, withinPlan: seconds <= limitSeconds };
}

/** The error code of a render refused for its length (the gateway passes it on). */
export const VIDEO_TOO_LONG = 'VIDEO_TOO_LONG';

export const videoLengthMessages = {
  /** The render's refusal and the Design step's warning. */
  tooLong: (tier: Tier, seconds: number) =>
    `Your video is ${formatTrackTime(seconds)} long, but the ${PLANS[tier].name} plan allows up to ${PLANS[tier].videoMinutes} minutes. Upgrade your project for a longer video, or use fewer photos or a shorter duration per photo.`,
  /** The Design step's total against the limit, e.g. "2:30 of 5:00 (FREE plan)". */
  ofLimit: (tier: Tier, seconds: number) =>
    `${formatTrackTime(seconds)} of ${formatTrackTime(videoSecondsLimitFor(tier))} (${PLANS[tier].name} plan)`,
  title: 'Video too long for your plan',
  upgrade: 'Upgrade for longer videos',
} as const;
