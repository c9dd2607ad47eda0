import { serviceRegistry, tracedProject } from '../../vitest.shared.js';

/**
 * The specs that start the process's OpenTelemetry SDK (and Sentry), each as if it were the first:
 * OpenTelemetry's providers belong to the process and start once, so each of these files gets a
 * process of its own, and the other standalone specs share theirs (vitest.config.ts).
 */
export const TRACED_SPECS = [
  'test/tracing.spec.ts',
  'test/system-check.spec.ts',
  'test/error-reporting.spec.ts',
];

export default tracedProject('standalone', TRACED_SPECS, { setupFiles: [serviceRegistry] });
