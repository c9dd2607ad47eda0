import { postgresAdapter, SERVICE_CONTEXT, type ServiceContext } from '@memoreel/platform';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';

/** The auth service's Prisma client, bound to the `auth` schema. */
@Injectable()
export class AuthDatabase extends PrismaClient implements OnModuleDestroy {
  constructor(@Inject(SERVICE_CONTEXT) context: ServiceContext) {
    super({ adapter: postgresAdapter({ databaseUrl: context.databaseUrl, schema: context.name }) });
  }

  async onModuleDestroy() {
    await this.$disconnect();
  }
}

export type AuthTransaction = Parameters<Parameters<AuthDatabase['$transaction']>[0]>[0];
/** Reads and single writes run on either the client or a transaction. */
export type AuthDb = AuthDatabase | AuthTransaction;
