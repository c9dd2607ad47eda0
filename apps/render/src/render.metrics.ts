import { serviceCounter } from '@memoreel/platform';

/** Whole videos, counted once when a render ends: `finished` (the MP4 is stored) or `failed`. */
export const rendersEnded = serviceCounter({
  name: 'memoreel_renders_total',
  help: 'Renders that ended, by outcome (finished, failed).',
  labelNames: ['outcome'] as const,
});
