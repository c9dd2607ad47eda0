import { postgresAdapter, SERVICE_CONTEXT, type ServiceContext } from '@memoreel/platform';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';

/** The render service's Prisma client, bound to the `render` schema. */
@Injectable()
export class RenderDatabase extends PrismaClient implements OnModuleDestroy {
  constructor(@Inject(SERVICE_CONTEXT) context: ServiceContext) {
    super({ adapter: postgresAdapter({ databaseUrl: context.databaseUrl, schema: context.name }) });
  }

  async onModuleDestroy() {
    await this.$disconnect();
  }
}

export type RenderTransaction = Parameters<Parameters<RenderDatabase['$transaction']>[0]>[0];
