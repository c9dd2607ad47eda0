import { describe, expect, it } from 'vitest';
import {
  defaultVideoSettings,
  estimatedVideoSeconds,
  mergeVideoSettings,
  parseVideoSettings,
  type TimelineTrack,
  VIDEO_FORMAT_IDS,
  VIDEO_FORMATS,
  videoFormatOf,
} from './video-settings.js';

const track: TimelineTrack = {
  id: 'track-1',
  storage_path: 'music/peaceful.mp3',
  startTime: 0,
  duration: 42.5,
  instanceId: 'placement-1',
};

describe('defaultVideoSettings', () => {
  it('is 3 s per photo, fade-to-black, the default peaceful music, 1920x1080, no cards', () => {
    expect(defaultVideoSettings()).toEqual({
      durationPerPhoto: 3,
      transition: 'fade-to-black',
      cutOnBeat: false,
      music: { type: 'default', selection: 'peaceful', customPath: null, timelineTracks: [] },
      width: 1920,
      height: 1080,
      opening: null,
      closing: null,
      font: 'serif',
    });
  });

  it('hands out a fresh object each time', () => {
    const first = defaultVideoSettings();
    first.music.timelineTracks.push(track);
    expect(defaultVideoSettings().music.timelineTracks).toEqual([]);
  });
});

describe('parseVideoSettings', () => {
  it.each([undefined, null, 'fade', 42, [], [1, 2]])('reads %j as the defaults', (stored) => {
    expect(parseVideoSettings(stored)).toEqual(defaultVideoSettings());
  });

  it('keeps well-formed settings as they are', () => {
    const stored = {
      durationPerPhoto: 4.5,
      transition: 'fade',
      cutOnBeat: true,
      music: {
        type: 'custom',
        selection: 'uplifting',
        customPath: 'music/mine.mp3',
        timelineTracks: [
          { ...track, title: 'Peaceful', artist: 'Memoreel', isTrimmed: true, originalDuration: 60 },
        ],
      },
      width: 1080,
      height: 1920,
      opening: {
        title: 'Rose Ellis',
        subtitle: '1934 – 2024',
        background: { kind: 'photo', photoId: 'photo-1' },
        seconds: 4.5,
      },
      closing: {
        message: 'Forever in our hearts',
        background: { kind: 'color', color: '#1e293b' },
        seconds: 3,
      },
      font: 'script',
    };
    expect(parseVideoSettings(stored)).toEqual(stored);
  });

  it('replaces each malformed field by its default and keeps the rest', () => {
    expect(
      parseVideoSettings({
        durationPerPhoto: 'slow',
        transition: 'spin',
        cutOnBeat: 'yes',
        music: { type: 'custom', selection: '', customPath: 7, timelineTracks: 'none' },
        width: -1,
        height: 1.5,
        opening: { title: '', background: { kind: 'color', color: '#fff' }, seconds: 4 },
        closing: 'Goodbye',
        font: 'comic',
      }),
    ).toEqual({
      durationPerPhoto: 3,
      transition: 'fade-to-black',
      cutOnBeat: false,
      music: { type: 'custom', selection: 'peaceful', customPath: null, timelineTracks: [] },
      width: 1920,
      height: 1080,
      opening: null,
      closing: null,
      font: 'serif',
    });
  });

  it.each([0.5, 10.5, Number.NaN, Number.POSITIVE_INFINITY, null])(
    'falls back to 3 s for a duration per photo of %j (slider range 1 to 10)',
    (durationPerPhoto) => {
      expect(parseVideoSettings({ durationPerPhoto }).durationPerPhoto).toBe(3);
    },
  );

  it.each([1, 2.5, 10])('keeps a duration per photo of %d', (durationPerPhoto) => {
    expect(parseVideoSettings({ durationPerPhoto }).durationPerPhoto).toBe(durationPerPhoto);
  });

  it('replaces music that is not an object by the default music', () => {
    expect(parseVideoSettings({ music: 'rock' }).music).toEqual(defaultVideoSettings().music);
    expect(parseVideoSettings({ music: null }).music).toEqual(defaultVideoSettings().music);
  });

  it('drops malformed timeline tracks and keeps the well-formed ones', () => {
    const { timelineTracks } = parseVideoSettings({
      music: {
        timelineTracks: [
          track,
          { ...track, instanceId: undefined },
          { ...track, startTime: -1 },
          { ...track, duration: 0 },
          { ...track, storage_path: '' },
          'track',
          { ...track, instanceId: 'placement-2', startTime: 42.5 },
        ],
      },
    }).music;
    expect(timelineTracks).toEqual([track, { ...track, instanceId: 'placement-2', startTime: 42.5 }]);
  });

  it('drops fields it does not know', () => {
    expect(parseVideoSettings({ durationPerPhoto: 2, secret: 'x', music: { extra: true } })).toEqual({
      ...defaultVideoSettings(),
      durationPerPhoto: 2,
    });
  });
});

describe('mergeVideoSettings', () => {
  const stored = {
    ...defaultVideoSettings(),
    durationPerPhoto: 5,
    music: { ...defaultVideoSettings().music, timelineTracks: [track] },
  };

  it('replaces only the given fields', () => {
    expect(mergeVideoSettings(stored, { durationPerPhoto: 2 })).toEqual({ ...stored, durationPerPhoto: 2 });
  });

  it('merges music field by field, so the timeline can be saved alone', () => {
    const merged = mergeVideoSettings(stored, { music: { timelineTracks: [] } });
    expect(merged.music).toEqual({ ...stored.music, timelineTracks: [] });
    expect(merged.durationPerPhoto).toBe(5);
  });

  it('parses the result like a read: a malformed update falls back to the default', () => {
    expect(mergeVideoSettings(stored, { durationPerPhoto: 99, transition: 'fade' })).toMatchObject({
      durationPerPhoto: 3,
      transition: 'fade',
    });
    expect(mergeVideoSettings(stored, { music: 'loud' }).music).toEqual(defaultVideoSettings().music);
  });

  it('starts from defaults when the stored settings are malformed, and ignores a non-object update', () => {
    expect(mergeVideoSettings('garbage', { transition: 'fade' })).toEqual({
      ...defaultVideoSettings(),
      transition: 'fade',
    });
    expect(mergeVideoSettings(stored, null)).toEqual(stored);
  });
});

describe('video formats', () => {
  it('are 16:9 at 1920 × 1080, 1:1 at 1080 × 1080 and 9:16 at 1080 × 1920', () => {
    expect(VIDEO_FORMAT_IDS.map((format) => [format, VIDEO_FORMATS[format]])).toEqual([
      ['16:9', { width: 1920, height: 1080 }],
      ['1:1', { width: 1080, height: 1080 }],
      ['9:16', { width: 1080, height: 1920 }],
    ]);
  });

  it('tells the format of a size, and none for any other size', () => {
    expect(videoFormatOf({ width: 1080, height: 1920 })).toBe('9:16');
    expect(videoFormatOf({ width: 1920, height: 1920 })).toBeNull();
  });

  it.each(VIDEO_FORMAT_IDS)('keeps a stored %s size', (format) => {
    expect(parseVideoSettings({ ...VIDEO_FORMATS[format] })).toMatchObject(VIDEO_FORMATS[format]);
  });

  it.each([
    { width: 8192, height: 8192 },
    { width: 1920, height: 1920 },
    { width: 1, height: 1 },
    { width: 1280, height: 720 },
  ])('reads a size that is no format (%j) as 1920 × 1080, both sides together', (size) => {
    expect(parseVideoSettings(size)).toMatchObject({ width: 1920, height: 1080 });
  });

  it('changes format by an update of one side when the pair is a format, else falls back', () => {
    const square = mergeVideoSettings(defaultVideoSettings(), { width: 1080 });
    expect(square).toMatchObject({ width: 1080, height: 1080 });
    expect(mergeVideoSettings(square, { height: 1920 })).toMatchObject({ width: 1080, height: 1920 });
    expect(mergeVideoSettings(square, { width: 4000 })).toMatchObject({ width: 1920, height: 1080 });
  });
});

describe('estimatedVideoSeconds', () => {
  it.each([
    [0, 3, 0],
    [1, 3, 3],
    [12, 3, 36],
    [7, 2.5, 17.5],
    [-2, 3, 0],
  ])('%i photos at %d s: %d s', (photos, perPhoto, seconds) => {
    expect(estimatedVideoSeconds(photos, perPhoto)).toBe(seconds);
  });
});
