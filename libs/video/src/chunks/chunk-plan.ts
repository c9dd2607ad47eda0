import { createHash } from 'node:crypto';
import { FPS, HEIGHT, WIDTH } from '../constants.js';
import type { MemoreelVideoProps } from '../props.js';
import { photoLayerWindow, videoDurationInFrames } from '../timing.js';
import { CHUNK_ENCODING, type ChunkEncoding } from './chunk-encoding.js';

/** Frames one chunk renders by default: 10 s at 30 fps, so a 3-minute video splits across up to 18 workers. */
export const DEFAULT_CHUNK_FRAMES = 300;

/** One chunk of a video: frames `from`..`to` inclusive (Remotion's `frameRange`). */
export type PlannedChunk = {
  index: number;
  frameRange: [number, number];
  frames: number;
  /** sha256 of everything that decides the chunk's pixels: its storage name, so unchanged chunks are reused. */
  hash: string;
};

/**
 * What identifies a photo's pixels. The default drops the URL's query: a derivative's URL names a
 * content-named key (a new filter or edit gives a new key) and the query only carries the signature,
 * which changes with every signing.
 */
export type PhotoContentKey = (photo: MemoreelVideoProps['photos'][number]) => string;

export const photoContentKeyFromUrl: PhotoContentKey = (photo) => {
  if (!/^https?:/i.test(photo.url)) return photo.url.startsWith('data:') ? sha256(photo.url) : photo.url;
  const url = new URL(photo.url);
  return `${url.origin}${url.pathname}`;
};

/**
 * Splits a video into chunks of `chunkFrames` frames (the last one shorter) and names each by a hash of
 * what it draws: the frame range, timing settings, the encoding, and only the photos whose layer
 * (`photoLayerWindow`: its own time widened by dissolves) overlaps the range — each with its position,
 * whether it is the last photo (that changes its fade), its content key and transforms. Editing one photo
 * changes only the hashes of the chunks that show it.
 */
export function chunkPlan(
  props: MemoreelVideoProps,
  chunkFrames: number = DEFAULT_CHUNK_FRAMES,
  options: { encoding?: ChunkEncoding; contentKey?: PhotoContentKey } = {},
): PlannedChunk[] {
  if (!Number.isInteger(chunkFrames) || chunkFrames < 1) {
    throw new RangeError(`chunkFrames must be a positive integer, got ${chunkFrames}`);
  }
  const encoding = options.encoding ?? CHUNK_ENCODING;
  const contentKey = options.contentKey ?? photoContentKeyFromUrl;
  const total = videoDurationInFrames(props);
  const windows = props.photos.map((_, index) => photoLayerWindow(props, index));
  const chunks: PlannedChunk[] = [];
  for (let from = 0, index = 0; from < total; from += chunkFrames, index++) {
    const to = Math.min(total, from + chunkFrames) - 1;
    const photos = props.photos.flatMap((photo, photoIndex) => {
      const window = windows[photoIndex]!;
      const overlaps = window.from <= to && window.from + window.durationInFrames - 1 >= from;
      if (!overlaps) return [];
      return [
        {
          index: photoIndex,
          isLast: photoIndex === props.photos.length - 1,
          content: contentKey(photo),
          transforms: photo.transforms,
        },
      ];
    });
    const hash = sha256(
      canonicalJson({
        encoding,
        video: { fps: FPS, width: WIDTH, height: HEIGHT },
        durationPerPhoto: props.durationPerPhoto,
        transition: props.transition,
        frameRange: [from, to],
        photos,
      }),
    );
    chunks.push({ index, frameRange: [from, to], frames: to - from + 1, hash });
  }
  return chunks;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** JSON with object keys sorted, so the same content hashes the same whatever order its keys were stored in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
