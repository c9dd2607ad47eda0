import { type DynamicModule, Module } from '@nestjs/common';
import { RenderDatabase } from './database/render-database.js';
import { MusicHandlers } from './music/music.handlers.js';
import { MusicService } from './music/music.service.js';
import { MusicStorage } from './music/music-storage.js';
import { MusicTracksRepository } from './music/music-tracks.repository.js';
import { MusicUrlsHandlers } from './music/music-urls.handlers.js';
import { SeedShippedMusicOnStart } from './music/seed-shipped-music-on-start.js';

/** The render service: the music library (decision 0013); render orchestration arrives with its issue. */
@Module({})
export class RenderModule {
  static register(): DynamicModule {
    return {
      module: RenderModule,
      controllers: [MusicHandlers, MusicUrlsHandlers],
      providers: [RenderDatabase, MusicStorage, MusicTracksRepository, MusicService, SeedShippedMusicOnStart],
    };
  }
}
