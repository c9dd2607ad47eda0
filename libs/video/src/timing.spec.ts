import { IDENTITY_TRANSFORM, VIDEO_FORMAT_IDS, VIDEO_FORMATS } from '@memoreel/domain';
import { describe, expect, it } from 'vitest';
import { MOVING, photo, threePhotos } from '../test/fixtures.js';
import { musicPlacements } from './music.js';
import type { MemoreelVideoProps } from './props.js';
import {
  fadeFrames,
  framesPerPhoto,
  photoFrameState,
  photoIndexAt,
  photoLayersAt,
  photoLayersMountedAt,
  photoLayerWindow,
  photoSpan,
  photoStartFrame,
  photoStarts,
  photoStateAt,
  videoDurationInFrames,
  videoMetadata,
} from './timing.js';

const END = MOVING['100'];
const STILL = { '0': IDENTITY_TRANSFORM, '100': IDENTITY_TRANSFORM };
const layerSummary = (props: Parameters<typeof photoLayersAt>[0], frame: number) =>
  photoLayersAt(props, frame).map(({ index, opacity }) => [index, opacity]);

describe('video length', () => {
  it('is 30 × durationPerPhoto × photo count frames', () => {
    expect(videoDurationInFrames(threePhotos())).toBe(180);
    expect(videoDurationInFrames(threePhotos({ durationPerPhoto: 2.5 }))).toBe(225);
    const fifty = Array.from({ length: 50 }, (_, i) => photo(`p${i}`));
    expect(videoDurationInFrames({ photos: fifty, durationPerPhoto: 3 })).toBe(4500);
  });

  it('is one black frame without photos (Remotion needs at least one)', () => {
    const empty = threePhotos({ photos: [] });
    expect(videoDurationInFrames(empty)).toBe(1);
    expect(photoFrameState(empty, 0)).toBeNull();
    expect(photoLayersAt(empty, 0)).toEqual([]);
  });

  it('gives the metadata of a 1080p, 30 fps composition', () => {
    expect(videoMetadata(threePhotos())).toEqual({
      durationInFrames: 180,
      fps: 30,
      width: 1920,
      height: 1080,
    });
  });

  it.each(VIDEO_FORMAT_IDS)('draws a %s video in its own frame', (format) => {
    const size = VIDEO_FORMATS[format];
    expect(videoMetadata(threePhotos({ ...size }))).toEqual({ durationInFrames: 180, fps: 30, ...size });
  });

  it('fades over a tenth of each photo, fractional when the photo is', () => {
    expect(framesPerPhoto(3)).toBe(90);
    expect(fadeFrames(3)).toBe(9);
    expect(fadeFrames(2.5)).toBe(7.5);
  });
});

describe('which photo a frame belongs to', () => {
  it('counts whole photos from frame 0 and clamps past either end', () => {
    const props = threePhotos();
    expect([0, 59, 60, 119, 120, 179].map((frame) => photoIndexAt(props, frame))).toEqual([0, 0, 1, 1, 2, 2]);
    expect(photoIndexAt(props, -5)).toBe(0);
    expect(photoIndexAt(props, 500)).toBe(2);
  });
});

describe('motion', () => {
  const props = threePhotos();

  it('starts at transforms "0" on the first frame of a photo and ends at "100" on its last', () => {
    expect(photoStateAt(props, 0, 0).transform).toEqual(IDENTITY_TRANSFORM);
    expect(photoStateAt(props, 0, 59).transform).toEqual(END);
    expect(photoStateAt(props, 1, 60).transform).toEqual(IDENTITY_TRANSFORM);
    expect(photoStateAt(props, 2, 179).transform).toEqual(END);
  });

  it('is halfway halfway through (cubic in-out is symmetric)', () => {
    // Halfway between frame 0 and frame 59.
    expect(photoStateAt(props, 0, 29.5).transform).toEqual({
      scale: 1.5,
      translateX: 10,
      translateY: -5,
      rotate: 15,
    });
  });

  it('eases: slow at the start, fast in the middle', () => {
    const t = 10 / 59;
    // easeInOutCubic below one half is 4t³.
    expect(photoStateAt(props, 0, 10).transform.scale).toBeCloseTo(1 + 4 * t ** 3, 12);
    const early = photoStateAt(props, 0, 5).transform.rotate - photoStateAt(props, 0, 0).transform.rotate;
    const middle = photoStateAt(props, 0, 32).transform.rotate - photoStateAt(props, 0, 27).transform.rotate;
    expect(middle).toBeGreaterThan(early * 10);
  });

  it('holds the start pose before a photo’s time and the end pose after it', () => {
    const fade = threePhotos({ transition: 'fade' });
    expect(photoStateAt(fade, 1, 57).transform).toEqual(IDENTITY_TRANSFORM);
    expect(photoStateAt(fade, 0, 63).transform).toEqual(END);
  });
});

describe("transition 'fade-to-black'", () => {
  const props = threePhotos();

  it('opens from black: frame 0 is black, mid-fade is half, the fade ends after 6 frames', () => {
    expect(photoFrameState(props, 0)).toMatchObject({ index: 0, opacity: 0 });
    expect(photoFrameState(props, 3)?.opacity).toBe(0.5);
    expect(photoFrameState(props, 6)?.opacity).toBe(1);
    expect(photoFrameState(props, 30)?.opacity).toBe(1);
  });

  it('dips to black between photos: each photo’s last and the next one’s first frame are black', () => {
    expect(photoFrameState(props, 53)?.opacity).toBe(1);
    expect(photoFrameState(props, 56)?.opacity).toBe(0.5);
    expect(layerSummary(props, 59)).toEqual([]);
    expect(photoFrameState(props, 60)).toMatchObject({ index: 1, opacity: 0 });
    expect(layerSummary(props, 60)).toEqual([]);
    expect(layerSummary(props, 63)).toEqual([[1, 0.5]]);
  });

  it('never shows two photos at once', () => {
    for (let frame = 0; frame < 180; frame++)
      expect(photoLayersAt(props, frame).length).toBeLessThanOrEqual(1);
  });

  it('closes to black on the last frame of the video', () => {
    expect(photoFrameState(props, 176)).toMatchObject({ index: 2, opacity: 0.5 });
    expect(photoFrameState(props, 179)).toMatchObject({ index: 2, opacity: 0, transform: END });
  });

  it('mounts each photo for its own time only', () => {
    expect([0, 1, 2].map((index) => photoLayerWindow(props, index))).toEqual([
      { from: 0, durationInFrames: 60 },
      { from: 60, durationInFrames: 60 },
      { from: 120, durationInFrames: 60 },
    ]);
  });
});

describe("transition 'fade' (dissolve)", () => {
  const props = threePhotos({ transition: 'fade' });

  it('still opens from and closes to black', () => {
    expect(layerSummary(props, 0)).toEqual([]);
    expect(layerSummary(props, 3)).toEqual([[0, 0.5]]);
    expect(layerSummary(props, 176)).toEqual([[2, 0.5]]);
    expect(layerSummary(props, 179)).toEqual([]);
  });

  it('dissolves the next photo in on top over the last 6 frames of one photo', () => {
    expect(layerSummary(props, 53)).toEqual([[0, 1]]);
    expect(layerSummary(props, 54)).toEqual([[0, 1]]);
    expect(layerSummary(props, 57)).toEqual([
      [0, 1],
      [1, 0.5],
    ]);
    expect(layerSummary(props, 60)).toEqual([
      [0, 1],
      [1, 1],
    ]);
  });

  it('then fades the outgoing photo out beneath it over the first 6 frames of the next', () => {
    expect(layerSummary(props, 63)).toEqual([
      [0, 0.5],
      [1, 1],
    ]);
    expect(layerSummary(props, 66)).toEqual([[1, 1]]);
  });

  it('never has two photos below full opacity at once (the web renderer has no group opacity)', () => {
    for (let frame = 0; frame < 180; frame++) {
      const translucent = photoLayersAt(props, frame).filter((layer) => layer.opacity < 1);
      expect(translucent.length).toBeLessThanOrEqual(1);
    }
  });

  it('counts the boundary frame as the incoming photo’s, fully shown at its start pose', () => {
    expect(photoFrameState(props, 60)).toMatchObject({ index: 1, opacity: 1, transform: IDENTITY_TRANSFORM });
  });

  it('never leaves a frame inside the video black', () => {
    for (let frame = 6; frame <= 173; frame++) {
      const layers = photoLayersAt(props, frame);
      expect(layers.some((layer) => layer.opacity === 1)).toBe(true);
    }
  });

  it('mounts each photo from the start to the end of its dissolves', () => {
    expect([0, 1, 2].map((index) => photoLayerWindow(props, index))).toEqual([
      { from: 0, durationInFrames: 66 },
      { from: 54, durationInFrames: 72 },
      { from: 114, durationInFrames: 66 },
    ]);
  });

  it('dissolves over fractional fades too (2.5 s: 7.5 frames each side)', () => {
    const slower = threePhotos({ transition: 'fade', durationPerPhoto: 2.5 });
    expect(photoStateAt(slower, 1, 75 - 7.5).opacity).toBe(0);
    expect(photoStateAt(slower, 1, 75 - 3.75).opacity).toBe(0.5);
    expect(photoStateAt(slower, 1, 75).opacity).toBe(1);
    expect(photoStateAt(slower, 0, 75 + 3.75).opacity).toBe(0.5);
    expect(photoStateAt(slower, 0, 75 + 7.5).opacity).toBe(0);
    expect(photoLayerWindow(slower, 1)).toEqual({ from: 67, durationInFrames: 91 });
  });
});

describe('both transitions', () => {
  it('draw exactly the photos whose layer is mounted and not transparent', () => {
    for (const transition of ['fade', 'fade-to-black'] as const) {
      const props = threePhotos({ transition });
      for (let frame = 0; frame < 180; frame++) {
        const mounted = [0, 1, 2].filter((index) => {
          const { from, durationInFrames } = photoLayerWindow(props, index);
          return (
            frame >= from && frame < from + durationInFrames && photoStateAt(props, index, frame).opacity > 0
          );
        });
        expect(photoLayersAt(props, frame).map((layer) => layer.index)).toEqual(mounted);
      }
    }
  });

  it('treat a single photo alike: in from black, out to black', () => {
    for (const transition of ['fade', 'fade-to-black'] as const) {
      const one = threePhotos({ transition, photos: [photo('only')] });
      expect([0, 3, 30, 56, 59].map((frame) => photoFrameState(one, frame)?.opacity)).toEqual([
        0, 0.5, 1, 0.5, 0,
      ]);
      expect(photoLayerWindow(one, 0)).toEqual({ from: 0, durationInFrames: 60 });
    }
  });

  it('refuse an index with no photo', () => {
    expect(() => photoStateAt(threePhotos(), 3, 0)).toThrow(RangeError);
  });
});

describe('cut on the beat', () => {
  /** A track from 0 s with beats every 0.5 s from 0.3 s (frames 9 + 15n): 2 s photos cut at 60, 120 → 54, 114 (6 early) or 69, 129. */
  const onBeat = (overrides: Partial<MemoreelVideoProps> = {}) =>
    threePhotos({
      cutOnBeat: true,
      music: [
        {
          instanceId: 'm1',
          url: 'https://storage.test/m.mp3',
          startTime: 0,
          duration: 6,
          beats: Array.from({ length: 12 }, (_, n) => 0.3 + n * 0.5),
        },
      ],
      ...overrides,
    });

  it('starts each photo on the beat nearest its plain cut and ends the video on the last beat before the plain end', () => {
    const props = onBeat();
    expect(photoStarts(props)).toEqual([0, 54, 114, 174]);
    expect(videoDurationInFrames(props)).toBe(174);
    expect(photoSpan(props, 1)).toEqual({ start: 54, frames: 60 });
    expect([53, 54, 113, 114, 173].map((frame) => photoIndexAt(props, frame))).toEqual([0, 1, 1, 2, 2]);
    expect(photoStartFrame(props, 2)).toBe(114);
    // The black frames of fade-to-black meet on the cut.
    expect(photoStateAt(props, 0, 53).opacity).toBe(0);
    expect(photoStateAt(props, 1, 54).opacity).toBe(0);
    expect(photoStateAt(props, 1, 55).opacity).toBeGreaterThan(0);
  });

  it('is the plain timing when off, without music, or with music that has no beats', () => {
    expect(photoStarts(onBeat({ cutOnBeat: false }))).toEqual([0, 60, 120, 180]);
    expect(photoStarts(threePhotos({ cutOnBeat: true }))).toEqual([0, 60, 120, 180]);
    const noBeats = onBeat();
    noBeats.music = noBeats.music.map((track) => ({ ...track, beats: [] }));
    expect(photoStarts(noBeats)).toEqual([0, 60, 120, 180]);
  });

  it("counts a track's beats from where it starts on the timeline, and none past its trim", () => {
    const props = onBeat();
    props.music = [{ ...props.music[0]!, startTime: 0.2, duration: 2.5 }];
    // Beats at 0.5, 1, …, 2.5 s of the video: frame 60 is one; none after 2.5 s, so 120 and 180 stay.
    // Later, beats on frames 21 + 15n: 66 and 126 are nearer than 51 and 111.
    expect(photoStarts(props)).toEqual([0, 60, 120, 180]);
    props.music = [{ ...props.music[0]!, startTime: 0.4, duration: 6 }];
    expect(photoStarts(props)).toEqual([0, 66, 126, 171]);
  });

  it('centres a dissolve on the beat: the cut lies half a dissolve after it', () => {
    const props = onBeat({ transition: 'fade' });
    // Dissolves of 6 frames: cuts 3 frames after the beats at 54 → 57 and 114 → 117.
    expect(photoStarts(props).slice(0, 3)).toEqual([0, 57, 117]);
    expect(photoLayerWindow(props, 1)).toEqual({ from: 51, durationInFrames: 72 });
  });

  it('places the music by the beat-cut length: a track is cut where the video ends', () => {
    const [placement] = musicPlacements(onBeat());
    expect(placement?.durationInFrames).toBe(174);
  });
});

describe('slide and zoom', () => {
  // Three 2 s photos: transitions over the outgoing photo's last 6 frames (54–59), cuts at 60 and 120.
  it('slides the next photo in from the right while the photo before moves out to the left, both opaque', () => {
    const props = threePhotos({
      transition: 'slide',
      photos: [photo('a', STILL), photo('b', STILL), photo('c', STILL)],
    });
    expect(photoLayerWindow(props, 1)).toEqual({ from: 54, durationInFrames: 72 });
    const before = photoLayersAt(props, 53);
    expect(before.map(({ index, opacity }) => [index, opacity])).toEqual([[0, 1]]);
    const [outgoing, incoming] = photoLayersAt(props, 57);
    expect([outgoing?.index, outgoing?.opacity, incoming?.index, incoming?.opacity]).toEqual([0, 1, 1, 1]);
    // Halfway: the two meet in the middle of the frame.
    expect(outgoing?.transform.translateX).toBeCloseTo(-50, 0);
    expect(incoming?.transform.translateX).toBeCloseTo(50, 0);
    // After the cut the incoming photo is in place and the one before is gone.
    expect(photoLayersAt(props, 60).map(({ index, transform }) => [index, transform.translateX])).toEqual([
      [1, 0],
    ]);
    // The video still opens from and closes to black.
    expect(photoStateAt(props, 0, 0).opacity).toBe(0);
    expect(photoStateAt(props, 2, 179).opacity).toBe(0);
  });

  it('zooms: the next photo dissolves in from 1.25× to its own size, the one before grows beneath it', () => {
    const props = threePhotos({
      transition: 'zoom',
      photos: [photo('a', STILL), photo('b', STILL), photo('c', STILL)],
    });
    const [outgoing, incoming] = photoLayersAt(props, 57);
    expect(outgoing).toMatchObject({ index: 0, opacity: 1 });
    expect(incoming).toMatchObject({ index: 1, opacity: 0.5 });
    expect(incoming?.transform.scale).toBeGreaterThan(1.1);
    expect(outgoing?.transform.scale).toBeGreaterThan(1.1);
    expect(photoStateAt(props, 1, 60).transform.scale).toBe(1);
    expect(photoStateAt(props, 1, 60).opacity).toBe(1);
  });

  it('keeps each photo’s own motion under the transition (the pose is moved, not replaced)', () => {
    const props = threePhotos({ transition: 'slide' });
    expect(photoStateAt(props, 0, 59).transform).toMatchObject({ scale: 2, rotate: 30 });
    expect(photoStateAt(props, 0, 59).transform.translateX).toBeLessThan(20);
  });
});

describe('the photo layers mounted at a frame', () => {
  const many = (count: number, overrides: Partial<MemoreelVideoProps> = {}) =>
    threePhotos({ photos: Array.from({ length: count }, (_, i) => photo(`p${i}`)), ...overrides });
  const beats = {
    cutOnBeat: true,
    music: [
      {
        instanceId: 'm1',
        url: 'https://storage.test/m.mp3',
        startTime: 0,
        duration: 40,
        beats: Array.from({ length: 150 }, (_, n) => 0.3 + n * 0.25),
      },
    ],
  };
  const videos: [string, MemoreelVideoProps][] = [
    ['fade-to-black', many(12)],
    ['dissolves of 1 s photos', many(12, { transition: 'fade', durationPerPhoto: 1 })],
    ['slides on the beat', many(12, { transition: 'slide', ...beats })],
    [
      'zooms between cards',
      many(5, {
        transition: 'zoom',
        opening: { title: 'Rose', subtitle: '', background: { color: '#1d1b19' }, seconds: 3 },
        closing: { message: 'Thank you', background: { color: '#1d1b19' }, seconds: 3 },
      }),
    ],
    ['one photo', many(1, { transition: 'fade' })],
  ];

  it.each(videos)('are those whose window, begun the premount early, holds the frame (%s)', (_, props) => {
    const length = videoDurationInFrames(props);
    for (const premount of [0, 60]) {
      for (let frame = 0; frame < length; frame += 1) {
        const expected = props.photos
          .map((_, index) => index)
          .filter((index) => {
            const window = photoLayerWindow(props, index);
            return frame >= window.from - premount && frame < window.from + window.durationInFrames;
          });
        expect(photoLayersMountedAt(props, frame, premount), `frame ${frame}, premount ${premount}`).toEqual(
          expected,
        );
      }
    }
  });

  it('are a handful at any frame of a 400-photo video', () => {
    const props = many(400, { transition: 'fade' });
    for (const frame of [0, 1_000, 12_345, videoDurationInFrames(props) - 1]) {
      const mounted = photoLayersMountedAt(props, frame, 60);
      expect(mounted.length).toBeGreaterThan(0);
      expect(mounted.length).toBeLessThanOrEqual(3);
    }
  });

  it('are none without photos', () => {
    expect(photoLayersMountedAt(many(0), 0, 60)).toEqual([]);
  });
});
