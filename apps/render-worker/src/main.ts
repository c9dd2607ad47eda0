import {
  bothOrNeitherNatsCredential,
  connectNatsBus,
  createLogger,
  env,
  loadConfigOrExit,
  natsCredentialsOf,
  natsIdentityFields,
  onShutdown,
  operationsRouter,
  startService,
} from '@memoreel/platform';
import express from 'express';
import { z } from 'zod';
import { InProcessRendering } from './jobs/rendering.js';
import { measuredRendering } from './render-worker.metrics.js';
import { renderWorkerService } from './render-worker.service-definition.js';

/**
 * The render worker: stateless, takes render chunks and stitches from the JetStream work queue,
 * renders them in its one Chromium (launched on the first chunk) and stores them (storage settings
 * as the render service's).
 */
const config = loadConfigOrExit(
  z
    .object({
      PORT: env.port(3009),
      LOG_LEVEL: env.logLevel(),
      NATS_URL: env.natsUrl(),
      ...natsIdentityFields,
      BUS_NAMESPACE: z.string().default('memoreel'),
      CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
      /** Remotion company licence key; unset renders as a free-licence user. */
      REMOTION_LICENSE_KEY: z
        .string()
        .optional()
        .transform((value) => value || null),
    })
    .superRefine(bothOrNeitherNatsCredential),
);
const logger = createLogger({ service: 'render-worker', level: config.LOG_LEVEL });
const rendering = measuredRendering(
  new InProcessRendering({
    chromiumPath: config.CHROMIUM_PATH,
    licenseKey: config.REMOTION_LICENSE_KEY,
    onBlockedRequest: (url) => logger.debug({ url }, 'render page request outside loopback refused'),
  }),
);
const bus = await connectNatsBus({
  servers: config.NATS_URL,
  namespace: config.BUS_NAMESPACE,
  name: 'render-worker',
  credentials: natsCredentialsOf(config),
});
const service = await startService(renderWorkerService({ rendering }), {
  name: 'render-worker',
  bus,
  databaseUrl: '',
  logger,
  env: process.env,
});
const http = express()
  .use(operationsRouter(() => [{ name: 'bus', check: () => bus.isReady() }]))
  .listen(config.PORT, () => logger.info(`render-worker health on :${config.PORT}`));
onShutdown(async () => {
  http.close();
  await service.close();
  await bus.close();
});
