import { z } from 'zod';
import { defineLive, defineRequest } from '../common/define.js';

export const ProbeCompletionSchema = z.object({
  id: z.uuid(),
  note: z.string(),
  recordedAt: z.iso.datetime(),
  consumedAt: z.iso.datetime(),
  deliveries: z.number().int().positive(),
});
export type ProbeCompletion = z.infer<typeof ProbeCompletionSchema>;

export const probeCompleted = defineLive('sharing.probe.completed', {
  summary: 'The sharing service consumed projects.probe.recorded; pushed live to the browser.',
  data: ProbeCompletionSchema,
});

export const getProbeCompletion = defineRequest('sharing.probe-completion.get', {
  summary:
    'The completion of a probe the sharing service consumed, or null while it has not: lets a ' +
    'subscriber that started listening after the live push catch up.',
  request: z.object({ id: z.uuid() }),
  reply: ProbeCompletionSchema.nullable(),
});
