import { context, propagation, ROOT_CONTEXT, type SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
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
  const attributes = {
    'messaging.system': received.system,
    'messaging.destination.name': message.subject,
    'messaging.operation.name': received.operation,
  };
  return tracer.startActiveSpan(
    `${received.operation} ${message.subject}`,
    { kind: received.kind, attributes },
    parent,
    async (span) => {
      try {
        return await work();
      } catch (error) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
