import { type DynamicModule, Module } from '@nestjs/common';

/** The auth service's root module; its features arrive with their issues. */
@Module({})
export class AuthModule {
  static register(): DynamicModule {
    return { module: AuthModule };
  }
}
