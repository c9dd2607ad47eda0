import { env } from '@memoreel/platform';
import { z } from 'zod';

export const gatewayEnvironment = z.object({
  NATS_URL: env.natsUrl(),
  BUS_NAMESPACE: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/, 'must be lowercase letters, digits or _')
    .default('memoreel'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: env.port(3000),
  /** The built SPA, when this gateway also serves it. */
  WEB_DIST_DIR: z.string().optional(),
  /** Public origin when behind a proxy: where redirects and the OIDC callback point. */
  PUBLIC_URL: env.optionalUrl('public origin of the app'),
  LOG_LEVEL: env.logLevel(),
  OTEL_EXPORTER_OTLP_ENDPOINT: env.optionalUrl('OpenTelemetry collector'),
  SENTRY_DSN: env.optionalUrl('Sentry DSN'),
});
