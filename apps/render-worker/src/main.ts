import { createLogger, env, loadConfigOrExit, onShutdown, operationsRouter } from '@memoreel/platform';
import express from 'express';
import { z } from 'zod';
import { ChunkRenderer } from './chunks/chunk-renderer.js';

/**
 * The render worker: stateless, takes render chunks from the JetStream work queue. It starts its one
 * Chromium (with the prebuilt render page) here, once; taking jobs from the queue comes with the
 * render service's orchestration (issue 21).
 */
const config = loadConfigOrExit(
  z.object({
    PORT: env.port(3009),
    LOG_LEVEL: env.logLevel(),
    CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
    /** Remotion company licence key; unset renders as a free-licence user. */
    REMOTION_LICENSE_KEY: z
      .string()
      .optional()
      .transform((value) => value || null),
  }),
);
const logger = createLogger({ service: 'render-worker', level: config.LOG_LEVEL });
const renderer = await ChunkRenderer.start({
  chromiumPath: config.CHROMIUM_PATH,
  licenseKey: config.REMOTION_LICENSE_KEY,
  onBlockedRequest: (url) => logger.debug({ url }, 'render page request outside loopback refused'),
});
const http = express()
  .use(operationsRouter(() => [{ name: 'chromium', check: async () => renderer.isConnected() }]))
  .listen(config.PORT, () => logger.info(`render-worker health on :${config.PORT}`));
onShutdown(async () => {
  http.close();
  await renderer.close();
});
