import { describe, expect, it } from 'vitest';
import { threePhotos } from '../test/fixtures.js';
import { type MusicPlacement, musicPlacements, musicVolumeAt, musicVolumeCurve } from './music.js';
import type { VideoMusicTrack } from './props.js';

const track = (instanceId: string, startTime: number, duration: number): VideoMusicTrack => ({
  instanceId,
  url: `https://storage.test/${instanceId}.mp3`,
  startTime,
  duration,
});

// 180 frames (6 s) of photos.
const withMusic = (...music: VideoMusicTrack[]) => threePhotos({ music });

describe('musicPlacements', () => {
  it('places each track at its start time, for its duration, in frames', () => {
    expect(musicPlacements(withMusic(track('first', 0, 4), track('second', 4, 2)))).toEqual([
      {
        instanceId: 'first',
        url: 'https://storage.test/first.mp3',
        from: 0,
        durationInFrames: 120,
        fadeOutFrom: 59,
      },
      {
        instanceId: 'second',
        url: 'https://storage.test/second.mp3',
        from: 120,
        durationInFrames: 60,
        fadeOutFrom: 119,
      },
    ]);
  });

  it('cuts a track at the end of the video and drops one that starts after it', () => {
    const placements = musicPlacements(
      withMusic(track('long', 4, 10), track('late', 6, 3), track('later', 9, 3)),
    );
    expect(placements).toMatchObject([{ instanceId: 'long', from: 120, durationInFrames: 60 }]);
  });

  it('rounds start times and durations to whole frames', () => {
    expect(musicPlacements(withMusic(track('odd', 1.01, 2.49)))).toMatchObject([
      { from: 30, durationInFrames: 75 },
    ]);
  });

  it('keeps two placements of the same track apart by instance', () => {
    const twice = musicPlacements(withMusic(track('x#1', 0, 3), track('x#2', 3, 3)));
    expect(twice.map((placement) => placement.instanceId)).toEqual(['x#1', 'x#2']);
  });
});

describe('musicVolumeAt', () => {
  const [first, last] = musicPlacements(withMusic(track('first', 0, 4), track('last', 4, 10))) as [
    MusicPlacement,
    MusicPlacement,
  ];

  it('is full from the track’s first frame until its last 60', () => {
    expect(musicVolumeAt(first, 0)).toBe(1);
    expect(musicVolumeAt(first, 59)).toBe(1);
  });

  it('fades out linearly over the track’s last 60 frames, silent on its last', () => {
    expect(musicVolumeAt(first, 89)).toBe(0.5);
    expect(musicVolumeAt(first, 119)).toBe(0);
  });

  it('fades a track cut at the end of the video over the video’s last 60 frames (2 s)', () => {
    expect(musicVolumeAt(last, 120)).toBeCloseTo(59 / 60, 12);
    expect(musicVolumeAt(last, 149)).toBe(0.5);
    expect(musicVolumeAt(last, 179)).toBe(0);
  });

  it('is silent outside the track', () => {
    expect(musicVolumeAt(last, 119)).toBe(0);
    expect(musicVolumeAt(first, 120)).toBe(0);
  });

  it('starts below full for a track shorter than the fade', () => {
    const [short] = musicPlacements(withMusic(track('short', 0, 1))) as [MusicPlacement];
    expect(short.fadeOutFrom).toBe(-31);
    expect(musicVolumeAt(short, 0)).toBe(29 / 60);
    expect(musicVolumeAt(short, 29)).toBe(0);
  });
});

describe('musicVolumeCurve', () => {
  it('reads the frames of the track’s own sequence as video frames', () => {
    const [late] = musicPlacements(withMusic(track('late', 4, 2))) as [MusicPlacement];
    const volume = musicVolumeCurve(late);
    expect(volume(0)).toBe(musicVolumeAt(late, 120));
    expect(volume(29)).toBe(0.5);
    expect(volume(59)).toBe(0);
  });
});
