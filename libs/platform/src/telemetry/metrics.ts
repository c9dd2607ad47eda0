import {
  Counter,
  type CounterConfiguration,
  collectDefaultMetrics,
  Histogram,
  type HistogramConfiguration,
  Registry,
} from 'prom-client';

/** One registry per process; every service (or the standalone process) exposes it at /metrics. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const busRequestDuration = new Histogram({
  name: 'memoreel_bus_request_duration_seconds',
  help: 'Time to answer a bus request, by subject and outcome (ok, refused: a rule or the caller, error: ours).',
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

/** A service's own counter (`memoreel_<what>_total`), served at its /metrics with the rest. */
export function serviceCounter<Label extends string>(
  configuration: Omit<CounterConfiguration<Label>, 'registers'>,
): Counter<Label> {
  return new Counter({ ...configuration, registers: [metricsRegistry] });
}

/** A service's own histogram (`memoreel_<what>_seconds`), served at its /metrics with the rest. */
export function serviceHistogram<Label extends string>(
  configuration: Omit<HistogramConfiguration<Label>, 'registers'>,
): Histogram<Label> {
  return new Histogram({ ...configuration, registers: [metricsRegistry] });
}

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
