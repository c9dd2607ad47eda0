import { randomUUID } from 'node:crypto';
import {
  type Actor,
  ActorSchema,
  ErrorCodes,
  type EventContract,
  type EventEnvelope,
  type JobContract,
  type LiveContract,
  type ReplyError,
  type RequestContract,
  replyEnvelopeSchema,
  requestEnvelopeSchema,
  transportMessages,
} from '@memoreel/contracts';
import { Logger } from '@nestjs/common';
import { SpanKind } from '@opentelemetry/api';
import { z } from 'zod';
import {
  type Bus,
  BusPermissionError,
  BusTimeoutError,
  BusUnavailableError,
  NoResponderError,
  type RequestOptions,
  ResponderError,
  type Subscription,
} from './bus.js';
import { runInSentTrace } from './trace-context.js';

/** A failure reported by (or on the way to) another service, with its stable code and message. */
export class RemoteError extends Error {
  override name = 'RemoteError';
  readonly code: string;
  readonly details?: unknown;

  constructor(error: ReplyError, options?: ErrorOptions) {
    super(error.message, options);
    this.code = error.code;
    this.details = error.details;
  }
}

/** The first issue's message is the user-facing one (contracts carry the spec's wording); all issues go in details. */
export function validationError(error: z.ZodError): ReplyError {
  return {
    code: ErrorCodes.validationFailed,
    message: error.issues[0]?.message ?? 'Invalid input',
    details: error.issues,
  };
}

/** Builds an event for the outbox: a fresh id, the time, the actor, and data checked against the contract. */
export function buildEvent<C extends EventContract>(
  contract: C,
  actor: Actor,
  data: z.input<C['data']>,
): EventEnvelope<z.output<C['data']>> {
  return envelope(contract, actor, data, randomUUID());
}

/** Builds a job for the outbox (`recordJob`): `id` is its identity and the broker's dedup key. */
export function buildJob<C extends JobContract>(
  contract: C,
  actor: Actor,
  data: z.input<C['data']>,
  id: string,
): EventEnvelope<z.output<C['data']>> {
  return envelope(contract, actor, data, id);
}

function envelope<C extends EventContract | JobContract>(
  contract: C,
  actor: Actor,
  data: z.input<C['data']>,
  id: string,
): EventEnvelope<z.output<C['data']>> {
  return {
    id,
    type: contract.subject,
    occurredAt: new Date().toISOString(),
    actor: ActorSchema.parse(actor),
    data: parseData(contract, data),
  };
}

export interface BusClientOptions {
  /**
   * The deployable whose requests these are (`senders.ts`): a service's own name, so the callee
   * sees it speaking as itself. Default the bus's identity (the gateway's, unless its credentials say otherwise).
   */
  sender?: string;
}

/** What apps use to talk over the bus: contracts in, validated data out, failures as `RemoteError`. */
export class BusClient {
  private readonly logger = new Logger(BusClient.name);

  constructor(
    private readonly bus: Bus,
    private readonly options: BusClientOptions = {},
  ) {}

  async request<C extends RequestContract>(
    contract: C,
    actor: Actor,
    data: z.input<C['request']>,
    options?: RequestOptions,
  ): Promise<z.output<C['reply']>> {
    const request = requestEnvelopeSchema(contract.request).safeParse({ actor, data });
    if (!request.success) throw new RemoteError(validationError(request.error));
    let answer: unknown;
    try {
      answer = await runInSentTrace(contract.subject, this.sent(SpanKind.CLIENT), () =>
        this.bus.request(contract.subject, request.data, { sender: this.options.sender, ...options }),
      );
    } catch (error) {
      throw transportFailure(error);
    }
    const reply = replyEnvelopeSchema(z.unknown()).safeParse(answer);
    if (!reply.success) throw this.invalidReply(contract.subject, reply.error);
    if (!reply.data.ok) throw new RemoteError(reply.data.error);
    // Typed through a local: a method call on `C['reply']` would infer `unknown`.
    const replySchema: C['reply'] = contract.reply;
    const result = replySchema.safeParse(reply.data.data);
    if (!result.success) throw this.invalidReply(contract.subject, result.error);
    return result.data;
  }

  async publishLive<C extends LiveContract>(contract: C, data: z.input<C['data']>): Promise<void> {
    const payload = parseData(contract, data);
    await runInSentTrace(contract.subject, this.sent(SpanKind.PRODUCER), () =>
      this.bus.publishLive(contract.subject, payload),
    );
  }

  /** Invalid messages are logged and skipped: a live push is best effort. */
  subscribeLive<C extends LiveContract>(
    contract: C,
    handler: (data: z.output<C['data']>) => void,
  ): Subscription {
    return this.bus.subscribeLive(contract.subject, (message) => {
      const dataSchema: C['data'] = contract.data;
      const data = dataSchema.safeParse(message.payload);
      if (data.success) handler(data.data);
      else this.logger.warn(`Skipped an invalid ${contract.subject} message: ${data.error.message}`);
    });
  }

  /** `id` is the job's identity: enqueueing the same id again within the dedup window is a no-op. */
  async enqueueJob<C extends JobContract>(
    contract: C,
    actor: Actor,
    data: z.input<C['data']>,
    options: { id: string },
  ): Promise<void> {
    const job = envelope(contract, actor, data, options.id);
    await runInSentTrace(contract.subject, this.sent(SpanKind.PRODUCER), () =>
      this.bus.enqueueJob(contract.subject, job, { msgId: options.id }),
    );
  }

  private sent(kind: SpanKind.CLIENT | SpanKind.PRODUCER) {
    return { system: this.bus.binding, kind };
  }

  private invalidReply(subject: string, error: z.ZodError): RemoteError {
    this.logger.error(`Invalid reply on ${subject}: ${error.message}`);
    return new RemoteError({ code: ErrorCodes.internal, message: 'Internal error' });
  }
}

/** Parses with the contract's schema. Through a typed local: a method call on `C['data']` would infer `unknown`. */
function parseData<C extends EventContract | JobContract | LiveContract>(
  contract: C,
  data: unknown,
): z.output<C['data']> {
  const schema: C['data'] = contract.data;
  return schema.parse(data);
}

function transportFailure(error: unknown): unknown {
  if (error instanceof BusTimeoutError) {
    return new RemoteError(
      { code: ErrorCodes.timeout, message: transportMessages.timeout },
      { cause: error },
    );
  }
  if (error instanceof NoResponderError || error instanceof BusUnavailableError) {
    return new RemoteError(
      { code: ErrorCodes.unavailable, message: transportMessages.unavailable },
      { cause: error },
    );
  }
  if (error instanceof BusPermissionError) {
    return new RemoteError({ code: ErrorCodes.forbiddenSender, message: error.message }, { cause: error });
  }
  if (error instanceof ResponderError) {
    return new RemoteError({ code: ErrorCodes.internal, message: 'Internal error' }, { cause: error });
  }
  return error;
}
