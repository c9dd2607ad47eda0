import { postgresAdapter, SERVICE_CONTEXT, type ServiceContext } from '@memoreel/platform';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';

/** The media service's Prisma client, bound to the `media` schema. */
@Injectable()
export class MediaDatabase extends PrismaClient implements OnModuleDestroy {
  constructor(@Inject(SERVICE_CONTEXT) context: ServiceContext) {
    super({ adapter: postgresAdapter({ databaseUrl: context.databaseUrl, schema: context.name }) });
  }

  async onModuleDestroy() {
    await this.$disconnect();
  }
}

export type MediaTransaction = Parameters<Parameters<MediaDatabase['$transaction']>[0]>[0];
