import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { SERVICE_CONTEXT, type ServiceContext } from '../nest/service-context.js';
import { postgresAdapter } from './postgres-adapter.js';
import type { PrismaClientClass, PrismaConnection } from './prisma.js';

/** A service's database class: its Prisma client, made from the service context by Nest. */
export type ServiceDatabaseClass<Client> = new (context: ServiceContext) => Client & OnModuleDestroy;

/**
 * The base of each service's database provider: its generated `PrismaClient` on the pg adapter,
 * bound to the schema named after the service, its pool closed at shutdown. A service writes
 * `@Injectable() export class AuthDatabase extends serviceDatabase(PrismaClient) {}`, so the class
 * stays its own injection token and type.
 */
export function serviceDatabase<Client extends PrismaConnection>(
  PrismaClient: PrismaClientClass<Client>,
): ServiceDatabaseClass<Client> {
  const Base = PrismaClient as unknown as PrismaClientClass<PrismaConnection>;
  @Injectable()
  class ServiceDatabase extends Base implements OnModuleDestroy {
    constructor(@Inject(SERVICE_CONTEXT) context: ServiceContext) {
      super({ adapter: postgresAdapter({ databaseUrl: context.databaseUrl, schema: context.name }) });
    }

    async onModuleDestroy() {
      await this.$disconnect();
    }
  }
  return ServiceDatabase as unknown as ServiceDatabaseClass<Client>;
}
