import { findTrackBeats as findTrackBeatsJob, SYSTEM } from '@memoreel/contracts';
import {
  buildJob,
  LOGGER,
  type Logger,
  loadConfig,
  recordJob,
  SERVICE_CONTEXT,
  type ServiceContext,
  stableUuid,
} from '@memoreel/platform';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { RenderDatabase, type RenderTransaction } from '../../database/render-database.js';
import { musicEnvironment } from '../music.config.js';
import { MUSIC_BUCKET, MusicStorage } from '../music-storage.js';
import { MusicTracksRepository } from '../music-tracks.repository.js';
import { findTrackBeats } from './beat-finder.js';

/** The render service's schema, whose outbox relays the job. */
const SCHEMA = 'render';

/**
 * Records the beats job of a new track in the transaction that inserts it: the outbox relays it once
 * that commits, so no track is left without its job by a crash between the two.
 */
export async function recordBeatsJob(tx: RenderTransaction, trackId: string): Promise<void> {
  await recordJob(
    tx,
    SCHEMA,
    buildJob(findTrackBeatsJob, SYSTEM, { trackId }, stableUuid(`beats:${trackId}`)),
  );
}

/**
 * A library track's tempo and beats, found once (issue 35: "Cut on the beat" cuts on them). Tracks
 * made before this existed, or whose job was lost with a broker, are queued again at start.
 */
@Injectable()
export class TrackBeatsService implements OnApplicationBootstrap {
  private readonly ffmpegPath: string;

  constructor(
    @Inject(SERVICE_CONTEXT) context: ServiceContext,
    private readonly database: RenderDatabase,
    private readonly tracks: MusicTracksRepository,
    private readonly musicStorage: MusicStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.ffmpegPath = loadConfig(musicEnvironment, context.env).FFMPEG_PATH;
  }

  async onApplicationBootstrap(): Promise<void> {
    const missing = await this.tracks.withoutBeats(this.database);
    if (missing.length === 0) return;
    await this.database.$transaction(async (tx) => {
      for (const track of missing) await recordBeatsJob(tx, track.id);
    });
    this.logger.info({ tracks: missing.length }, 'beats of older tracks queued');
  }

  /** The job: skipped once found, or once the track is gone. */
  async find(trackId: string): Promise<void> {
    const track = await this.tracks.getById(this.database, trackId);
    if (!track || track.beats !== null) return;
    const started = performance.now();
    const audio = await this.musicStorage.storage.get(MUSIC_BUCKET, track.storagePath);
    const found = await findTrackBeats(audio, this.ffmpegPath);
    await this.tracks.setBeats(this.database, trackId, found);
    this.logger.info(
      {
        trackId,
        tempo: found?.tempo ?? null,
        beats: found?.beats.length ?? 0,
        seconds: track.duration,
        ms: Math.round(performance.now() - started),
      },
      'music track beats found',
    );
  }
}
