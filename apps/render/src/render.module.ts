import { renderOverview } from '@memoreel/contracts';
import { adminOverviewHandler, ProjectsLookup } from '@memoreel/platform';
import { type DynamicModule, Module } from '@nestjs/common';
import { RenderDatabase } from './database/render-database.js';
import { FindBeatsJob } from './music/beats/find-beats.job.js';
import { TrackBeatsService } from './music/beats/track-beats.service.js';
import { MusicHandlers } from './music/music.handlers.js';
import { MusicService } from './music/music.service.js';
import { MusicStorage } from './music/music-storage.js';
import { MusicTracksRepository } from './music/music-tracks.repository.js';
import { MusicUrlsHandlers } from './music/music-urls.handlers.js';
import { PlayableTracks } from './music/playable-tracks.js';
import { SeedShippedMusicOnStart } from './music/seed-shipped-music-on-start.js';
import { DeleteRendersWhenProjectDeleted } from './renders/delete-renders-when-project-deleted.js';
import { FailRendersWhenJobsDeadLettered } from './renders/fail-renders-when-jobs-dead-lettered.js';
import { RecordWorkerReports } from './renders/record-worker-reports.js';
import { RenderCleanup } from './renders/render-cleanup.js';
import { RenderInputs } from './renders/render-inputs.js';
import { RenderPlanner } from './renders/render-planner.js';
import { RenderStorage } from './renders/render-storage.js';
import { RenderWatchdog } from './renders/render-watchdog.js';
import { RendersHandlers } from './renders/renders.handlers.js';
import { RendersRepository } from './renders/renders.repository.js';
import { RendersService } from './renders/renders.service.js';

/** The render service: the music library (decision 0013) and the renders of projects (decision 0015). */
@Module({})
export class RenderModule {
  static register(): DynamicModule {
    return {
      module: RenderModule,
      controllers: [
        MusicHandlers,
        MusicUrlsHandlers,
        FindBeatsJob,
        RendersHandlers,
        RecordWorkerReports,
        FailRendersWhenJobsDeadLettered,
        DeleteRendersWhenProjectDeleted,
        adminOverviewHandler(renderOverview, {
          database: RenderDatabase,
          buckets: [MusicStorage, RenderStorage],
        }),
      ],
      providers: [
        RenderDatabase,
        MusicStorage,
        MusicTracksRepository,
        MusicService,
        TrackBeatsService,
        PlayableTracks,
        SeedShippedMusicOnStart,
        RenderStorage,
        RendersRepository,
        ProjectsLookup,
        RenderInputs,
        RenderPlanner,
        RenderCleanup,
        RendersService,
        RenderWatchdog,
      ],
    };
  }
}
