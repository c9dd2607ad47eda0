import { type DynamicModule, Module } from '@nestjs/common';

/** The billing service's root module; its features arrive with their issues. */
@Module({})
export class BillingModule {
  static register(): DynamicModule {
    return { module: BillingModule };
  }
}
