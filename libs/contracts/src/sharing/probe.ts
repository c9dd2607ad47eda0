import { z } from 'zod';
import { defineLive } from '../common/define.js';

export const probeCompleted = defineLive('sharing.probe.completed', {
  summary: 'The sharing service consumed projects.probe.recorded; pushed live to the browser.',
  data: z.object({
    id: z.uuid(),
    note: z.string(),
    recordedAt: z.iso.datetime(),
    consumedAt: z.iso.datetime(),
    deliveries: z.number().int().positive(),
  }),
});
