import { runWorkerProcess } from '@memoreel/platform';
import { z } from 'zod';
import { InProcessEditing } from './editing/in-process-editing.js';
import { editingOptionsFromEnv, photoEditingEnvironment } from './editing/photo-editing.config.js';
import { photoEditWorkerService } from './photo-edit-worker.service-definition.js';

/**
 * The photo-edit worker: stateless, takes AI photo edits from the JetStream work queue one at a
 * time, runs the models in this process (~1–1.5 GB once both are loaded) and stores the PNGs in the
 * photos bucket (storage settings as media's).
 */
await runWorkerProcess({
  name: 'photo-edit-worker',
  defaultPort: 3010,
  environment: z.object(photoEditingEnvironment),
  definition: (_config, logger) => {
    const editing = new InProcessEditing(editingOptionsFromEnv(process.env));
    // The worker exists to run the models: load them at boot, not on a user's first photo.
    editing.warmUp().then(
      () => logger.info('models loaded'),
      (error: unknown) => logger.warn({ err: error }, 'models not preloaded; they load on first use'),
    );
    return photoEditWorkerService({ editing });
  },
});
