import { httpRequestDuration } from '@memoreel/platform';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { RequestHandler } from 'express';

const tracer = trace.getTracer('memoreel-gateway');

/**
 * One server span per HTTP request, continuing the browser's or load balancer's trace when
 * it sent `traceparent`; everything the request does (bus requests included) nests under it.
 */
export const requestTracing: RequestHandler = (req, res, next) => {
  const parent = propagation.extract(context.active(), req.headers);
  const span = tracer.startSpan(`${req.method} ${req.path}`, { kind: SpanKind.SERVER }, parent);
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    const route = req.route?.path ?? (req.path.startsWith('/graphql') ? '/graphql' : 'other');
    span.setAttribute('http.response.status_code', res.statusCode);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    httpRequestDuration.observe(
      { method: req.method, route, status: `${Math.floor(res.statusCode / 100)}xx` },
      seconds,
    );
  });
  context.with(trace.setSpan(parent, span), next);
};
