import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Logger, Storage } from '@memoreel/platform';
import { SHIPPED_TRACKS, type ShippedTrack, synthesizeTrack } from '@memoreel/shipped-music';
import type { PrismaClient } from '../generated/prisma/client.js';
import { recordBeatsJob } from './beats/track-beats.service.js';
import { MUSIC_BUCKET } from './music-storage.js';
import { MusicTracksRepository } from './music-tracks.repository.js';
import { readAudio } from './read-audio.js';

/** Where setup (`tools/scripts/setup.sh`) installs Debian's ffmpeg. */
export const DEFAULT_FFMPEG_PATH = '/usr/bin/ffmpeg';

export interface SeedOutcome {
  added: string[];
  skipped: 'no-ffmpeg' | null;
}

/**
 * Adds the tracks that ship with the product, once each: a seed already recorded in `music_seeds`
 * is never made again, even after an admin deleted its track. Of two starters racing, the one that
 * records the seed second adds no row and removes its file.
 */
export async function seedShippedMusic(options: {
  /** The render schema's client: the service's RenderDatabase, or the seed command's own. */
  database: PrismaClient;
  storage: Storage;
  logger: Logger;
  ffmpegPath?: string;
  tracks?: readonly ShippedTrack[];
  /** Stops between steps (the service is shutting down); what is not recorded is made at the next start. */
  signal?: AbortSignal;
}): Promise<SeedOutcome> {
  const { database, storage, logger } = options;
  const repository = new MusicTracksRepository();
  const seeded = await repository.seededKeys(database);
  const missing = (options.tracks ?? SHIPPED_TRACKS).filter((track) => !seeded.has(track.key));
  if (missing.length === 0) return { added: [], skipped: null };
  const ffmpegPath = options.ffmpegPath ?? DEFAULT_FFMPEG_PATH;
  if (!existsSync(ffmpegPath)) {
    logger.warn(
      { ffmpegPath },
      'ffmpeg not found: the music library starts without its shipped tracks (run tools/scripts/setup.sh, then restart)',
    );
    return { added: [], skipped: 'no-ffmpeg' };
  }
  await storage.ensureBuckets([MUSIC_BUCKET]);
  const added: string[] = [];
  for (const track of missing) {
    if (options.signal?.aborted) break;
    const started = performance.now();
    const mp3 = await synthesizeTrack(track, ffmpegPath, options.signal);
    const audio = await readAudio(mp3);
    if (!audio.ok) throw new Error(`The shipped track ${track.key} did not come out as audio`);
    const id = randomUUID();
    const storagePath = `${id}.mp3`;
    await storage.put(MUSIC_BUCKET, storagePath, mp3, { contentType: audio.contentType, size: mp3.length });
    const recorded = await database.$transaction(async (tx) => {
      if (!(await repository.recordSeed(tx, track.key, id))) return false;
      await repository.insert(tx, {
        id,
        title: track.title,
        artist: track.artist,
        duration: audio.duration,
        storagePath,
        format: audio.format,
        contentType: audio.contentType,
        sizeBytes: mp3.length,
        isPublic: true,
        userId: null,
      });
      await recordBeatsJob(tx, id);
      return true;
    });
    if (!recorded) {
      await storage.delete(MUSIC_BUCKET, storagePath);
      continue;
    }
    added.push(track.key);
    logger.info(
      { track: track.key, seconds: audio.duration, ms: Math.round(performance.now() - started) },
      `shipped music track "${track.title}" added`,
    );
  }
  return { added, skipped: null };
}
