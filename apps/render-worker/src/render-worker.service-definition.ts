import type { ServiceDefinition } from '@memoreel/platform';
import type { ChunkRendererOptions } from './chunks/chunk-renderer.js';
import { InProcessRendering, type Rendering } from './jobs/rendering.js';
import { RenderWorkerModule } from './render-worker.module.js';

/**
 * The render worker as a service on the bus (no database): `rendering` does the work, in this
 * process by default (one Chromium, launched on the first chunk).
 */
export function renderWorkerService(
  options: { rendering?: Rendering; renderer?: ChunkRendererOptions } = {},
): ServiceDefinition {
  return {
    name: 'render-worker',
    module: () =>
      RenderWorkerModule.register(options.rendering ?? new InProcessRendering(options.renderer ?? {})),
  };
}
