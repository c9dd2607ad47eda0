import { startTelemetry } from '@memoreel/platform';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';

/**
 * Imported first by a tracing spec: the SDK starts before the modules it instruments load, and every
 * finished span of the process is kept in memory. Once per process, so once per spec file.
 */
export const recordedSpans = new InMemorySpanExporter();
export const telemetry = startTelemetry({
  serviceName: 'memoreel',
  spanProcessors: [new SimpleSpanProcessor({ exporter: recordedSpans })],
});
