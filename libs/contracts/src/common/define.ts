import type { z } from 'zod';
import type { Actor } from './actor.js';
import type { EventEnvelope } from './envelope.js';

/** A request/reply pair answered by exactly one service (core NATS, queue group per service). */
export interface RequestContract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  kind: 'request';
  subject: string;
  service: string;
  summary: string;
  request: Req;
  reply: Res;
}
/** A durable fact (JetStream), published through the owner's outbox, consumed at least once. */
export interface EventContract<Data extends z.ZodType = z.ZodType> {
  kind: 'event';
  subject: string;
  service: string;
  summary: string;
  data: Data;
}
/**
 * How long a worker may hold a job without a sign of life before the broker gives it to another
 * (`ackWaitMs`), and how often a worker at it says it is still working (`heartbeatMs`).
 */
export interface JobDelivery {
  ackWaitMs: number;
  heartbeatMs: number;
}

/** A unit of work on a work-queue stream: each job goes to one worker. */
export interface JobContract<Data extends z.ZodType = z.ZodType> {
  kind: 'job';
  subject: string;
  service: string;
  summary: string;
  data: Data;
  /** Declared by long jobs; without it the bus's default ack wait (60 s on NATS) applies. */
  delivery?: JobDelivery;
}
/** A best-effort live notification (core NATS fan-out) pushed to browsers by the gateway. */
export interface LiveContract<Data extends z.ZodType = z.ZodType> {
  kind: 'live';
  subject: string;
  service: string;
  summary: string;
  data: Data;
}
export type AnyContract = RequestContract | EventContract | JobContract | LiveContract;

const SUBJECT = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;

function checkSubject(subject: string): string {
  if (!SUBJECT.test(subject)) throw new Error(`Subject "${subject}" must read <service>.<entity>.<verb>`);
  return subject;
}
const serviceOf = (subject: string) => subject.split('.')[0] as string;

export function defineRequest<Req extends z.ZodType, Res extends z.ZodType>(
  subject: string,
  spec: { summary: string; request: Req; reply: Res },
): RequestContract<Req, Res> {
  return { kind: 'request', subject: checkSubject(subject), service: serviceOf(subject), ...spec };
}
export function defineEvent<Data extends z.ZodType>(
  subject: string,
  spec: { summary: string; data: Data },
): EventContract<Data> {
  return { kind: 'event', subject: checkSubject(subject), service: serviceOf(subject), ...spec };
}
export function defineJob<Data extends z.ZodType>(
  subject: string,
  spec: { summary: string; data: Data; delivery?: JobDelivery },
): JobContract<Data> {
  // Two heartbeats may be late before a live worker's job is taken from it.
  if (spec.delivery && spec.delivery.heartbeatMs * 3 > spec.delivery.ackWaitMs) {
    throw new Error(`Job ${subject}: the heartbeat must be at most a third of the ack wait`);
  }
  return { kind: 'job', subject: checkSubject(subject), service: serviceOf(subject), ...spec };
}
export function defineLive<Data extends z.ZodType>(
  subject: string,
  spec: { summary: string; data: Data },
): LiveContract<Data> {
  return { kind: 'live', subject: checkSubject(subject), service: serviceOf(subject), ...spec };
}

export type RequestOf<C extends RequestContract> = z.infer<C['request']>;
export type ReplyOf<C extends RequestContract> = z.infer<C['reply']>;
export type DataOf<C extends EventContract | JobContract | LiveContract> = z.infer<C['data']>;

/** What a handler receives for a request contract: the vouched-for actor and the validated data. */
export type RequestEnvelopeOf<C extends RequestContract> = { actor: Actor; data: z.infer<C['request']> };
/** What a consumer receives for an event contract. */
export type EventEnvelopeOf<C extends EventContract> = EventEnvelope<z.infer<C['data']>>;
