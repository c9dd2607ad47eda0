import { z } from 'zod';
import { defineEvent, defineRequest } from '../common/define.js';

/**
 * The system probe: an end-to-end canary through every moving part of the platform
 * (gateway → request → service + Postgres + outbox → JetStream → consumer in another
 * service → live push to the browser). Ops and the /status page use it.
 */
export const ProbeSchema = z.object({
  id: z.uuid(),
  note: z.string().trim().min(1, 'Note is required').max(200, 'Note cannot exceed 200 characters'),
  recordedAt: z.iso.datetime(),
});
export type Probe = z.infer<typeof ProbeSchema>;

export const recordProbe = defineRequest('projects.probe.record', {
  summary: 'Stores a probe and emits projects.probe.recorded in the same transaction.',
  // The caller picks the id so it can subscribe to the completion before recording (and retry safely).
  request: z.object({ id: ProbeSchema.shape.id, note: ProbeSchema.shape.note }),
  reply: ProbeSchema,
});

export const probeRecorded = defineEvent('projects.probe.recorded', {
  summary: 'A probe was stored by the projects service.',
  data: ProbeSchema,
});

export const getProbe = defineRequest('projects.probe.get', {
  summary: 'Reads one probe; NOT_FOUND when there is none with this id.',
  request: z.object({ id: ProbeSchema.shape.id }),
  reply: ProbeSchema,
});
