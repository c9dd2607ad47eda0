import { graphqlIntrospection, trustProxy } from '@memoreel/gateway';
import { env } from '@memoreel/platform';
import { z } from 'zod';

/** Standalone mode needs nothing set; every variable has an embedded default. */
export const standaloneEnvironment = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: env.port(3000),
  /** /health/ready and /metrics, on HOST, off the public port; unset: a free port, printed at start. */
  OPS_PORT: env.port(0),
  MEMOREEL_DATA_DIR: z.string().min(1).default('.memoreel'),
  /** Use an existing Postgres instead of the embedded one (e.g. in tests or small servers). */
  DATABASE_URL: env.postgresUrl().optional(),
  /** Public origin when behind a proxy; defaults to http://HOST:PORT. */
  PUBLIC_URL: env.optionalUrl('public origin of the app'),
  WEB_DIST_DIR: z.string().optional(),
  /** A real mail server; without one, mail goes to the built-in catcher at /dev/mail. */
  SMTP_URL: env.optionalUrl('SMTP server for outgoing mail'),
  LOG_LEVEL: env.logLevel(),
  /**
   * Render worker processes (each renders one chunk at a time in a child Chromium): more than one only
   * on a machine with cores to spare, or to check the render-at-length model (docs/render-at-length.md).
   */
  RENDER_WORKERS: z.coerce.number().int().min(1).max(8).default(1),
  /** Proxies whose X-Forwarded-* headers are believed (see the gateway's TRUST_PROXY). */
  TRUST_PROXY: trustProxy,
  /** `true` lets anyone read the GraphQL schema; off unless set, or NODE_ENV=development. */
  GRAPHQL_INTROSPECTION: graphqlIntrospection,
  NODE_ENV: z.string().optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: env.optionalUrl('OpenTelemetry collector'),
  SENTRY_DSN: env.optionalUrl('Sentry DSN'),
});
export type StandaloneConfig = z.infer<typeof standaloneEnvironment>;
