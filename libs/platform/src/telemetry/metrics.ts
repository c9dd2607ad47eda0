import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** One registry per process; every service (or the standalone process) exposes it at /metrics. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const busRequestDuration = new Histogram({
  name: 'memoreel_bus_request_duration_seconds',
  help: 'Time to answer a bus request, by subject and outcome.',
  labelNames: ['subject', 'outcome'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

export const busEventsHandled = new Counter({
  name: 'memoreel_bus_events_handled_total',
  help: 'Events handled by consumers, by consumer and outcome (ok, retry, dead).',
  labelNames: ['consumer', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'memoreel_http_request_duration_seconds',
  help: 'HTTP request latency at the gateway, by route and status class.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const outboxEventsParked = new Counter({
  name: 'memoreel_outbox_events_parked_total',
  help: 'Outbox events the broker kept refusing, parked in outbox_dead_letters, by service schema.',
  labelNames: ['schema'] as const,
  registers: [metricsRegistry],
});
