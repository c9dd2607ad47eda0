import { RpcException } from '@nestjs/microservices';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import * as Sentry from '@sentry/node';

/** Errors already sent: a failure seen by a handler, then a filter, then a transport goes out once. */
const reported = new WeakSet<object>();

/**
 * Refusals the caller earned (`DomainError` and Nest's other `RpcException`s: not found,
 * validation, rate limits…) are answers, not faults: they never page anyone.
 */
export function isExpectedError(error: unknown): boolean {
  return error instanceof RpcException;
}

/**
 * Reports an unexpected error to Sentry when it is configured (no-op otherwise), once per error
 * object, tagged with the active trace id so the event leads to its trace. Returns whether it was sent.
 */
export function reportError(error: unknown, extra?: Record<string, unknown>): boolean {
  if (!Sentry.isInitialized() || isExpectedError(error)) return false;
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return false;
    reported.add(error);
  }
  const span = trace.getActiveSpan()?.spanContext();
  const traced = span && isSpanContextValid(span) ? span : undefined;
  Sentry.captureException(error, {
    tags: traced ? { trace_id: traced.traceId } : undefined,
    contexts: traced ? { otel: { trace_id: traced.traceId, span_id: traced.spanId } } : undefined,
    extra,
  });
  return true;
}

/** Waits until the reports sent so far have left the process (tests, and shutdown). */
export async function flushErrorReports(timeoutMs = 2000): Promise<void> {
  if (Sentry.isInitialized()) await Sentry.flush(timeoutMs);
}
