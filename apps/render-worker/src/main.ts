import { runWorkerProcess } from '@memoreel/platform';
import { z } from 'zod';
import { InProcessRendering } from './jobs/rendering.js';
import { measuredRendering } from './render-worker.metrics.js';
import { renderWorkerService } from './render-worker.service-definition.js';

/**
 * The render worker: stateless, takes render chunks and stitches from the JetStream work queue,
 * renders them in its one Chromium (launched on the first chunk) and stores them (storage settings
 * as the render service's).
 */
await runWorkerProcess({
  name: 'render-worker',
  defaultPort: 3009,
  environment: z.object({
    CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
    /** Remotion company licence key; unset renders under the free licence (decision 0026). */
    REMOTION_LICENSE_KEY: z
      .string()
      .optional()
      .transform((value) => value || null),
  }),
  definition: (config, logger) =>
    renderWorkerService({
      rendering: measuredRendering(
        new InProcessRendering({
          chromiumPath: config.CHROMIUM_PATH,
          licenseKey: config.REMOTION_LICENSE_KEY,
          onBlockedRequest: (url) => logger.debug({ url }, 'render page request outside loopback refused'),
          onAllowedRequest: ({ url }) => logger.debug({ url }, 'Remotion usage event sent (company licence)'),
        }),
      ),
    }),
});
