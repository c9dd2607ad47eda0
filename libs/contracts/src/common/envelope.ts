import { z } from 'zod';
import { ActorSchema } from './actor.js';

/** Every event on the bus: who caused it, when, and its typed data. Trace context travels in headers. */
export function eventEnvelopeSchema<T extends z.ZodType>(type: string, data: T) {
  return z.object({
    id: z.uuid(),
    type: z.literal(type),
    occurredAt: z.iso.datetime(),
    actor: ActorSchema,
    data,
  });
}
export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  actor: z.infer<typeof ActorSchema>;
  data: T;
}

/** Every request: the actor the gateway vouches for, and the typed payload. */
export function requestEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ actor: ActorSchema, data });
}

/** A failure users can see: a stable code plus the spec's exact message. */
export const ReplyErrorSchema = z.object({
  code: z.string().min(1),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ReplyError = z.infer<typeof ReplyErrorSchema>;

export function replyEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data }),
    z.object({ ok: z.literal(false), error: ReplyErrorSchema }),
  ]);
}
export type ReplyEnvelope<T> = { ok: true; data: T } | { ok: false; error: ReplyError };

/** Codes shared by every service; feature codes live beside their messages. */
export const ErrorCodes = {
  validationFailed: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  /** The bus refused a message: its sender may not claim that actor, or publish on that subject. */
  forbiddenSender: 'FORBIDDEN_SENDER',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  timeout: 'TIMEOUT',
  unavailable: 'UNAVAILABLE',
  internal: 'INTERNAL',
} as const;

/**
 * What a caller is told when the bus, not the service, failed: the subject and the wait stay in the
 * error's cause and the logs, never in a message a browser shows.
 */
export const transportMessages = {
  timeout: 'This took too long to answer. Please try again.',
  unavailable: 'This is not available right now. Please try again in a moment.',
} as const;
