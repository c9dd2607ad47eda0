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
  const span = tracer.startSpan(req.method, { kind: SpanKind.SERVER }, parent);
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    // With its router's mount (`/storage/:bucket/*key`); `originalUrl`: Apollo's mount has cut `/graphql` off `req.path`.
    const route = req.route
      ? `${req.baseUrl}${req.route.path}`
      : req.originalUrl.startsWith('/graphql')
        ? '/graphql'
        : 'other';
    // Named by route template (`/v/:id`), never the raw path: one name per endpoint, no ids in names.
    span.updateName(`${req.method} ${route}`);
    span.setAttributes({ 'http.route': route, 'http.response.status_code': res.statusCode });
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
