import { tracedProject } from '../../vitest.shared.js';

/**
 * The specs that start the process's OpenTelemetry SDK (the bus conformance, the logger's trace ids,
 * Sentry's reports) or assert a trace header, each as if it were the first: OpenTelemetry's providers
 * belong to the process and start once, so each of these files gets a process of its own, and the
 * other platform specs share theirs (vitest.config.ts).
 */
export const TRACED_SPECS = [
  'src/bus/bus-transport.spec.ts',
  'src/bus/event-handlers.spec.ts',
  'src/bus/in-process-bus.spec.ts',
  'src/bus/nats-bus.outage.spec.ts',
  'src/bus/nats-bus.spec.ts',
  'src/bus/nats-identity.spec.ts',
  'src/bus/report-handler-errors.spec.ts',
  'src/outbox/outbox-relay.spec.ts',
  'src/outbox/outbox.spec.ts',
  'src/telemetry/logger.spec.ts',
];

export default tracedProject('platform', TRACED_SPECS);
