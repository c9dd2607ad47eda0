import {
  DURATION_PER_PHOTO,
  defaultVideoSettings,
  isVideoSize,
  isWholePhoto,
  MAX_FILL_CROP,
  type PhotoBox,
  PhotoCaptionSchema,
  PhotoTransformsSchema,
  parseCaption,
  parseTransforms,
  photoFraming,
  type TimelineTrack,
  TRANSITIONS,
  VIDEO_HEIGHT,
  VIDEO_WIDTH,
  type VideoSettings,
  type VideoSize,
} from '@memoreel/domain';
import { z } from 'zod';
import {
  VideoCardFontSchema,
  VideoClosingCardSchema,
  VideoOpeningCardSchema,
  videoCardsFromSettings,
} from './cards.js';

/** More beats than a 15-minute track at 300 BPM has: the most a track's list may hold. */
export const MAX_TRACK_BEATS = 4500;

/** One photo of the video: a 1920-px derivative with its filter already baked in (the web renderer draws no CSS filter). */
export const VideoPhotoSchema = z.object({
  id: z.string().min(1),
  url: z.string().min(1),
  transforms: PhotoTransformsSchema,
  /** Words drawn with the photo, fading with it (libs/domain PhotoCaptionSchema's limits). */
  caption: PhotoCaptionSchema.optional(),
  /**
   * Where the photo rests before its motion (libs/domain `photoFraming`): absent, the whole photo;
   * in a 1:1 or 9:16 video a photo of nearly its shape fills the frame, its faces kept in.
   */
  framing: z
    .object({
      scale: z
        .number()
        .min(1)
        .max(1 / (1 - MAX_FILL_CROP) + 0.01),
      translateX: z.number().min(-50).max(50),
      translateY: z.number().min(-50).max(50),
    })
    .optional(),
});
export type VideoPhoto = z.infer<typeof VideoPhotoSchema>;

/** One placement of a music track on the timeline (spec 2 §3 "Timeline track"), with a URL the page can fetch. */
export const VideoMusicTrackSchema = z.object({
  /** Unique per placement: the same track may be placed twice. */
  instanceId: z.string().min(1),
  url: z.string().min(1),
  /** Seconds from the start of the video. */
  startTime: z.number().nonnegative(),
  /** Seconds it plays, from the start of the file; already shortened when `isTrimmed`. */
  duration: z.number().positive(),
  /** Shown by the music step ("Trimmed from m:ss"); the composition plays `duration` either way. */
  isTrimmed: z.boolean().optional(),
  /** The track's beat times in seconds of its file (found once per track); what "Cut on the beat" cuts on. */
  beats: z.array(z.number().nonnegative()).max(MAX_TRACK_BEATS).optional(),
});
export type VideoMusicTrack = z.infer<typeof VideoMusicTrackSchema>;

/** Everything that decides a video's pixels and sound: the composition is a pure function of these and the frame. */
export const MemoreelVideoPropsSchema = z
  .object({
    photos: z.array(VideoPhotoSchema),
    durationPerPhoto: z.number().min(DURATION_PER_PHOTO.min).max(DURATION_PER_PHOTO.max),
    transition: z.enum(TRANSITIONS),
    /** Photos change on the music's beats (`beatCutFrames`) instead of every `durationPerPhoto` seconds. */
    cutOnBeat: z.boolean().optional(),
    music: z.array(VideoMusicTrackSchema),
    /** The frame in pixels, one of libs/domain's `VIDEO_FORMATS`; 1920 × 1080 when left out. */
    width: z.number().int().positive().optional(),
    height: z.number().int().positive().optional(),
    /** The card before the first photo (a title and dates), and after the last (a message). */
    opening: VideoOpeningCardSchema.optional(),
    closing: VideoClosingCardSchema.optional(),
    /** The cards' typeface; serif (Lora) when left out. */
    font: VideoCardFontSchema.optional(),
  })
  .refine(
    // Both sides or neither: one side alone is no format.
    ({ width, height }) =>
      width === undefined && height === undefined
        ? true
        : width !== undefined && height !== undefined && isVideoSize({ width, height }),
    {
      message: 'The video size is not one of the formats (16:9, 1:1, 9:16)',
      path: ['width'],
    },
  );
export type MemoreelVideoProps = z.infer<typeof MemoreelVideoPropsSchema>;

/** What the SPA and the render service know about a project, in the product's own shapes. */
export type ProjectVideoSource = {
  /**
   * In display order, each with the URL of its filtered derivative, its stored transforms and
   * caption, and — for its framing — its size and its faces (media's, `facesOf`).
   */
  photos: {
    id: string;
    url: string;
    transforms: unknown;
    caption?: unknown;
    width?: number;
    height?: number;
    faces?: readonly PhotoBox[] | null;
  }[];
  settings: VideoSettings;
  /** Where the page fetches a timeline track's audio (a signed URL, say). */
  musicUrl: (track: TimelineTrack) => string;
  /** A timeline track's beats, in seconds of its file, where known (null while not analysed). */
  beatsOf?: (track: TimelineTrack) => readonly number[] | null | undefined;
};

/** The composition's props from a project: transforms read like everywhere else (clamped, identity when malformed). */
export function videoPropsFromProject({
  photos,
  settings,
  musicUrl,
  beatsOf,
}: ProjectVideoSource): MemoreelVideoProps {
  return {
    photos: photos.map((photo) => {
      const caption = parseCaption(photo.caption);
      const framing =
        photo.width && photo.height
          ? photoFraming({ width: photo.width, height: photo.height }, settings, photo.faces ?? [])
          : null;
      return {
        id: photo.id,
        url: photo.url,
        transforms: parseTransforms(photo.transforms),
        ...(caption ? { caption } : {}),
        // Only where it moves the photo: a 16:9 video's props (and its chunks' names) are as before.
        ...(framing && !isWholePhoto(framing) ? { framing } : {}),
      };
    }),
    durationPerPhoto: settings.durationPerPhoto,
    transition: settings.transition,
    cutOnBeat: settings.cutOnBeat,
    width: settings.width,
    height: settings.height,
    // A photo behind a card is drawn from the same derivative as in the video.
    ...videoCardsFromSettings(settings, (id) => photos.find((photo) => photo.id === id)?.url),
    music: settings.music.timelineTracks.map((track) => {
      const beats = beatsOf?.(track);
      return {
        instanceId: track.instanceId,
        url: musicUrl(track),
        startTime: track.startTime,
        duration: track.duration,
        isTrimmed: track.isTrimmed ?? false,
        // Only the beats it plays: a trimmed track's later ones never count.
        ...(beats ? { beats: beats.filter((beat) => beat < track.duration) } : {}),
      };
    }),
  };
}

/** Props of the Studio / bundle default: no photos, the default settings. */
export function emptyVideoProps(): MemoreelVideoProps {
  const settings = defaultVideoSettings();
  return {
    photos: [],
    durationPerPhoto: settings.durationPerPhoto,
    transition: settings.transition,
    cutOnBeat: settings.cutOnBeat,
    music: [],
    width: settings.width,
    height: settings.height,
  };
}

/** The frame a video is drawn in: its props' size, or 1920 × 1080 for props without one. */
export function videoSize(props: { width?: number | undefined; height?: number | undefined }): VideoSize {
  return { width: props.width ?? VIDEO_WIDTH, height: props.height ?? VIDEO_HEIGHT };
}
