import { type DynamicModule, Module } from '@nestjs/common';

/** The render service's root module; its features arrive with their issues. */
@Module({})
export class RenderModule {
  static register(): DynamicModule {
    return { module: RenderModule };
  }
}
