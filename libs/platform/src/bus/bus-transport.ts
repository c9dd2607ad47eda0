import {
  ActorSchema,
  type AnyContract,
  contractFor,
  ErrorCodes,
  eventEnvelopeSchema,
  type ReplyEnvelope,
  type ReplyError,
  ReplyErrorSchema,
  type RequestContract,
  requestEnvelopeSchema,
} from '@memoreel/contracts';
import { Logger } from '@nestjs/common';
import {
  BaseRpcContext,
  type CustomTransportStrategy,
  type MessageHandler,
  Server,
} from '@nestjs/microservices';
import { lastValueFrom } from 'rxjs';
import { z } from 'zod';
import { reportError } from '../telemetry/error-reporting.js';
import { busEventsHandled, busRequestDuration } from '../telemetry/metrics.js';
import {
  type Bus,
  busDefaults,
  type ConsumerOptions,
  type DeliveredMessage,
  type Headers,
  PoisonMessageError,
  type RequestMessage,
  type Subscription,
} from './bus.js';
import { validationError } from './bus-client.js';
import { DomainError } from './domain-error.js';
import { RevokedSessionError, RevokedSessions } from './revoked-sessions.js';
import { claimRefusal, durableName } from './senders.js';

type ConsumerTuning = Pick<ConsumerOptions, 'maxDeliver' | 'backoffMs' | 'concurrency'>;

export interface BusTransportOptions {
  bus: Bus;
  /** The service name: the queue group of its responders and the prefix of its durable consumers. */
  service: string;
  /** Defaults for every consumer of this service; an `@EventPattern`'s extras override them. */
  consumer?: ConsumerTuning;
  /** Where handlers' contracts come from: the catalogue, unless a test brings its own. */
  contracts?: (subject: string) => AnyContract | undefined;
}

/**
 * What an `@EventPattern` may pass as extras, e.g. `@EventPattern(subject, { queue: 'jobs', concurrency: 4 })`.
 * `queue: 'dead'` consumes the dead letters of a job (or event) subject: what every consumer gave up on.
 */
const HandlerExtrasSchema = z.object({
  queue: z.enum(['events', 'jobs', 'dead']).default('events'),
  maxDeliver: z.number().int().positive().optional(),
  backoffMs: z.array(z.number().nonnegative()).optional(),
  concurrency: z.number().int().positive().optional(),
  ackWaitMs: z.number().int().positive().optional(),
});
export type BusHandlerExtras = z.input<typeof HandlerExtrasSchema>;

/** `@Ctx()` of a `@MessagePattern` handler. */
export class RequestDeliveryContext extends BaseRpcContext<[RequestMessage]> {
  get subject(): string {
    return this.args[0].subject;
  }
  /** The deployable that sent the request, as the bus vouches for it. */
  get sender(): string {
    return this.args[0].sender;
  }
  get headers(): Headers {
    return this.args[0].headers;
  }
}

/** `@Ctx()` of an `@EventPattern` handler: which delivery this is (1 on the first). */
export class EventDeliveryContext extends BaseRpcContext<[DeliveredMessage]> {
  get subject(): string {
    return this.args[0].subject;
  }
  get headers(): Headers {
    return this.args[0].headers;
  }
  get deliveryCount(): number {
    return this.args[0].deliveryCount;
  }
  /** Keeps a long job from being redelivered elsewhere (`DeliveredMessage.working`). */
  working(): void {
    this.args[0].working?.();
  }
}

/** Named beside the grants that list every deployable's durables (`senders.ts`). */
export { durableName };

const INTERNAL: ReplyError = { code: ErrorCodes.internal, message: 'Internal error' };
/** Just the claimed actor, read before anything else of a request is looked at. */
const ClaimSchema = z.object({ actor: ActorSchema });

/**
 * Serves a Nest microservice's handlers over the bus. `@MessagePattern(subject)` answers requests
 * in the service's queue group with a validated `{ actor, data }` and replies with a reply envelope,
 * refusing (`FORBIDDEN_SENDER`) an actor its sender may not claim (`senders.ts`) before anything runs;
 * `@EventPattern(subject)` consumes events (or jobs) with a durable consumer per (service, subject),
 * handing the handler a validated envelope. Closing stops the subscriptions, not the shared bus.
 */
export class BusTransport extends Server implements CustomTransportStrategy {
  /** We await every event handler and turn its failure into a redelivery. */
  override readonly propagatesEventHandlerErrors = true;
  protected override readonly logger = new Logger(BusTransport.name);
  private readonly subscriptions: Subscription[] = [];
  private readonly revokedSessions: RevokedSessions;

  constructor(private readonly options: BusTransportOptions) {
    super();
    this.revokedSessions = new RevokedSessions(options.bus);
  }

  listen(callback: (...optionalParams: unknown[]) => void): void {
    this.subscribeAll().then(
      () => callback(),
      (error: unknown) => callback(error),
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.subscriptions.splice(0).map((subscription) => subscription.stop()));
    await this.revokedSessions.stop();
  }

  on(): never {
    throw new Error('BusTransport has no events to listen to');
  }

  unwrap<T>(): T {
    return this.options.bus as T;
  }

  private async subscribeAll(): Promise<void> {
    this.revokedSessions.start();
    for (const [subject, handler] of this.messageHandlers) {
      const subscription = handler.isEventHandler
        ? await this.consume(subject, handler)
        : await this.answer(subject, handler);
      this.subscriptions.push(subscription);
    }
  }

  private answer(subject: string, handler: MessageHandler): Promise<Subscription> {
    const contract = this.contract(subject, 'request');
    return this.options.bus.respond(subject, this.options.service, async (message) => {
      const stopTimer = busRequestDuration.startTimer({ subject: contract.subject });
      const reply = await this.reply(contract, handler, message);
      stopTimer({ outcome: outcomeOf(reply) });
      return reply;
    });
  }

  private async reply(
    contract: RequestContract,
    handler: MessageHandler,
    message: RequestMessage,
  ): Promise<ReplyEnvelope<unknown>> {
    const claim = ClaimSchema.safeParse(message.payload);
    const refusal = claim.success && claimRefusal(message.sender, contract.subject, claim.data.actor);
    if (refusal) {
      this.logger.warn(`Refused ${contract.subject} from ${message.sender}: ${refusal}`);
      return { ok: false, error: { code: ErrorCodes.forbiddenSender, message: refusal } };
    }
    const request = requestEnvelopeSchema(contract.request).safeParse(message.payload);
    if (!request.success) return { ok: false, error: validationError(request.error) };
    if (this.revokedSessions.has(request.data.actor.sessionId)) {
      return { ok: false, error: new RevokedSessionError().toReplyError() };
    }
    let result: unknown;
    try {
      result = await this.run(handler, request.data, new RequestDeliveryContext([message]));
    } catch (error) {
      return { ok: false, error: this.replyError(contract.subject, error) };
    }
    const reply = contract.reply.safeParse(result);
    if (!reply.success) {
      this.logger.error(`Reply of ${contract.subject} breaks its contract: ${reply.error.message}`);
      reportError(reply.error, { subject: contract.subject });
      return { ok: false, error: INTERNAL };
    }
    return { ok: true, data: reply.data };
  }

  private replyError(subject: string, error: unknown): ReplyError {
    if (error instanceof DomainError) return error.toReplyError();
    // Through Nest's exception layer a DomainError arrives as its plain `{ code, message, details }`.
    const shaped = ReplyErrorSchema.safeParse(error);
    if (shaped.success && !(error instanceof Error)) return shaped.data;
    this.logger.error(`${subject} failed`, error instanceof Error ? error.stack : JSON.stringify(error));
    return INTERNAL;
  }

  private consume(subject: string, handler: MessageHandler): Promise<Subscription> {
    const extras = HandlerExtrasSchema.parse(handler.extras ?? {});
    const contract =
      extras.queue === 'events' ? this.contract(subject, 'event') : this.jobOrEvent(subject, extras.queue);
    const envelopeSchema = eventEnvelopeSchema(subject, contract.data);
    const defaults = this.options.consumer ?? {};
    const options: ConsumerOptions = {
      durable: durableName(this.options.service, extras.queue === 'dead' ? `dead.${subject}` : subject),
      subjects: [subject],
      maxDeliver: extras.maxDeliver ?? defaults.maxDeliver,
      backoffMs: extras.backoffMs ?? defaults.backoffMs,
      concurrency: extras.concurrency ?? defaults.concurrency,
      ackWaitMs:
        extras.ackWaitMs ??
        (contract.kind === 'job' && extras.queue === 'jobs' ? contract.delivery?.ackWaitMs : undefined),
    };
    const maxDeliver = options.maxDeliver ?? busDefaults.maxDeliver;
    const handled = (outcome: 'ok' | 'retry' | 'dead') =>
      busEventsHandled.inc({ consumer: options.durable, outcome });
    const deliver = async (message: DeliveredMessage) => {
      const envelope = envelopeSchema.safeParse(message.payload);
      if (!envelope.success) {
        handled('dead');
        const poison = new PoisonMessageError(`Invalid ${subject} envelope: ${envelope.error.message}`);
        reportError(poison, { subject });
        throw poison;
      }
      try {
        await this.run(handler, envelope.data, new EventDeliveryContext([message]));
        handled('ok');
      } catch (error) {
        handled(message.deliveryCount >= maxDeliver ? 'dead' : 'retry');
        throw asError(error);
      }
    };
    if (extras.queue === 'dead') {
      return this.options.bus.consumeDeadLetters({ durable: options.durable, subjects: [subject] }, deliver);
    }
    return extras.queue === 'jobs'
      ? this.options.bus.consumeJobs(options, deliver)
      : this.options.bus.consumeEvents(options, deliver);
  }

  /** A job's contract (dead letters may also be of an event). */
  private jobOrEvent(subject: string, queue: 'jobs' | 'dead'): ContractOfKind<'job' | 'event'> {
    const contract = (this.options.contracts ?? contractFor)(subject);
    if (isKind(contract, 'job') || (queue === 'dead' && isKind(contract, 'event'))) return contract;
    throw new Error(`${this.options.service} handles "${subject}" but no job contract has that subject`);
  }

  /** Calls a Nest handler and waits for its last value, whether it returns a value, a promise or an Observable. */
  private async run(
    handler: MessageHandler,
    data: unknown,
    context: BaseRpcContext<unknown[]>,
  ): Promise<unknown> {
    return lastValueFrom(this.transformToObservable(await handler(data, context)), {
      defaultValue: undefined,
    });
  }

  private contract<K extends AnyContract['kind']>(subject: string, kind: K): ContractOfKind<K> {
    const contract = (this.options.contracts ?? contractFor)(subject);
    if (!isKind(contract, kind)) {
      throw new Error(
        `${this.options.service} handles "${subject}" but no ${kind} contract has that subject`,
      );
    }
    return contract;
  }
}

type ContractOfKind<K extends AnyContract['kind']> = Extract<AnyContract, { kind: K }>;

function isKind<K extends AnyContract['kind']>(
  contract: AnyContract | undefined,
  kind: K,
): contract is ContractOfKind<K> {
  return contract?.kind === kind;
}

/** `ok`; `refused` (the caller's fault or a rule: validation, not found, forbidden…); `error` (ours). */
function outcomeOf(reply: ReplyEnvelope<unknown>): 'ok' | 'refused' | 'error' {
  if (reply.ok) return 'ok';
  return reply.error.code === INTERNAL.code ? 'error' : 'refused';
}

/** Nest hands event handler failures over as plain objects; the bus records an Error's message. */
function asError(error: unknown): Error {
  if (error instanceof Error) return error;
  const hasMessage = typeof error === 'object' && error !== null && 'message' in error;
  return new Error(hasMessage && typeof error.message === 'string' ? error.message : JSON.stringify(error));
}
