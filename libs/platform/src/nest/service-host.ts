import { type DynamicModule, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { BusTransport } from '../bus/bus-transport.js';
import { ReportHandlerErrors } from '../bus/report-handler-errors.filter.js';
import { migrateSchema } from '../database/migrate.js';
import { databaseIsReachable } from '../database/reachable.js';
import type { ReadinessCheck } from '../health/health.js';
import { OutboxRelay } from '../outbox/outbox-relay.js';
import { PinoNestLogger } from '../telemetry/logger.js';
import type { ServiceContext } from './service-context.js';
import { ServicePlatformModule } from './service-platform.module.js';

/** A service deployable as the host sees it: its name, its root module, its migrations. */
export interface ServiceDefinition {
  name: string;
  module(context: ServiceContext): DynamicModule;
  /** Absolute path of the service's `prisma/migrations`; services with tables also get an outbox relay. */
  migrationsDir?: string;
  /**
   * What else the service needs to be ready beyond its database (e.g. its object storage), checked
   * on its running providers; `/health/ready` answers 503 while one fails.
   */
  readiness?(app: Pick<INestApplicationContext, 'get'>): ReadinessCheck[];
}

export interface RunningService {
  name: string;
  readiness: ReadinessCheck[];
  close(): Promise<void>;
}

@Module({})
class ServiceRootModule {}

/**
 * Starts one service on the given bus: its handlers answer requests and consume events
 * through `BusTransport`, and its outbox relay publishes what it commits.
 */
export async function startService(
  definition: ServiceDefinition,
  context: ServiceContext,
  options: { migrate?: boolean } = {},
): Promise<RunningService> {
  if (options.migrate && definition.migrationsDir) {
    const applied = await migrateSchema({
      databaseUrl: context.databaseUrl,
      schema: definition.name,
      migrationsDir: definition.migrationsDir,
    });
    if (applied.length > 0) context.logger.info(`applied ${applied.length} database migration(s)`);
  }
  const root: DynamicModule = {
    module: ServiceRootModule,
    imports: [ServicePlatformModule.forService(context), definition.module(context)],
  };
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(root, {
    strategy: new BusTransport({ bus: context.bus, service: definition.name }),
    logger: new PinoNestLogger(context.logger),
  });
  app.useGlobalFilters(new ReportHandlerErrors());
  await app.listen();

  const relay = definition.migrationsDir
    ? new OutboxRelay({
        databaseUrl: context.databaseUrl,
        schema: definition.name,
        bus: context.bus,
        logger: context.logger,
      })
    : undefined;
  relay?.start();

  return {
    name: definition.name,
    readiness: [
      ...(definition.migrationsDir
        ? [{ name: 'database', check: () => databaseIsReachable(context.databaseUrl) }]
        : []),
      ...(definition.readiness?.(app) ?? []),
    ],
    async close() {
      await relay?.stop();
      await app.close();
    },
  };
}
