import { z } from 'zod';
import {
  CARD_FONT_IDS,
  type CardFont,
  type ClosingCard,
  ClosingCardSchema,
  cardSeconds,
  DEFAULT_CARD_FONT,
  type OpeningCard,
  OpeningCardSchema,
} from './video-cards.js';

export const VIDEO_FPS = 30;
/**
 * The shapes a video comes in: 16:9 for screens and televisions, 1:1 for feeds, 9:16 for stories
 * and phones held upright. The stored settings keep the size (spec §5 `width`, `height`); a size
 * that is not one of these reads as the default.
 */
export const VIDEO_FORMATS = {
  '16:9': { width: 1920, height: 1080 },
  '1:1': { width: 1080, height: 1080 },
  '9:16': { width: 1080, height: 1920 },
} as const;
export type VideoFormat = keyof typeof VIDEO_FORMATS;
export type VideoSize = { width: number; height: number };
export const VIDEO_FORMAT_IDS = Object.keys(VIDEO_FORMATS) as VideoFormat[];
export const DEFAULT_VIDEO_FORMAT: VideoFormat = '16:9';
export const VIDEO_WIDTH = VIDEO_FORMATS[DEFAULT_VIDEO_FORMAT].width;
export const VIDEO_HEIGHT = VIDEO_FORMATS[DEFAULT_VIDEO_FORMAT].height;

/** The format of a size, or null when it is none of them. */
export function videoFormatOf(size: VideoSize): VideoFormat | null {
  return (
    VIDEO_FORMAT_IDS.find(
      (format) => VIDEO_FORMATS[format].width === size.width && VIDEO_FORMATS[format].height === size.height,
    ) ?? null
  );
}

/** The tallest a video's box grows on a page, so a 9:16 player fits the screen with its controls. */
export const VIDEO_FRAME_MAX_HEIGHT = '78vh';

/**
 * The box a video is shown in, at its own shape (16:9, 1:1 or 9:16) as CSS values: as wide as its
 * container but never taller than `maxHeight`, so a vertical video narrows and is centred, never
 * letterboxed. One rule for the SPA's players and the share page's first paint (the gateway's HTML).
 */
export function videoFrameCss(
  size: VideoSize,
  maxHeight: string = VIDEO_FRAME_MAX_HEIGHT,
): { aspectRatio: string; width: string; marginInline: string } {
  const { width, height } = videoFormatOf(size) ? size : VIDEO_FORMATS[DEFAULT_VIDEO_FORMAT];
  return {
    aspectRatio: `${width} / ${height}`,
    width: `min(100%, calc(${maxHeight} * ${width} / ${height}))`,
    marginInline: 'auto',
  };
}

/** True for a size in pixels that is one of the formats. */
export function isVideoSize(size: VideoSize): boolean {
  return videoFormatOf(size) !== null;
}
/** The Design step's "Duration Per Photo (seconds)" slider. */
export const DURATION_PER_PHOTO = { min: 1, max: 10, step: 0.5, default: 3 } as const;
/**
 * Between two photos. Both readings of the spec exist: the dashboard defaults to fade-to-black, the
 * download step names fade (a dissolve); slide and zoom are what every peer offers besides.
 */
export const TRANSITIONS = ['fade-to-black', 'fade', 'slide', 'zoom'] as const;
export type Transition = (typeof TRANSITIONS)[number];

/** True when the incoming photo comes in over the outgoing one (every transition but fade-to-black). */
export function transitionOverlaps(transition: Transition): boolean {
  return transition !== 'fade-to-black';
}

/** A music track placed on the video's timeline (spec 2 §3). */
export type TimelineTrack = {
  id: string;
  storage_path: string;
  /** Seconds from the start of the video. */
  startTime: number;
  /** Seconds it plays (after trimming). */
  duration: number;
  /** Unique per placement: the same track may be placed twice. */
  instanceId: string;
  title?: string;
  artist?: string;
  isTrimmed?: boolean;
  originalDuration?: number;
};

export type VideoMusic = {
  type: 'default' | 'custom';
  selection: string;
  customPath: string | null;
  timelineTracks: TimelineTrack[];
};

/** Type aliases, not interfaces: they stay assignable to JSON column types. */
export type VideoSettings = {
  durationPerPhoto: number;
  transition: Transition;
  /** Step 5's "Cut on the beat": photos change on the music's beats (`beatCutFrames`); off by default. */
  cutOnBeat: boolean;
  music: VideoMusic;
  width: number;
  height: number;
  /** The card the video opens on (a name and dates), or none. */
  opening: OpeningCard | null;
  /** The card it closes on (a short message), or none. */
  closing: ClosingCard | null;
  /** The typeface of the cards. */
  font: CardFont;
};

/** Settings of a new project, and of any field found malformed. A fresh object each call: callers may edit it. */
export function defaultVideoSettings(): VideoSettings {
  return {
    durationPerPhoto: DURATION_PER_PHOTO.default,
    transition: 'fade-to-black',
    cutOnBeat: false,
    music: { type: 'default', selection: 'peaceful', customPath: null, timelineTracks: [] },
    width: VIDEO_WIDTH,
    height: VIDEO_HEIGHT,
    opening: null,
    closing: null,
    font: DEFAULT_CARD_FONT,
  };
}

const text = z.string().min(1).max(1000);
const seconds = z.number().nonnegative();

/** A well-formed timeline track: the five fields the renderer needs are required, the display ones optional. */
export const TimelineTrackSchema = z.object({
  id: text,
  storage_path: text,
  startTime: seconds,
  duration: seconds.positive(),
  instanceId: text,
  title: z.string().max(1000).optional(),
  artist: z.string().max(1000).optional(),
  isTrimmed: z.boolean().optional(),
  originalDuration: seconds.optional(),
});

/** Keeps the well-formed tracks of a stored list and drops the rest, rather than losing the whole timeline. */
const timelineTracks = z
  .array(z.unknown())
  .catch([])
  .transform((items) =>
    items.flatMap((item) => {
      const track = TimelineTrackSchema.safeParse(item);
      return track.success ? [track.data] : [];
    }),
  );

const defaults = defaultVideoSettings();
const dimension = z.number().int().positive();

const MusicSchema = z
  .object({
    type: z.enum(['default', 'custom']).catch(defaults.music.type),
    selection: text.catch(defaults.music.selection),
    customPath: text.nullable().catch(defaults.music.customPath),
    timelineTracks,
  })
  .catch(() => defaultVideoSettings().music);

/**
 * Each field checked on its own: a malformed one falls back to its default, the others are kept;
 * the size is checked as a pair (one of `VIDEO_FORMATS`, else the default).
 */
const SettingsSchema = z
  .object({
    durationPerPhoto: z
      .number()
      .min(DURATION_PER_PHOTO.min)
      .max(DURATION_PER_PHOTO.max)
      .catch(defaults.durationPerPhoto),
    transition: z.enum(TRANSITIONS).catch(defaults.transition),
    cutOnBeat: z.boolean().catch(defaults.cutOnBeat),
    music: MusicSchema,
    width: dimension.catch(defaults.width),
    height: dimension.catch(defaults.height),
    opening: OpeningCardSchema.nullable().catch(null).default(null),
    closing: ClosingCardSchema.nullable().catch(null).default(null),
    font: z.enum(CARD_FONT_IDS).catch(defaults.font),
  })
  .transform((settings) =>
    isVideoSize(settings) ? settings : { ...settings, width: defaults.width, height: defaults.height },
  );

/**
 * The one reading of stored or submitted video_settings (spec §5: "shape-checked and replaced by
 * defaults when malformed"). Never throws; unknown fields are dropped.
 */
export function parseVideoSettings(input: unknown): VideoSettings {
  return SettingsSchema.parse(isRecord(input) ? input : {});
}

/**
 * Applies a partial update to stored settings: given fields replace the stored ones (music field by
 * field, so the music step can save the timeline alone), then the result is parsed like a read.
 */
export function mergeVideoSettings(current: unknown, update: unknown): VideoSettings {
  const base = parseVideoSettings(current);
  if (!isRecord(update)) return base;
  const music = isRecord(update.music) ? { ...base.music, ...update.music } : (update.music ?? base.music);
  return parseVideoSettings({ ...base, ...update, music });
}

/** The card's and the Design step's estimate: seconds per photo times the number of photos. */
export function estimatedVideoSeconds(photoCount: number, secondsPerPhoto: number): number {
  return Math.max(0, photoCount) * secondsPerPhoto;
}

/**
 * The video's length without beats: the photos' time and the title and closing cards' — what the
 * dashboard's card shows, the music step lays music over and step 9 warns by.
 */
export function plainVideoSeconds(
  photoCount: number,
  settings: Pick<VideoSettings, 'durationPerPhoto'> & {
    opening?: { seconds: number } | null;
    closing?: { seconds: number } | null;
  },
): number {
  return (
    estimatedVideoSeconds(photoCount, settings.durationPerPhoto) +
    cardSeconds({ opening: settings.opening ?? null, closing: settings.closing ?? null })
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
