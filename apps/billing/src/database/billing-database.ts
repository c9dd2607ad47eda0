import { postgresAdapter, SERVICE_CONTEXT, type ServiceContext } from '@memoreel/platform';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';

/** The billing service's Prisma client, bound to the `billing` schema. */
@Injectable()
export class BillingDatabase extends PrismaClient implements OnModuleDestroy {
  constructor(@Inject(SERVICE_CONTEXT) context: ServiceContext) {
    super({ adapter: postgresAdapter({ databaseUrl: context.databaseUrl, schema: context.name }) });
  }

  async onModuleDestroy() {
    await this.$disconnect();
  }
}

export type BillingTransaction = Parameters<Parameters<BillingDatabase['$transaction']>[0]>[0];
