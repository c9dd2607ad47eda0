import {
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { BusMessage, Headers } from './bus.js';

const tracer = trace.getTracer('memoreel-bus');

/** The headers to send: the caller's own plus the active W3C trace context (`traceparent`, `tracestate`). */
export function withTraceContext(headers: Headers = {}): Headers {
  const carrier: Headers = { ...headers };
  propagation.inject(context.active(), carrier);
  return carrier;
}

export interface ReceivedTrace {
  /** `nats` or `in-process`, recorded as `messaging.system`. */
  system: string;
  /** What the receiver does: `process` for events and jobs, `answer` for requests, `receive` for live. */
  operation: string;
  kind: SpanKind;
}

/**
 * Runs a handler inside a child span of the trace the message carries. Starts from the root
 * context, not the active one, so an in-process delivery behaves like one that crossed the network.
 */
export function runInReceivedTrace<T>(
  message: Pick<BusMessage, 'subject' | 'headers'>,
  received: ReceivedTrace,
  work: () => T | Promise<T>,
): Promise<T> {
  const parent = propagation.extract(ROOT_CONTEXT, message.headers);
  const attributes = messagingAttributes(message.subject, received.operation, received.system);
  return tracer.startActiveSpan(
    `${received.operation} ${message.subject}`,
    { kind: received.kind, attributes },
    parent,
    (span) => endWith(span, work),
  );
}

export interface SentTrace {
  /** The bus's binding (`nats`, `in-process`), recorded as `messaging.system`. */
  system: string;
  /** `CLIENT` for a request (its caller waits for the answer), `PRODUCER` for a job or a live push. */
  kind: SpanKind.CLIENT | SpanKind.PRODUCER;
}

/**
 * Runs a send inside a client or producer span `send <subject>`: the trace context the bus injects
 * (`withTraceContext`) is then this span's, so the receiver's span becomes its child.
 */
export function runInSentTrace<T>(subject: string, sent: SentTrace, work: () => Promise<T>): Promise<T> {
  const attributes = messagingAttributes(subject, 'send', sent.system);
  return tracer.startActiveSpan(`send ${subject}`, { kind: sent.kind, attributes }, (span) =>
    endWith(span, work),
  );
}

/**
 * Headers for a message the outbox sends later: a producer span `create <subject>` that ends now
 * (in the transaction that records the message), with its context in the headers, so whoever
 * processes the message continues the trace of the change that caused it.
 */
export function withProducerTraceContext(subject: string, headers: Headers = {}): Headers {
  const span = tracer.startSpan(`create ${subject}`, {
    kind: SpanKind.PRODUCER,
    attributes: messagingAttributes(subject, 'create'),
  });
  const carrier: Headers = { ...headers };
  propagation.inject(trace.setSpan(context.active(), span), carrier);
  span.end();
  return carrier;
}

/** OpenTelemetry's messaging semantic conventions. */
function messagingAttributes(subject: string, operation: string, system?: string) {
  return {
    ...(system ? { 'messaging.system': system } : {}),
    'messaging.destination.name': subject,
    'messaging.operation.name': operation,
  };
}

async function endWith<T>(span: Span, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}
