import { createLogger, env, loadConfigOrExit, onShutdown, operationsRouter } from '@memoreel/platform';
import express from 'express';
import { z } from 'zod';

/**
 * The render worker: stateless, takes render chunks from the JetStream work queue.
 * Until the render issue lands it only reports its health, so its deployment can be exercised.
 */
const config = loadConfigOrExit(z.object({ PORT: env.port(3009), LOG_LEVEL: env.logLevel() }));
const logger = createLogger({ service: 'render-worker', level: config.LOG_LEVEL });
const http = express()
  .use(operationsRouter(() => []))
  .listen(config.PORT, () => logger.info(`render-worker health on :${config.PORT}`));
onShutdown(async () => {
  http.close();
});
