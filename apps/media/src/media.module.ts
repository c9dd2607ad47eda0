import { type DynamicModule, Module } from '@nestjs/common';

/** The media service's root module; its features arrive with their issues. */
@Module({})
export class MediaModule {
  static register(): DynamicModule {
    return { module: MediaModule };
  }
}
