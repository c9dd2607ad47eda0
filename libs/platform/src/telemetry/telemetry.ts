import { createRequire } from 'node:module';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { GraphQLInstrumentation } from '@opentelemetry/instrumentation-graphql';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, NoopSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace';
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
  // With no processor at all the SDK would register no tracer provider, and every trace id would be zeros.
  if (processors.length === 0) processors.push(new NoopSpanProcessor());
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    spanProcessors: processors,
    instrumentations: instrumentations(),
    resourceDetectors: [],
    // Metrics are Prometheus's (/metrics) and logs pino's: without these the SDK would read OTEL_*
    // and default to pushing both over OTLP to localhost, retrying for seconds at shutdown.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  patchLoadedModules();
  if (options.sentryDsn) {
    Sentry.init({
      dsn: options.sentryDsn,
      serverName: options.serviceName,
      // Traces are OpenTelemetry's (above); Sentry only gets errors, each tagged with its trace id.
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

/**
 * Outgoing HTTP (storage, OIDC, payments), Postgres queries and GraphQL operations. Incoming HTTP
 * is the gateway's own span (request-tracing.ts, named by route template); services only serve
 * health and metrics. Queries outside a trace (the outbox relay's polling) make no spans.
 * Hooks patch modules as they are required, after `startTelemetry`; see `patchLoadedModules`.
 */
function instrumentations() {
  return [
    new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
    new PgInstrumentation({ requireParentSpan: true }),
    new GraphQLInstrumentation({ ignoreTrivialResolveSpans: true, mergeItems: true }),
  ];
}

/**
 * The files the instrumentations patch, when already loaded. An entry point's static imports load
 * the app (Prisma's pg, Apollo's graphql) before its first line can start telemetry, and ESM imports
 * bypass the require hooks: requiring them again lets the hooks patch the shared module objects.
 */
const INSTRUMENTED_FILES = [
  'pg',
  'graphql/execution/execute.js',
  'graphql/language/parser.js',
  'graphql/validation/validate.js',
];

function patchLoadedModules(): void {
  const require = createRequire(import.meta.url);
  // Built-ins are always loaded; the hooks patch their shared objects on the next require.
  require('node:http');
  require('node:https');
  for (const id of INSTRUMENTED_FILES) {
    let path: string;
    try {
      path = require.resolve(id);
    } catch {
      continue; // Not installed where this process runs (graphql is the gateway's).
    }
    if (require.cache[path]) require(id);
  }
}
