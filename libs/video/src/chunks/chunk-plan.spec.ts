import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { MemoreelVideoProps, VideoPhoto } from '../index.js';
import { photoLayerWindow } from '../timing.js';
import { CHUNK_ENCODING } from './chunk-encoding.js';
import {
  CHUNKS_PER_VIDEO,
  type Chunking,
  canonicalJson,
  chunkPlan,
  MAX_CHUNK_FRAMES,
  MIN_CHUNK_FRAMES,
  photoContentKeyFromUrl,
} from './chunk-plan.js';

const IDENTITY = { scale: 1, translateX: 0, translateY: 0, rotate: 0 };
const ZOOM = { '0': IDENTITY, '100': { scale: 2, translateX: 10, translateY: 0, rotate: 0 } };
const DEFAULT_ZOOMED = { '0': IDENTITY, '100': { scale: 1.5, translateX: 0, translateY: 0, rotate: 0 } };

function photo(id: string): VideoPhoto {
  return { id, url: `https://storage.test/photos/${id}.jpg?signature=abc`, transforms: ZOOM };
}

/** Four photos of 2 s (60 frames each, 240 in all). */
function fourPhotos(overrides: Partial<MemoreelVideoProps> = {}): MemoreelVideoProps {
  return {
    photos: ['a', 'b', 'c', 'd'].map(photo),
    durationPerPhoto: 2,
    transition: 'fade-to-black',
    music: [],
    ...overrides,
  };
}

function withPhoto(
  props: MemoreelVideoProps,
  index: number,
  change: Partial<VideoPhoto>,
): MemoreelVideoProps {
  return { ...props, photos: props.photos.map((p, i) => (i === index ? { ...p, ...change } : p)) };
}

/** Indexes of the chunks whose hash differs between two plans of the same length. */
function changedChunks(
  before: MemoreelVideoProps,
  after: MemoreelVideoProps,
  chunkFrames: Chunking,
): number[] {
  const a = chunkPlan(before, chunkFrames);
  const b = chunkPlan(after, chunkFrames);
  expect(b.map((chunk) => chunk.frameRange)).toEqual(a.map((chunk) => chunk.frameRange));
  return a.flatMap((chunk, i) => (chunk.hash === b[i]!.hash ? [] : [i]));
}

describe('chunkPlan', () => {
  it('covers every frame once, in order, the last chunk shorter', () => {
    const chunks = chunkPlan(fourPhotos(), 100);
    expect(chunks.map((chunk) => chunk.frameRange)).toEqual([
      [0, 99],
      [100, 199],
      [200, 239],
    ]);
    expect(chunks.map((chunk) => chunk.frames)).toEqual([100, 100, 40]);
    expect(chunks.map((chunk) => chunk.index)).toEqual([0, 1, 2]);
  });

  it('gives one chunk for a video shorter than a chunk, and one frame for a video without photos', () => {
    expect(chunkPlan(fourPhotos(), 1000).map((chunk) => chunk.frameRange)).toEqual([[0, 239]]);
    expect(chunkPlan(fourPhotos({ photos: [] }), 300).map((chunk) => chunk.frameRange)).toEqual([[0, 0]]);
  });

  it('refuses a chunk size that is not a positive whole number of frames', () => {
    expect(() => chunkPlan(fourPhotos(), 0)).toThrow(RangeError);
    expect(() => chunkPlan(fourPhotos(), 2.5)).toThrow(RangeError);
  });

  it('is deterministic and names every chunk differently', () => {
    const hashes = chunkPlan(fourPhotos(), 60).map((chunk) => chunk.hash);
    expect(chunkPlan(fourPhotos(), 60).map((chunk) => chunk.hash)).toEqual(hashes);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(hashes[0]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes only the chunks a changed photo is drawn in (fade-to-black: its own frames)', () => {
    // Chunks of 60 frames line up with the photos: photo c is drawn in chunk 2 alone.
    const before = fourPhotos();
    expect(
      changedChunks(before, withPhoto(before, 2, { url: 'https://storage.test/photos/c2.jpg' }), 60),
    ).toEqual([2]);
    const turned = { ...ZOOM, '100': { ...ZOOM['100'], rotate: 15 } };
    expect(changedChunks(before, withPhoto(before, 2, { transforms: turned }), 60)).toEqual([2]);
    // Chunks of 50 frames: photo b (frames 60–119) spans chunks 1 and 2.
    expect(changedChunks(before, withPhoto(before, 1, { transforms: turned }), 50)).toEqual([1, 2]);
  });

  it('widens a photo by its dissolves: with `fade`, a changed photo also changes the neighbouring chunks it fades over', () => {
    const before = fourPhotos({ transition: 'fade' });
    // Photo c owns frames 120–179 and dissolves 6 frames into b's and d's time.
    expect(
      changedChunks(before, withPhoto(before, 2, { url: 'https://storage.test/photos/c2.jpg' }), 60),
    ).toEqual([1, 2, 3]);
  });

  it('ignores what does not change pixels: the URL signature, the photo id, key order of transforms', () => {
    const before = fourPhotos();
    const resigned = withPhoto(before, 0, {
      url: 'https://storage.test/photos/a.jpg?signature=xyz&expires=9',
    });
    expect(changedChunks(before, resigned, 60)).toEqual([]);
    expect(changedChunks(before, withPhoto(before, 0, { id: 'renamed' }), 60)).toEqual([]);
    const reordered = { '100': ZOOM['100'], '0': { rotate: 0, translateY: 0, translateX: 0, scale: 1 } };
    expect(changedChunks(before, withPhoto(before, 0, { transforms: reordered }), 60)).toEqual([]);
  });

  it('ignores the music, which is mixed after the chunks are joined', () => {
    const before = fourPhotos();
    const music = [{ instanceId: 'm1', url: 'https://storage.test/m.mp3', startTime: 0, duration: 8 }];
    expect(changedChunks(before, { ...before, music }, 60)).toEqual([]);
  });

  it('changes every chunk when the seconds per photo or the transition change', () => {
    const before = fourPhotos();
    expect(changedChunks(before, { ...before, transition: 'fade' }, 60)).toEqual([0, 1, 2, 3]);
  });

  it('changes a photo’s chunks when a photo is appended after it (the last photo fades out differently)', () => {
    const before = fourPhotos({ transition: 'fade' });
    const after = chunkPlan({ ...before, photos: [...before.photos, photo('e')] }, 60);
    const unchanged = chunkPlan(before, 60).filter((chunk, i) => chunk.hash === after[i]!.hash);
    expect(unchanged.map((chunk) => chunk.index)).toEqual([0, 1]);
  });

  it('changes every chunk with the format, and keeps 16:9 chunks named as before formats existed', () => {
    const before = fourPhotos();
    expect(changedChunks(before, { ...before, width: 1080, height: 1920 }, 60)).toEqual([0, 1, 2, 3]);
    expect(changedChunks(before, { ...before, width: 1920, height: 1080 }, 60)).toEqual([]);
  });

  it('changes every chunk with the encoding', () => {
    const before = chunkPlan(fourPhotos(), 60);
    const after = chunkPlan(fourPhotos(), 60, { encoding: { ...CHUNK_ENCODING, videoBitrate: 1 } });
    expect(after.filter((chunk, i) => chunk.hash === before[i]!.hash)).toEqual([]);
  });

  it('names the web renderer version actually installed', () => {
    const require = createRequire(import.meta.url);
    const manifest = require.resolve('@remotion/web-renderer/package.json');
    expect(JSON.parse(readFileSync(manifest, 'utf8')).version).toBe(CHUNK_ENCODING.renderer);
  });
});

/** Ten photos of 3 s with dissolves (900 frames): the render bench's video. */
function tenPhotos(overrides: Partial<MemoreelVideoProps> = {}): MemoreelVideoProps {
  return {
    photos: Array.from({ length: 10 }, (_, i) => photo(`p${i}`)),
    durationPerPhoto: 3,
    transition: 'fade',
    music: [],
    ...overrides,
  };
}

/** The chunks of `props`' photo plan that draw photo `index` (its layer window overlaps them). */
function chunksShowing(props: MemoreelVideoProps, index: number): number[] {
  const window = photoLayerWindow(props, index);
  const last = window.from + window.durationInFrames - 1;
  return chunkPlan(props).flatMap((chunk) =>
    chunk.frameRange[0] <= last && chunk.frameRange[1] >= window.from ? [chunk.index] : [],
  );
}

describe('chunkPlan, cut at the photos (the default)', () => {
  it('with dissolves, gives each photo one chunk: the dissolve into it, then its own time', () => {
    const chunks = chunkPlan(tenPhotos());
    // 90 frames a photo, dissolves of 9 frames either side of each cut.
    expect(chunks.slice(0, 4).map((chunk) => chunk.frameRange)).toEqual([
      [0, 80],
      [81, 170],
      [171, 260],
      [261, 350],
    ]);
    expect(chunks.at(-1)?.frameRange).toEqual([801, 899]);
    expect(chunks).toHaveLength(10);
    expect(chunks.reduce((sum, chunk) => sum + chunk.frames, 0)).toBe(900);
    chunks.forEach((chunk, i) => {
      expect(chunk.index).toBe(i);
      if (i > 0) expect(chunk.frameRange[0]).toBe(chunks[i - 1]!.frameRange[1] + 1);
    });
  });

  it('with fade-to-black, gives each photo one chunk', () => {
    expect(chunkPlan(fourPhotos()).map((chunk) => chunk.frameRange)).toEqual([
      [0, 59],
      [60, 119],
      [120, 179],
      [180, 239],
    ]);
  });

  it('changing one photo changes only the chunks that show it: its own and the next, which it dissolves out of', () => {
    const before = tenPhotos();
    for (const index of [0, 4, 9]) {
      const edited = withPhoto(before, index, { url: `https://storage.test/photos/new-${index}.jpg` });
      const changed = changedChunks(before, edited, 'photos');
      expect(changed).toEqual(chunksShowing(before, index));
      // The fifth photo's chunk and the next: 180 of 900 frames; the first 81 + 90, the last 99 alone.
      const frames = chunkPlan(before)
        .filter((chunk) => changed.includes(chunk.index))
        .reduce((sum, chunk) => sum + chunk.frames, 0);
      expect(frames).toBe({ 0: 171, 4: 180, 9: 99 }[index]);
    }
    const turned = { ...ZOOM, '100': { ...ZOOM['100'], rotate: 15 } };
    expect(changedChunks(before, withPhoto(before, 4, { transforms: turned }), 'photos')).toEqual([4, 5]);
    // Its framing moves its pixels as its motion does (its faces found: the crop follows them).
    const framed = { scale: 1.334, translateX: 5, translateY: 0 };
    expect(changedChunks(before, withPhoto(before, 4, { framing: framed }), 'photos')).toEqual([4, 5]);
    const fadeToBlack = tenPhotos({ transition: 'fade-to-black' });
    expect(changedChunks(fadeToBlack, withPhoto(fadeToBlack, 4, { transforms: turned }), 'photos')).toEqual([
      4,
    ]);
  });

  it('joins stretches shorter than MIN_CHUNK_FRAMES to the next one, and still changes only a photo’s chunks', () => {
    // 1 s a photo: dissolves of 3 + 3 frames join the photo after them.
    const short = tenPhotos({ durationPerPhoto: 1 });
    const chunks = chunkPlan(short);
    expect(chunks.slice(0, 3).map((chunk) => chunk.frameRange)).toEqual([
      [0, 26],
      [27, 56],
      [57, 86],
    ]);
    expect(chunks.every((chunk) => chunk.frames >= MIN_CHUNK_FRAMES)).toBe(true);
    expect(chunks.reduce((sum, chunk) => sum + chunk.frames, 0)).toBe(300);
    const edited = withPhoto(short, 4, { url: 'https://storage.test/photos/new.jpg' });
    expect(changedChunks(short, edited, 'photos')).toEqual(chunksShowing(short, 4));
    // Half a second a photo: a 15-frame photo ends a chunk the next dissolve does not fit in.
    const half = tenPhotos({ durationPerPhoto: 0.5 });
    expect(chunkPlan(half).every((chunk) => chunk.frames >= MIN_CHUNK_FRAMES)).toBe(true);
    expect(chunkPlan(half).reduce((sum, chunk) => sum + chunk.frames, 0)).toBe(150);
  });

  it('splits a photo longer than MAX_CHUNK_FRAMES evenly', () => {
    const long = fourPhotos({ durationPerPhoto: 25 });
    const chunks = chunkPlan(long);
    expect(chunks.every((chunk) => chunk.frames <= MAX_CHUNK_FRAMES)).toBe(true);
    expect(chunks.slice(0, 3).map((chunk) => chunk.frameRange)).toEqual([
      [0, 374],
      [375, 749],
      [750, 1124],
    ]);
    expect(chunks.reduce((sum, chunk) => sum + chunk.frames, 0)).toBe(3000);
  });

  it('groups a long video’s photos into chunks of whole photos, each under 1/24 of it and 20 s', () => {
    for (const transition of ['fade-to-black', 'fade'] as const) {
      const hundred = tenPhotos({
        transition,
        photos: Array.from({ length: 100 }, (_, i) => photo(`p${i}`)),
      });
      const chunks = chunkPlan(hundred);
      // 9,000 frames: four photos (360 frames, under 9,000 / 24) a chunk instead of one.
      expect(chunks.length).toBe(25);
      expect(
        chunks.every((chunk) => chunk.frames <= Math.min(MAX_CHUNK_FRAMES, 9000 / CHUNKS_PER_VIDEO)),
      ).toBe(true);
      // Cut only where a photo's layer starts.
      const starts = new Set(hundred.photos.map((_, index) => photoLayerWindow(hundred, index).from));
      expect(chunks.every((chunk) => starts.has(chunk.frameRange[0]))).toBe(true);
      expect(chunks.reduce((sum, chunk) => sum + chunk.frames, 0)).toBe(9000);
      // A one-photo change re-renders the chunks that draw it: one, or two where it dissolves across a cut.
      for (const index of [0, 41, 99]) {
        const changed = changedChunks(
          hundred,
          withPhoto(hundred, index, { transforms: DEFAULT_ZOOMED }),
          'photos',
        );
        expect(changed).toEqual(chunksShowing(hundred, index));
        expect(changed.length).toBeLessThanOrEqual(2);
      }
    }
    // Ten photos of 3 s keep a chunk a photo; 400 (a 20-minute video) make 67 chunks of up to 20 s.
    expect(chunkPlan(tenPhotos())).toHaveLength(10);
    const fourHundred = chunkPlan(
      tenPhotos({ photos: Array.from({ length: 400 }, (_, i) => photo(`p${i}`)) }),
    );
    expect(fourHundred).toHaveLength(67);
    expect(Math.max(...fourHundred.map((chunk) => chunk.frames))).toBe(MAX_CHUNK_FRAMES - 60);
  });

  it('keeps the cards chunks of their own in a long video', () => {
    const hundred = tenPhotos({
      photos: Array.from({ length: 100 }, (_, i) => photo(`p${i}`)),
      opening: { title: 'Rose', subtitle: '', background: { color: '#222222' }, seconds: 4 },
      closing: { message: 'Forever', background: { color: '#222222' }, seconds: 4 },
    });
    const chunks = chunkPlan(hundred);
    expect(chunks[0]?.frameRange).toEqual([0, 119]);
    expect(chunks.at(-1)?.frames).toBe(120);
  });

  it('gives one black frame for a video without photos', () => {
    expect(chunkPlan(tenPhotos({ photos: [] })).map((chunk) => chunk.frameRange)).toEqual([[0, 0]]);
  });
});

describe('photoContentKeyFromUrl', () => {
  it('drops the query of an http(s) URL and keeps local paths and hashes data URLs', () => {
    expect(photoContentKeyFromUrl(photo('a'))).toBe('https://storage.test/photos/a.jpg');
    expect(photoContentKeyFromUrl({ ...photo('a'), url: '/tmp/a.jpg' })).toBe('/tmp/a.jpg');
    expect(photoContentKeyFromUrl({ ...photo('a'), url: 'data:image/png;base64,AAAA' })).toMatch(
      /^[0-9a-f]{64}$/,
    );
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"e":0,"f":1}]},"b":1}',
    );
  });
});
