import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace';
import * as Sentry from '@sentry/node';

export interface TelemetryOptions {
  /** `service.name` on every span: gateway, projects, … or `memoreel` in standalone mode. */
  serviceName: string;
  /** OTLP/HTTP collector base URL; spans are exported only when set. */
  otlpEndpoint?: string | undefined;
  sentryDsn?: string | undefined;
  /** Extra processors, e.g. an in-memory exporter in tests. */
  spanProcessors?: SpanProcessor[];
}

export interface Telemetry {
  shutdown(): Promise<void>;
}

/**
 * Starts tracing for this process. The SDK always runs (so trace ids exist for logs and flow
 * through NATS headers); spans leave the process only when a collector endpoint is configured.
 */
export function startTelemetry(options: TelemetryOptions): Telemetry {
  const processors = [...(options.spanProcessors ?? [])];
  if (options.otlpEndpoint) {
    const url = `${options.otlpEndpoint.replace(/\/$/, '')}/v1/traces`;
    processors.push(new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url }) }));
  }
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    spanProcessors: processors,
    instrumentations: [],
    resourceDetectors: [],
  });
  sdk.start();
  if (options.sentryDsn) {
    Sentry.init({
      dsn: options.sentryDsn,
      serverName: options.serviceName,
      tracesSampleRate: 0,
      skipOpenTelemetrySetup: true,
    });
  }
  return {
    async shutdown() {
      await Promise.allSettled([
        sdk.shutdown(),
        options.sentryDsn ? Sentry.close(2000) : Promise.resolve(true),
      ]);
    },
  };
}

/** Reports an unexpected error to Sentry when it is configured (no-op otherwise). */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (Sentry.isInitialized()) Sentry.captureException(error, context ? { extra: context } : undefined);
}
