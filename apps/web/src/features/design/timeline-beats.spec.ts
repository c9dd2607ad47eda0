import type { TimelineTrack } from '@memoreel/domain';
import { describe, expect, it } from 'vitest';
import type { PublicMusicTrack } from '../music/music-library-api';
import { timelineRhythm } from './timeline-beats';

const placement = (id: string, startTime: number, duration: number): TimelineTrack => ({
  id,
  storage_path: `${id}.mp3`,
  startTime,
  duration,
  instanceId: `${id}-${startTime}`,
});
const track = (id: string, beats: number[] | null, tempo: number | null = 120): PublicMusicTrack => ({
  id,
  title: id,
  artist: null,
  duration: 60,
  url: `/storage/music/${id}.mp3`,
  tempo,
  beats,
});

describe('timelineRhythm', () => {
  it('has no music without a timeline, or when its tracks left the library', () => {
    expect(timelineRhythm([], [track('a', [1])])).toEqual({ state: 'no-music' });
    expect(timelineRhythm([placement('gone', 0, 10)], [track('a', [1])])).toEqual({ state: 'no-music' });
  });

  it('is still finding while the library loads or a track has not been analysed', () => {
    expect(timelineRhythm([placement('a', 0, 10)], undefined)).toEqual({ state: 'finding' });
    expect(timelineRhythm([placement('a', 0, 10)], [track('a', null, null)])).toEqual({ state: 'finding' });
  });

  it('has no beat when the music keeps no steady time', () => {
    expect(timelineRhythm([placement('a', 0, 10)], [track('a', [], null)])).toEqual({ state: 'no-beat' });
  });

  it("gives each track's beats where it plays on the video, and the first track's tempo", () => {
    const rhythm = timelineRhythm(
      [placement('a', 0, 2), placement('b', 2, 5)],
      [track('a', [0.5, 1.5, 2.5], 100), track('b', [0.25, 4.5, 6], 90)],
    );
    expect(rhythm).toEqual({ state: 'found', tempo: 100, beats: [0.5, 1.5, 2.25, 6.5] });
  });
});
