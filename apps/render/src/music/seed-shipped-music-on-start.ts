import { LOGGER, type Logger, loadConfig, SERVICE_CONTEXT, type ServiceContext } from '@memoreel/platform';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { RenderDatabase } from '../database/render-database.js';
import { musicEnvironment } from './music.config.js';
import { MusicStorage } from './music-storage.js';
import { seedShippedMusic } from './seed-shipped-music.js';

/** In standalone (`MUSIC_SEED_ON_START=true`) a fresh install gets its shipped tracks before it answers. */
@Injectable()
export class SeedShippedMusicOnStart implements OnApplicationBootstrap {
  private readonly config;

  constructor(
    @Inject(SERVICE_CONTEXT) context: ServiceContext,
    private readonly database: RenderDatabase,
    private readonly musicStorage: MusicStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.config = loadConfig(musicEnvironment, context.env);
  }

  async onApplicationBootstrap() {
    if (!this.config.MUSIC_SEED_ON_START) return;
    await seedShippedMusic({
      database: this.database,
      storage: this.musicStorage.storage,
      logger: this.logger,
      ffmpegPath: this.config.FFMPEG_PATH,
    });
  }
}
