import { z } from 'zod';
import { defineJob, defineRequest } from '../common/define.js';

/** Spec §5: audio the admin may drop (checked again by content, never by the name alone). */
export const MUSIC_EXTENSIONS = ['.mp3', '.wav', '.aac', '.m4a'] as const;
/** Spec §5: at most 10 files per drop. */
export const MUSIC_FILES_PER_DROP = 10;
/** A 3-minute WAV at CD quality is ~32 MB; this leaves room for longer pieces. */
export const MAX_MUSIC_BYTES = 60 * 1024 * 1024;
export const MAX_MUSIC_TITLE_LENGTH = 200;
/** Signed GET URLs for playing a track (spec: 3600 s, as photos). */
export const MUSIC_URL_SECONDS = 3600;

/** The spec's texts (§7 toasts) and the service's refusals. */
export const musicMessages = {
  adminRequired: 'Admin access required',
  trackNotFound: 'Track not found',
  titleEmpty: 'Title cannot be empty',
  titleTooLong: `Title must be ${MAX_MUSIC_TITLE_LENGTH} characters or fewer`,
  tooManyFiles: `At most ${MUSIC_FILES_PER_DROP} files per upload`,
  wrongExtension: (name: string) => `${name}: only .mp3, .wav, .aac and .m4a files can be uploaded`,
  tooLarge: (name: string) => `${name} is larger than ${MAX_MUSIC_BYTES / 1024 / 1024} MB`,
  notAudio: (name: string) => `${name} is not an MP3, WAV, AAC or M4A audio file`,
  noDuration: (name: string) => `${name} has no playable audio`,
  uploadMissing: (name: string) => `${name} did not arrive; please upload it again`,
  // Toasts of the admin page (spec §7).
  updated: 'Track updated successfully',
  deleted: 'Track deleted successfully',
  uploaded: 'Track uploaded successfully',
  updateFailed: 'Failed to update track',
  deleteFailed: 'Failed to delete track',
  uploadFailed: 'Failed to upload track',
  playFailed: 'Failed to play audio track',
} as const;

/** The extension of an accepted file name (lower case, with its dot), or undefined. */
export function musicExtensionOf(name: string): (typeof MUSIC_EXTENSIONS)[number] | undefined {
  const dot = name.lastIndexOf('.');
  const extension = dot >= 0 ? name.slice(dot).toLowerCase() : '';
  return (MUSIC_EXTENSIONS as readonly string[]).includes(extension)
    ? (extension as (typeof MUSIC_EXTENSIONS)[number])
    : undefined;
}

/** A track's rhythm, found once after it is added (`findTrackBeats`). */
export const TrackBeatsSchema = z.object({
  /** Beats per minute; null while not analysed, or when the track keeps no steady time. */
  tempo: z.number().positive().nullable(),
  /** Beat times in seconds of the file; null while not analysed, [] when it keeps no steady time. */
  beats: z.array(z.number().nonnegative()).nullable(),
});

/** A track as every signed-in user sees it in the music step: public ones only. */
export const PublicMusicTrackSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  artist: z.string().nullable(),
  /** Seconds, read from the file. */
  duration: z.number().positive(),
  /** A signed URL to play it, valid for MUSIC_URL_SECONDS. */
  url: z.string(),
  ...TrackBeatsSchema.shape,
});
export type PublicMusicTrack = z.infer<typeof PublicMusicTrackSchema>;

/** A track as the admin's music manager sees it. */
export const MusicTrackSchema = PublicMusicTrackSchema.extend({
  isPublic: z.boolean(),
  /** The object key in the music bucket (`{uuid}.{ext}`). */
  storagePath: z.string(),
  /** What the file is, read from its content: MPEG, WAVE, ADTS, M4A. */
  format: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  /** The admin who uploaded it; null for the tracks that ship with the product. */
  userId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type MusicTrack = z.infer<typeof MusicTrackSchema>;

const TrackId = z.object({ id: z.uuid() });

export const listPublicMusicTracks = defineRequest('render.music.list-public', {
  summary: 'Public tracks ordered by title, each with a signed URL to play it; any signed-in user.',
  request: z.object({}),
  reply: z.object({ tracks: z.array(PublicMusicTrackSchema) }),
});

export const listMusicTracks = defineRequest('render.music.list', {
  summary: 'Every track, newest first (the admin music manager); FORBIDDEN unless the actor is an admin.',
  request: z.object({}),
  reply: z.object({ tracks: z.array(MusicTrackSchema) }),
});

export const MusicUploadFileSchema = z.object({
  name: z.string().min(1).max(255),
  contentType: z.string().max(255),
  size: z.number().int().nonnegative(),
});

export const MusicUploadSlotSchema = z.object({
  uploadId: z.uuid(),
  fileIndex: z.number().int().nonnegative(),
  url: z.string(),
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
});

export const requestMusicUploads = defineRequest('render.music.request-uploads', {
  summary: `A presigned PUT per dropped file (at most ${MUSIC_FILES_PER_DROP}, .mp3/.wav/.aac/.m4a, ${MAX_MUSIC_BYTES} bytes each); admin only.`,
  request: z.object({ files: z.array(MusicUploadFileSchema).min(1).max(MUSIC_FILES_PER_DROP) }),
  reply: z.object({ slots: z.array(MusicUploadSlotSchema) }),
});

export const MusicUploadResultSchema = z.object({
  uploadId: z.uuid(),
  /** The new track when the file was accepted. */
  track: MusicTrackSchema.nullable(),
  /** Why the file was refused (and deleted). */
  error: z.string().nullable(),
});

export const completeMusicUploads = defineRequest('render.music.complete-uploads', {
  summary:
    'Reads each uploaded file (format and duration from its content, music-metadata) and adds a private track titled after the file; refused files are deleted and answered with their reason. Admin only.',
  request: z.object({
    uploads: z
      .array(z.object({ uploadId: z.uuid(), name: z.string().min(1).max(255) }))
      .min(1)
      .max(MUSIC_FILES_PER_DROP),
  }),
  reply: z.object({ results: z.array(MusicUploadResultSchema) }),
});

export const renameMusicTrack = defineRequest('render.music.rename', {
  summary: 'Renames a track (trimmed; nothing is written when unchanged); admin only.',
  request: TrackId.extend({ title: z.string().max(1000) }),
  reply: MusicTrackSchema,
});

export const setMusicTrackPublic = defineRequest('render.music.set-public', {
  summary: 'Offers a track to every user in the music step, or withdraws it; admin only.',
  request: TrackId.extend({ isPublic: z.boolean() }),
  reply: MusicTrackSchema,
});

export const deleteMusicTrack = defineRequest('render.music.delete', {
  summary: 'Deletes a track: its file first, then its row; admin only.',
  request: TrackId,
  reply: z.object({ id: z.uuid() }),
});

export const findTrackBeats = defineJob('render.music.find-beats', {
  summary:
    "Finds a library track's tempo and beat times (ffmpeg decodes it, essentia's RhythmExtractor2013 in a child process, each beat settled on its onset) and stores them with the track; queued with the track's row and at start for tracks without them.",
  data: z.object({ trackId: z.uuid() }),
});
