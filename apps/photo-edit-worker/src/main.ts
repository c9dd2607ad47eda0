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
import { InProcessEditing } from './editing/in-process-editing.js';
import { editingOptionsFromEnv, photoEditingEnvironment } from './editing/photo-editing.config.js';
import { photoEditWorkerService } from './photo-edit-worker.service-definition.js';

/**
 * The photo-edit worker: stateless, takes AI photo edits from the JetStream work queue one at a
 * time, runs the models in this process (~1–1.5 GB once both are loaded) and stores the PNGs in the
 * photos bucket (storage settings as media's).
 */
const config = loadConfigOrExit(
  z
    .object({
      PORT: env.port(3010),
      LOG_LEVEL: env.logLevel(),
      NATS_URL: env.natsUrl(),
      ...natsIdentityFields,
      BUS_NAMESPACE: z.string().default('memoreel'),
      ...photoEditingEnvironment,
    })
    .superRefine(bothOrNeitherNatsCredential),
);
const logger = createLogger({ service: 'photo-edit-worker', level: config.LOG_LEVEL });
const bus = await connectNatsBus({
  servers: config.NATS_URL,
  namespace: config.BUS_NAMESPACE,
  name: 'photo-edit-worker',
  credentials: natsCredentialsOf(config),
});
const service = await startService(
  photoEditWorkerService({ editing: new InProcessEditing(editingOptionsFromEnv(process.env)) }),
  { name: 'photo-edit-worker', bus, databaseUrl: '', logger, env: process.env },
);
const http = express()
  .use(operationsRouter(() => [{ name: 'bus', check: () => bus.isReady() }]))
  .listen(config.PORT, () => logger.info(`photo-edit-worker health on :${config.PORT}`));
onShutdown(async () => {
  http.close();
  await service.close();
  await bus.close();
});
