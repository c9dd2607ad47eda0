import type { TimelineTrack } from './video-settings.js';

/**
 * The music timeline of step 6 (spec 2 §4 "Timeline", §5, §9): tracks play one after another from
 * the start of the video, and the music never runs past its end. Every edit lays the whole
 * timeline out again with `layOutTimeline`, so the rules live in one function.
 */

/** Spec §9: the timeline is saved after this much quiet, and also when the page is left. */
export const MUSIC_TIMELINE_SAVE_DEBOUNCE_MS = 500;
/** Less room than this at the end of the video is not worth a track: it is not added. */
export const MIN_TRACK_SECONDS = 1;

export const musicTimelineMessages = {
  added: (title: string) => `Added ${title} to timeline`,
  addedTrimmed: (title: string, seconds: number) => `Added ${title} (trimmed to ${formatTrackTime(seconds)})`,
  trimmedFrom: (seconds: number) => `Trimmed from ${formatTrackTime(seconds)}`,
  full: 'The music already fills your video',
  fullDescription: 'Remove a track, or make the video longer in Design Video, to add another.',
  leftOut: (title: string) => `${title} no longer fits in the video and was removed`,
  saveFailed: 'Failed to save music timeline',
  playFailed: 'Failed to play audio',
} as const;

/** A track of the music library as it is placed: what the timeline keeps of it. */
export type LibraryTrack = {
  id: string;
  title: string;
  artist?: string | null;
  /** Seconds, the whole file. */
  duration: number;
  storage_path: string;
};

/** Seconds as m:ss (spec §5 'Trimmed from m:ss'), whole seconds rounded down. */
export function formatTrackTime(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds + 1e-6)) : 0;
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

/** Where the music ends, in seconds from the start of the video. */
export function timelineEnd(timeline: readonly TimelineTrack[]): number {
  return timeline.reduce((end, track) => Math.max(end, track.startTime + track.duration), 0);
}

/** Sums of seconds drift (0.1 + 0.2); timeline times are kept to the millisecond. */
const toMillisecond = (seconds: number) => Math.round(seconds * 1000) / 1000;

const fullLengthOf = (track: TimelineTrack) => track.originalDuration ?? track.duration;

export type TimelineLayout = {
  /** The tracks that play, in order, each starting where the one before ends. */
  timeline: TimelineTrack[];
  /** Tracks left with less than MIN_TRACK_SECONDS of room, dropped from the timeline. */
  leftOut: TimelineTrack[];
};

/**
 * Spec §4: start times recalculated (one after another from 0) and each track re-trimmed from its
 * full length to the room the video leaves it; a track that fits again loses its trimmed flag.
 */
export function layOutTimeline(tracks: readonly TimelineTrack[], videoSeconds: number): TimelineLayout {
  const timeline: TimelineTrack[] = [];
  const leftOut: TimelineTrack[] = [];
  let startTime = 0;
  for (const track of tracks) {
    const originalDuration = fullLengthOf(track);
    const room = toMillisecond(videoSeconds - startTime);
    if (room < MIN_TRACK_SECONDS) {
      leftOut.push(track);
      continue;
    }
    const duration = toMillisecond(Math.min(originalDuration, room));
    timeline.push({
      ...track,
      startTime,
      duration,
      originalDuration,
      isTrimmed: duration < originalDuration,
    });
    startTime = toMillisecond(startTime + duration);
  }
  return { timeline, leftOut };
}

export type TimelineAddition =
  | { kind: 'added' | 'trimmed'; timeline: TimelineTrack[]; track: TimelineTrack }
  /** Spec §5: music cannot exceed the video, so a track with no room left is not added. */
  | { kind: 'full'; timeline: TimelineTrack[] };

/** Spec §4: a new track goes after the last one, trimmed to what is left of the video. */
export function addToTimeline(
  timeline: readonly TimelineTrack[],
  library: LibraryTrack,
  videoSeconds: number,
  instanceId: string,
): TimelineAddition {
  const placed: TimelineTrack = {
    id: library.id,
    title: library.title,
    ...(library.artist ? { artist: library.artist } : {}),
    storage_path: library.storage_path,
    startTime: 0,
    duration: library.duration,
    originalDuration: library.duration,
    isTrimmed: false,
    instanceId,
  };
  const laidOut = layOutTimeline([...timeline, placed], videoSeconds);
  const track = laidOut.timeline.find((each) => each.instanceId === instanceId);
  if (!track) return { kind: 'full', timeline: [...timeline] };
  return { kind: track.isTrimmed ? 'trimmed' : 'added', timeline: laidOut.timeline, track };
}

/** Spec §4: removing a track recalculates the others' start times (and lets a trimmed one grow back). */
export function removeFromTimeline(
  timeline: readonly TimelineTrack[],
  instanceId: string,
  videoSeconds: number,
): TimelineLayout {
  return layOutTimeline(
    timeline.filter((track) => track.instanceId !== instanceId),
    videoSeconds,
  );
}

/** Spec §4: reordering recalculates start times and re-trims each track to fit. */
export function moveInTimeline(
  timeline: readonly TimelineTrack[],
  from: number,
  to: number,
  videoSeconds: number,
): TimelineLayout {
  const reordered = [...timeline];
  const [moved] = reordered.splice(from, 1);
  if (moved === undefined) return layOutTimeline(timeline, videoSeconds);
  reordered.splice(Math.max(0, Math.min(to, reordered.length)), 0, moved);
  return layOutTimeline(reordered, videoSeconds);
}
