import { createHash } from 'node:crypto';
import { DEFAULT_CARD_FONT, DEFAULT_TRANSFORMS } from '@memoreel/domain';
import { FPS } from '../constants.js';
import { type MemoreelVideoProps, videoSize } from '../props.js';
import { cardWindows, photoLayerWindow, photoSpan, videoDurationInFrames } from '../timing.js';
import { CHUNK_ENCODING, type ChunkEncoding } from './chunk-encoding.js';

/**
 * How a video is cut into chunks: `'photos'` cuts where the photos on screen change (decision 0015),
 * a number cuts every that many frames.
 */
export type Chunking = 'photos' | number;

/**
 * The default: cut at the photos, so a changed photo re-renders only its own chunk (fade-to-black:
 * 90 of 900 frames for 10 photos × 3 s, against 300 with 10-second chunks) and, with a dissolve, the
 * next one it fades out over (180 of 900).
 */
export const DEFAULT_CHUNKING: Chunking = 'photos';

/**
 * The longest chunk of the photo plan (20 s): a longer stretch of one photo is split evenly. A chunk
 * of six 3-second photos instead of three saves a chunk's fixed cost (its job, the encoder's start and
 * end, storing it: ~0.4 s) every 20 s of video on one worker; a 20-minute video is 67 chunks, three
 * rounds for 32 workers where 134 were five.
 */
export const MAX_CHUNK_FRAMES = 600;

/**
 * The shortest chunk of the photo plan (0.5 s): a shorter stretch joins the next one (the last joins
 * the one before), as a chunk's fixed cost — a job, an encoder start, a keyframe, a stitch entry —
 * outweighs rendering a few frames again.
 */
export const MIN_CHUNK_FRAMES = 15;

/**
 * A long video's photos share chunks (issue 36): consecutive photos are grouped while a chunk stays
 * within 1/CHUNKS_PER_VIDEO of the video (and MAX_CHUNK_FRAMES), so a 100-photo video is 25 chunks
 * of four photos, not 100 of one — each chunk pays a page's set-up, its photos' loads and an
 * encoder start — while a one-photo change still re-renders under a twentieth of it. A short video
 * (10 photos × 3 s) keeps a chunk a photo.
 */
export const CHUNKS_PER_VIDEO = 24;

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
 * Splits a video into chunks and names each by a hash of what it draws: the frame range, timing
 * settings, the encoding, and only the photos whose layer (`photoLayerWindow`: its own time widened by
 * dissolves) overlaps the range — each with its position and own time, whether it is the last photo
 * (that changes its fade), its content key and transforms. Editing one photo changes only the hashes of the chunks that
 * show it.
 *
 * `'photos'` (the default) cuts where a photo's layer starts: each photo's time, with a dissolve led by
 * the transition into it (`photoChunkRanges`). A number cuts every that many frames (the last chunk
 * shorter).
 */
export function chunkPlan(
  props: MemoreelVideoProps,
  chunking: Chunking = DEFAULT_CHUNKING,
  options: { encoding?: ChunkEncoding; contentKey?: PhotoContentKey } = {},
): PlannedChunk[] {
  const encoding = options.encoding ?? CHUNK_ENCODING;
  const contentKey = options.contentKey ?? photoContentKeyFromUrl;
  const windows = props.photos.map((_, index) => photoLayerWindow(props, index));
  const cards = cardWindows(props);
  const ranges = chunking === 'photos' ? photoChunkRanges(props) : fixedChunkRanges(props, chunking);
  return ranges.map(([from, to], index) => {
    const photos = props.photos.flatMap((photo, photoIndex) => {
      const window = windows[photoIndex]!;
      const overlaps = window.from <= to && window.from + window.durationInFrames - 1 >= from;
      if (!overlaps) return [];
      return [
        {
          index: photoIndex,
          // Its own time: with cuts on the beat, a photo's place is not its index times the duration.
          span: photoSpan(props, photoIndex),
          isLast: photoIndex === props.photos.length - 1,
          content: contentKey(photo),
          transforms: photo.transforms,
          ...(photo.framing ? { framing: photo.framing } : {}),
          // Its words, and the face they are drawn in.
          ...(photo.caption ? { caption: photo.caption, font: props.font ?? DEFAULT_CARD_FONT } : {}),
        },
      ];
    });
    const hash = sha256(
      canonicalJson({
        encoding,
        video: { fps: FPS, ...videoSize(props) },
        durationPerPhoto: props.durationPerPhoto,
        transition: props.transition,
        frameRange: [from, to],
        photos,
        // Only the cards the chunk draws: new words on the opening card change its chunk alone.
        ...cardsIn(props, cards, from, to, contentKey),
      }),
    );
    return { index, frameRange: [from, to], frames: to - from + 1, hash };
  });
}

/** What of the cards a chunk of frames `from`..`to` draws: each card it overlaps, and then the typeface. */
function cardsIn(
  props: MemoreelVideoProps,
  windows: ReturnType<typeof cardWindows>,
  from: number,
  to: number,
  contentKey: PhotoContentKey,
): { cards?: Record<string, unknown> } {
  const overlaps = (window: { from: number; durationInFrames: number } | null) =>
    window !== null && window.from <= to && window.from + window.durationInFrames - 1 >= from;
  const background = (card: { background: { color: string } | { url: string } }) =>
    'url' in card.background
      ? { photo: contentKey({ id: 'card', url: card.background.url, transforms: DEFAULT_TRANSFORMS }) }
      : card.background;
  const opening = overlaps(windows.opening) && props.opening;
  const closing = overlaps(windows.closing) && props.closing;
  if (!opening && !closing) return {};
  return {
    cards: {
      font: props.font ?? DEFAULT_CARD_FONT,
      ...(opening ? { opening: { ...opening, background: background(opening), from: 0 } } : {}),
      ...(closing
        ? { closing: { ...closing, background: background(closing), from: windows.closing?.from } }
        : {}),
    },
  };
}

function fixedChunkRanges(props: MemoreelVideoProps, chunkFrames: number): [number, number][] {
  if (!Number.isInteger(chunkFrames) || chunkFrames < 1) {
    throw new RangeError(`chunkFrames must be a positive integer, got ${chunkFrames}`);
  }
  const total = videoDurationInFrames(props);
  const ranges: [number, number][] = [];
  for (let from = 0; from < total; from += chunkFrames)
    ranges.push([from, Math.min(total, from + chunkFrames) - 1]);
  return ranges;
}

/**
 * The photo plan's frame ranges (inclusive). Cuts go where a photo's layer starts
 * (`photoLayerWindow`): with fade-to-black a chunk is one photo's time; with a dissolve (slide,
 * zoom) it is the transition into a photo followed by that photo's time, so a video is one chunk a
 * photo and not two (each chunk pays an encoder start and a page's photo loads), and a changed photo
 * re-renders its own chunk and the next one, which it dissolves out of. Stretches shorter than
 * MIN_CHUNK_FRAMES join the next one (the last, the one before); longer than MAX_CHUNK_FRAMES are
 * split evenly. In a long video consecutive photos share a chunk (CHUNKS_PER_VIDEO).
 */
export function photoChunkRanges(props: MemoreelVideoProps): [number, number][] {
  const total = videoDurationInFrames(props);
  const cuts = new Set<number>([0, total]);
  props.photos.forEach((_, index) => {
    cuts.add(photoLayerWindow(props, index).from);
  });
  // The cards are chunks of their own: new words re-render the card alone.
  const cards = cardWindows(props);
  if (cards.opening) cuts.add(cards.opening.durationInFrames);
  if (cards.closing) cuts.add(cards.closing.from);
  // Without photos there is one black frame; with them the windows cover [0, total) exactly.
  const sorted = [...cuts].filter((cut) => cut >= 0 && cut <= total).sort((a, b) => a - b);
  const joined: [number, number][] = [];
  let start = 0;
  for (const cut of sorted.slice(1)) {
    if (cut - start < MIN_CHUNK_FRAMES && cut < total) continue;
    if (cut - start < MIN_CHUNK_FRAMES && joined.length > 0) {
      joined[joined.length - 1]![1] = cut;
    } else {
      joined.push([start, cut]);
    }
    start = cut;
  }
  return groupedPhotos(joined, total, cards).flatMap(([from, end]) => {
    const parts = Math.ceil((end - from) / MAX_CHUNK_FRAMES);
    return Array.from({ length: parts }, (_, part): [number, number] => [
      from + Math.round(((end - from) * part) / parts),
      from + Math.round(((end - from) * (part + 1)) / parts) - 1,
    ]);
  });
}

/**
 * Consecutive photo ranges joined while the chunk stays within the video's share (CHUNKS_PER_VIDEO)
 * and MAX_CHUNK_FRAMES; a card stays a chunk of its own. Ranges are [from, end) here.
 */
function groupedPhotos(
  ranges: [number, number][],
  total: number,
  cards: ReturnType<typeof cardWindows>,
): [number, number][] {
  const most = Math.min(MAX_CHUNK_FRAMES, Math.floor(total / CHUNKS_PER_VIDEO));
  const isCard = ([from, end]: [number, number]) =>
    (cards.opening !== null && from === 0 && end === cards.opening.durationInFrames) ||
    (cards.closing !== null && from === cards.closing.from && end === total);
  const grouped: [number, number][] = [];
  for (const range of ranges) {
    const last = grouped.at(-1);
    if (last && !isCard(last) && !isCard(range) && range[1] - last[0] <= most) last[1] = range[1];
    else grouped.push([...range]);
  }
  return grouped;
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
