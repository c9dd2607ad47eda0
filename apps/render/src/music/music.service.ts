import { randomUUID } from 'node:crypto';
import {
  type Actor,
  MAX_MUSIC_BYTES,
  MAX_MUSIC_TITLE_LENGTH,
  MUSIC_URL_SECONDS,
  type MusicTrack,
  musicExtensionOf,
  musicMessages,
  type PublicMusicTrack,
  type RequestOf,
  type requestMusicUploads,
} from '@memoreel/contracts';
import { cleanName, hasVisibleCharacter } from '@memoreel/domain';
import {
  ForbiddenError,
  LOGGER,
  type Logger,
  NotFoundError,
  readAtMost,
  requireSignedIn,
  ValidationError,
} from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { RenderDatabase } from '../database/render-database.js';
import type { MusicTrack as MusicTrackRow } from '../generated/prisma/client.js';
import { recordBeatsJob } from './beats/track-beats.service.js';
import { MUSIC_BUCKET, MusicStorage } from './music-storage.js';
import { MusicTracksRepository, rhythmOf } from './music-tracks.repository.js';
import { readAudio } from './read-audio.js';

/** A presigned PUT of a music file stays usable this long. */
export const MUSIC_UPLOAD_URL_SECONDS = 30 * 60;
/** Uploads land here until they are read; what was never completed is swept after this long. */
export const PENDING_UPLOADS_PREFIX = 'uploads/';
export const ABANDONED_UPLOAD_SECONDS = MUSIC_UPLOAD_URL_SECONDS + 30 * 60;
const pendingKeyOf = (uploadId: string, extension: string) =>
  `${PENDING_UPLOADS_PREFIX}${uploadId}${extension}`;

const UPLOAD_CONTENT_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.aac': 'audio/aac',
  '.m4a': 'audio/mp4',
};

/** Every change to the library, and the full list, is the admins'. */
function adminId(actor: Actor): string {
  const userId = requireSignedIn(actor);
  if (actor.role !== 'admin') throw new ForbiddenError(musicMessages.adminRequired);
  return userId;
}

/** A dropped file's name without its extension, as the track's first title. */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const title = cleanName(dot > 0 ? name.slice(0, dot) : name).slice(0, MAX_MUSIC_TITLE_LENGTH);
  return hasVisibleCharacter(title) ? title : 'Untitled track';
}

type UploadResult = { uploadId: string; track: MusicTrack | null; error: string | null };

/**
 * The music library (spec §2 Admin Music Manager, §7 music calls): public tracks for everyone
 * signed in, the whole list and every change for admins. Files live in the `music` bucket under
 * `{uuid}.{ext}` (`uploads/` while they wait to be read); what a file is (format, duration) is read
 * from its bytes, never its name.
 */
@Injectable()
export class MusicService {
  constructor(
    private readonly database: RenderDatabase,
    private readonly tracks: MusicTracksRepository,
    private readonly musicStorage: MusicStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private get storage() {
    return this.musicStorage.storage;
  }

  /** Spec §6: public tracks are offered to every user in the music step, ordered by title. */
  async listPublic(actor: Actor): Promise<PublicMusicTrack[]> {
    requireSignedIn(actor);
    const rows = await this.tracks.listPublic(this.database);
    return Promise.all(rows.map((row) => this.toPublicTrack(row)));
  }

  /** Every track, newest first. */
  async listAll(actor: Actor): Promise<MusicTrack[]> {
    adminId(actor);
    const rows = await this.tracks.listAll(this.database);
    return Promise.all(rows.map((row) => this.toTrack(row)));
  }

  /** One presigned PUT per file; a name that is not .mp3/.wav/.aac/.m4a refuses the drop before anything is stored. */
  async requestUploads(
    actor: Actor,
    files: RequestOf<typeof requestMusicUploads>['files'],
  ): Promise<
    { uploadId: string; fileIndex: number; url: string; headers: { name: string; value: string }[] }[]
  > {
    adminId(actor);
    await this.sweepAbandonedUploads();
    for (const file of files) {
      if (!musicExtensionOf(file.name)) throw new ValidationError(musicMessages.wrongExtension(file.name));
      if (file.size > MAX_MUSIC_BYTES) throw new ValidationError(musicMessages.tooLarge(file.name));
    }
    return Promise.all(
      files.map(async (file, fileIndex) => {
        const uploadId = randomUUID();
        const extension = musicExtensionOf(file.name) as string;
        const contentType = UPLOAD_CONTENT_TYPES[extension] as string;
        const url = await this.storage.presignPut(MUSIC_BUCKET, pendingKeyOf(uploadId, extension), {
          expiresInSeconds: MUSIC_UPLOAD_URL_SECONDS,
          contentType,
          maxBytes: MAX_MUSIC_BYTES,
        });
        return { uploadId, fileIndex, url, headers: [{ name: 'Content-Type', value: contentType }] };
      }),
    );
  }

  /** Each uploaded file in turn: read, then kept as a public track or deleted with its reason. */
  async completeUploads(
    actor: Actor,
    uploads: readonly { uploadId: string; name: string }[],
  ): Promise<UploadResult[]> {
    const userId = adminId(actor);
    const results: UploadResult[] = [];
    for (const upload of uploads) results.push(await this.complete(userId, upload));
    return results;
  }

  /** A trimmed, cleaned title; nothing is written when it is the same. */
  async rename(actor: Actor, id: string, title: string): Promise<MusicTrack> {
    adminId(actor);
    const cleaned = cleanName(title);
    if (!hasVisibleCharacter(cleaned)) throw new ValidationError(musicMessages.titleEmpty);
    if (cleaned.length > MAX_MUSIC_TITLE_LENGTH) throw new ValidationError(musicMessages.titleTooLong);
    const row = await this.existing(id);
    if (row.title === cleaned) return this.toTrack(row);
    return this.toTrack(await this.tracks.update(this.database, id, { title: cleaned }));
  }

  async setPublic(actor: Actor, id: string, isPublic: boolean): Promise<MusicTrack> {
    adminId(actor);
    const row = await this.existing(id);
    if (row.isPublic === isPublic) return this.toTrack(row);
    return this.toTrack(await this.tracks.update(this.database, id, { isPublic }));
  }

  /** The file first (spec §7): a failure there leaves the track listed, never a row without its file. */
  async delete(actor: Actor, id: string): Promise<{ id: string }> {
    adminId(actor);
    const row = await this.existing(id);
    await this.storage.delete(MUSIC_BUCKET, row.storagePath);
    await this.tracks.delete(this.database, id);
    this.logger.info({ trackId: id }, 'music track deleted');
    return { id };
  }

  /**
   * Removes uploads that were never completed (the browser closed mid-drop), once their URL has long
   * expired. Run before each new drop: admins upload rarely, and the pending area stays small.
   */
  async sweepAbandonedUploads(now = Date.now()): Promise<number> {
    let removed = 0;
    try {
      for await (const object of this.storage.list(MUSIC_BUCKET, PENDING_UPLOADS_PREFIX)) {
        const stat = await this.storage.stat(MUSIC_BUCKET, object.key);
        if (stat && now - stat.lastModified.getTime() > ABANDONED_UPLOAD_SECONDS * 1000) {
          await this.storage.delete(MUSIC_BUCKET, object.key);
          removed++;
        }
      }
    } catch (err) {
      // A failed sweep must not refuse the drop; the next one tries again.
      this.logger.warn({ err }, 'abandoned music uploads could not be swept');
    }
    if (removed > 0) this.logger.info({ removed }, 'abandoned music uploads removed');
    return removed;
  }

  private async existing(id: string): Promise<MusicTrackRow> {
    const row = await this.tracks.getById(this.database, id);
    if (!row) throw new NotFoundError(musicMessages.trackNotFound);
    return row;
  }

  private async complete(userId: string, upload: { uploadId: string; name: string }): Promise<UploadResult> {
    const { uploadId, name } = upload;
    const extension = musicExtensionOf(name);
    if (!extension) return { uploadId, track: null, error: musicMessages.wrongExtension(name) };
    const storagePath = `${uploadId}${extension}`;
    const done = await this.tracks.getByStoragePath(this.database, storagePath);
    if (done) return { uploadId, track: await this.toTrack(done), error: null };

    const pendingKey = pendingKeyOf(uploadId, extension);
    const refuse = async (error: string) => {
      await this.storage.delete(MUSIC_BUCKET, pendingKey);
      this.logger.info({ uploadId, reason: error }, 'music upload refused');
      return { uploadId, track: null, error };
    };
    const stat = await this.storage.stat(MUSIC_BUCKET, pendingKey);
    if (!stat) return { uploadId, track: null, error: musicMessages.uploadMissing(name) };
    if (stat.size > MAX_MUSIC_BYTES) return refuse(musicMessages.tooLarge(name));
    const bytes = await readAtMost(await this.storage.get(MUSIC_BUCKET, pendingKey), MAX_MUSIC_BYTES);
    if (!bytes) return refuse(musicMessages.tooLarge(name));
    const audio = await readAudio(bytes);
    if (!audio.ok) return refuse(musicMessages[audio.refusal](name));
    // Kept under its own name, served as what it is (a WAV renamed .mp3 must not reach browsers as audio/mpeg).
    await this.storage.put(MUSIC_BUCKET, storagePath, bytes, {
      contentType: audio.contentType,
      size: bytes.length,
    });
    await this.storage.delete(MUSIC_BUCKET, pendingKey);
    const row = await this.database.$transaction(async (tx) => {
      const inserted = await this.tracks.insert(tx, {
        id: uploadId,
        title: titleFromFileName(name),
        artist: audio.artist,
        duration: audio.duration,
        storagePath,
        format: audio.format,
        contentType: audio.contentType,
        sizeBytes: bytes.length,
        isPublic: true,
        userId,
      });
      await recordBeatsJob(tx, inserted.id);
      return inserted;
    });
    this.logger.info({ trackId: row.id, format: audio.format, seconds: audio.duration }, 'music track added');
    return { uploadId, track: await this.toTrack(row), error: null };
  }

  private urlOf(row: MusicTrackRow): Promise<string> {
    return this.storage.presignGet(MUSIC_BUCKET, row.storagePath, { expiresInSeconds: MUSIC_URL_SECONDS });
  }

  /** What every user sees of a track: its file signed to play, its rhythm. */
  private async toPublicTrack(row: MusicTrackRow): Promise<PublicMusicTrack> {
    return {
      id: row.id,
      title: row.title,
      artist: row.artist,
      duration: row.duration,
      url: await this.urlOf(row),
      ...rhythmOf(row),
    };
  }

  private async toTrack(row: MusicTrackRow): Promise<MusicTrack> {
    return {
      ...(await this.toPublicTrack(row)),
      isPublic: row.isPublic,
      storagePath: row.storagePath,
      format: row.format,
      sizeBytes: row.sizeBytes,
      userId: row.userId,
      createdAt: row.createdAt.toISOString(),
    };
  }
}
