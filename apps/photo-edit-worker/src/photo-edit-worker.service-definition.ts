import type { ServiceDefinition } from '@memoreel/platform';
import { InProcessEditing } from './editing/in-process-editing.js';
import type { PhotoEditing } from './editing/photo-editing.js';
import { PhotoEditWorkerModule } from './photo-edit-worker.module.js';

/**
 * The photo-edit worker as a service on the bus (no database): `editing` runs the models, in this
 * process by default (loaded on the first edit of each kind).
 */
export function photoEditWorkerService(options: { editing?: PhotoEditing } = {}): ServiceDefinition {
  return {
    name: 'photo-edit-worker',
    module: () => PhotoEditWorkerModule.register(options.editing ?? new InProcessEditing()),
  };
}
