import { type DynamicModule, Module } from '@nestjs/common';
import { SharingDatabase } from './database/sharing-database.js';
import { ConfirmProbeWhenRecorded } from './probe/confirm-probe-when-recorded.js';

@Module({})
export class SharingModule {
  static register(): DynamicModule {
    return {
      module: SharingModule,
      controllers: [ConfirmProbeWhenRecorded],
      providers: [SharingDatabase],
    };
  }
}
