import { type DynamicModule, Module } from '@nestjs/common';
import { ProjectsDatabase } from './database/projects-database.js';
import { ProbeHandlers } from './probe/probe.handlers.js';
import { ProbeRepository } from './probe/probe.repository.js';
import { ProbeService } from './probe/probe.service.js';

@Module({})
export class ProjectsModule {
  static register(): DynamicModule {
    return {
      module: ProjectsModule,
      controllers: [ProbeHandlers],
      providers: [ProjectsDatabase, ProbeRepository, ProbeService],
    };
  }
}
