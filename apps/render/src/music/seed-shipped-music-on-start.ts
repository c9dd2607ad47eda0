import { LOGGER, type Logger, loadConfig, SERVICE_CONTEXT, type ServiceContext } from '@memoreel/platform';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { RenderDatabase } from '../database/render-database.js';
import { musicEnvironment } from './music.config.js';
import { MusicStorage } from './music-storage.js';
import { seedShippedMusic } from './seed-shipped-music.js';

/**
 * In standalone (`MUSIC_SEED_ON_START=true`) a fresh install makes its shipped tracks right after
 * start, in the background: the app answers meanwhile, and the tracks appear within seconds. A
 * shutdown does not wait for them.
 */
@Injectable()
export class SeedShippedMusicOnStart implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly config;
  private seeding: Promise<void> | undefined;
  private readonly stopping = new AbortController();

  constructor(
    @Inject(SERVICE_CONTEXT) context: ServiceContext,
    private readonly database: RenderDatabase,
    private readonly musicStorage: MusicStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.config = loadConfig(musicEnvironment, context.env);
  }

  onApplicationBootstrap() {
    if (!this.config.MUSIC_SEED_ON_START) return;
    this.seeding = seedShippedMusic({
      database: this.database,
      storage: this.musicStorage.storage,
      logger: this.logger,
      ffmpegPath: this.config.FFMPEG_PATH,
      signal: this.stopping.signal,
    }).then(
      () => undefined,
      (err: unknown) => {
        if (this.stopping.signal.aborted) return;
        // The library works without them; the next start tries again.
        this.logger.error({ err }, 'shipped music tracks could not be made');
      },
    );
  }

  /** A seed under way stops at its next step (ffmpeg is killed); the database stays open until it has. */
  async beforeApplicationShutdown() {
    this.stopping.abort();
    await this.seeding;
  }
}
