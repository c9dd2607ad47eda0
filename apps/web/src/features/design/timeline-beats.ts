import {
  beatCutSeconds,
  cardSeconds,
  type TimelineTrack,
  timelineBeats,
  type VideoSettings,
} from '@memoreel/domain';
import type { PublicMusicTrack } from '../music/music-library-api';

/** What the Design step can say of the timeline's beats. */
export type TimelineRhythm =
  | { state: 'no-music' }
  | { state: 'finding' }
  | { state: 'no-beat' }
  | { state: 'found'; tempo: number; beats: number[] };

/**
 * The beats "Cut on the beat" cuts on, in seconds of the video: each timeline track's, from the
 * library (found once per track), placed where it starts and cut where it is trimmed. A track gone
 * from the library does not play, so it has none.
 */
export function timelineRhythm(
  timeline: readonly TimelineTrack[],
  library: readonly PublicMusicTrack[] | undefined,
): TimelineRhythm {
  if (timeline.length === 0) return { state: 'no-music' };
  if (!library) return { state: 'finding' };
  const byId = new Map(library.map((track) => [track.id, track]));
  const playing = timeline.flatMap((placement) => {
    const track = byId.get(placement.id);
    return track ? [{ ...placement, beats: track.beats, tempo: track.tempo }] : [];
  });
  if (playing.length === 0) return { state: 'no-music' };
  if (playing.some((track) => track.beats === null)) return { state: 'finding' };
  const beats = timelineBeats(playing);
  const tempo = playing.find((track) => track.tempo !== null && (track.beats?.length ?? 0) > 0)?.tempo;
  return beats.length === 0 || !tempo ? { state: 'no-beat' } : { state: 'found', tempo, beats };
}

/**
 * The video's length as it will be made: photos × seconds, or as cut on the music's beats once
 * they are known — what steps 5 and 7 show and the render service measures the plan by.
 */
export function videoSecondsOf(
  settings: Pick<VideoSettings, 'durationPerPhoto' | 'transition' | 'cutOnBeat'> &
    Partial<Pick<VideoSettings, 'opening' | 'closing'>>,
  photoCount: number,
  rhythm: TimelineRhythm,
): number {
  // The photos start after the opening card: they meet the beats from its end.
  const opening = settings.opening?.seconds ?? 0;
  const beats = settings.cutOnBeat && rhythm.state === 'found' ? rhythm.beats : [];
  const photos = beatCutSeconds({
    photoCount,
    durationPerPhoto: settings.durationPerPhoto,
    transition: settings.transition,
    beats: beats.map((beat) => beat - opening).filter((beat) => beat >= 0),
  });
  return photos + cardSeconds({ opening: settings.opening ?? null, closing: settings.closing ?? null });
}
