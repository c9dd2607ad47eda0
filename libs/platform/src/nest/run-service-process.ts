import express from 'express';
import { z } from 'zod';
import { connectNatsBus } from '../bus/nats-bus.js';
import type { Deployable } from '../bus/senders.js';
import {
  bothOrNeitherNatsCredential,
  busProcessFields,
  env,
  loadConfigOrExit,
  natsCredentialsOf,
  serviceEnvironment,
} from '../config/config.js';
import { migrateSchema } from '../database/migrate.js';
import { operationsRouter } from '../health/health.router.js';
import { createLogger, type Logger } from '../telemetry/logger.js';
import { startTelemetry } from '../telemetry/telemetry.js';
import { type ServiceDefinition, startService } from './service-host.js';
import { onShutdown } from './shutdown.js';

/**
 * The distributed-mode entry of a service deployable: `node main.js` runs it (NATS, its
 * own schema, /health and /metrics on PORT); `node main.js migrate` applies its migrations and exits.
 */
export async function runServiceProcess(
  definition: ServiceDefinition,
  argv = process.argv.slice(2),
): Promise<void> {
  const config = loadConfigOrExit(serviceEnvironment);
  const logger = createLogger({ service: definition.name, level: config.LOG_LEVEL });

  if (argv[0] === 'migrate') {
    if (!definition.migrationsDir) return logger.info('no migrations');
    const applied = await migrateSchema({
      databaseUrl: config.DATABASE_URL,
      schema: definition.name,
      migrationsDir: definition.migrationsDir,
    });
    logger.info({ applied }, `applied ${applied.length} migration(s)`);
    return;
  }
  await hostOnBus(definition, config, logger);
}

/**
 * The distributed-mode entry of a worker deployable: no database, its own settings beside the bus
 * ones, and a service built from them (`definition` may read the validated config).
 */
export async function runWorkerProcess<Own extends z.ZodType>(worker: {
  name: Deployable;
  defaultPort: number;
  /** The worker's own settings, e.g. `z.object({ CHROMIUM_PATH: ... })`. */
  environment: Own;
  definition: (config: z.infer<Own>, logger: Logger) => ServiceDefinition;
}): Promise<void> {
  const config = loadConfigOrExit(
    z
      .object({ ...busProcessFields, PORT: env.port(worker.defaultPort) })
      .superRefine(bothOrNeitherNatsCredential),
  );
  const own = loadConfigOrExit(worker.environment);
  const logger = createLogger({ service: worker.name, level: config.LOG_LEVEL });
  await hostOnBus(worker.definition(own, logger), { ...config, DATABASE_URL: '' }, logger);
}

/** Telemetry, the bus as this deployable's NATS identity, the service, and /health + /metrics on PORT. */
async function hostOnBus(
  definition: ServiceDefinition,
  config: z.infer<z.ZodObject<typeof busProcessFields>> & { DATABASE_URL: string },
  logger: Logger,
): Promise<void> {
  const telemetry = startTelemetry({
    serviceName: definition.name,
    otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    sentryDsn: config.SENTRY_DSN,
  });
  const credentials = natsCredentialsOf(config);
  if (credentials && credentials.user !== definition.name) {
    // Its requests go as `definition.name`; the broker would refuse every one of them.
    logger.fatal(`NATS_USER is ${credentials.user}, but this deployable is ${definition.name}`);
    process.exit(1);
  }
  if (!credentials) logger.warn('NATS without credentials: the broker must be closed to everyone else');
  const bus = await connectNatsBus({
    servers: config.NATS_URL,
    namespace: config.BUS_NAMESPACE,
    name: definition.name,
    credentials,
  });
  const service = await startService(definition, {
    name: definition.name,
    bus,
    databaseUrl: config.DATABASE_URL,
    logger,
    env: process.env,
  });
  const http = express()
    .use(operationsRouter(() => [{ name: 'bus', check: () => bus.isReady() }, ...service.readiness]))
    .listen(config.PORT, () => logger.info(`${definition.name} ready; health on :${config.PORT}`));

  onShutdown(async () => {
    http.close();
    await service.close();
    await bus.close();
    await telemetry.shutdown();
  });
}
