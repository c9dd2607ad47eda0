import { FPS, MUSIC_FADE_OUT_FRAMES } from './constants.js';
import type { MemoreelVideoProps, VideoMusicTrack } from './props.js';
import { type TimingProps, videoDurationInFrames } from './timing.js';

/** Where a timeline track sounds, in video frames: from its start time, cut at the end of the video. */
export type MusicPlacement = {
  instanceId: string;
  url: string;
  /** First frame it sounds on. */
  from: number;
  /** Frames it sounds for, from the start of its file. */
  durationInFrames: number;
  /** Frame from which its volume falls linearly to 0 on its last frame (may precede `from` for a short track). */
  fadeOutFrom: number;
};

/**
 * The tracks that sound in the video, in timeline order. The music step already trims tracks so the
 * total fits the video; clipping here again keeps a stale timeline (photos deleted since) in bounds.
 */
export function musicPlacements(props: TimingProps & Pick<MemoreelVideoProps, 'music'>) {
  const videoFrames = videoDurationInFrames(props);
  return props.music.flatMap((track: VideoMusicTrack): MusicPlacement[] => {
    const from = Math.round(track.startTime * FPS);
    const durationInFrames = Math.min(Math.round(track.duration * FPS), videoFrames - from);
    if (durationInFrames <= 0) return [];
    const lastFrame = from + durationInFrames - 1;
    return [
      {
        instanceId: track.instanceId,
        url: track.url,
        from,
        durationInFrames,
        fadeOutFrom: lastFrame - MUSIC_FADE_OUT_FRAMES,
      },
    ];
  });
}

/**
 * A track's volume (0–1) at video frame `frame`. Spec §9: it fades out over its last 60 frames; a
 * track that runs to the end of the video (the usual, trimmed case) thus fades with the video.
 * One linear ramp per track, so a worker mixing audio with ffmpeg writes it as one `afade`.
 */
export function musicVolumeAt(placement: MusicPlacement, frame: number): number {
  const lastFrame = placement.from + placement.durationInFrames - 1;
  if (frame < placement.from || frame > lastFrame) return 0;
  return Math.min(1, Math.max(0, (lastFrame - frame) / MUSIC_FADE_OUT_FRAMES));
}

/** The `volume` callback of a track's `<Html5Audio>`, whose frame counts from the start of its sequence. */
export function musicVolumeCurve(placement: MusicPlacement): (sequenceFrame: number) => number {
  return (sequenceFrame) => musicVolumeAt(placement, placement.from + sequenceFrame);
}
