import { bothOrNeitherNatsCredential, env, natsIdentityFields } from '@memoreel/platform';
import { z } from 'zod';

/** GRAPHQL_INTROSPECTION as given: `true`, `false`, or unset. */
export const graphqlIntrospection = z.enum(['true', 'false']).optional();

/** Introspection is for development: on when asked for, or in NODE_ENV=development unless turned off. */
export function introspectionEnabled(config: {
  GRAPHQL_INTROSPECTION?: 'true' | 'false' | undefined;
  NODE_ENV?: string | undefined;
}): boolean {
  return config.GRAPHQL_INTROSPECTION
    ? config.GRAPHQL_INTROSPECTION === 'true'
    : config.NODE_ENV === 'development';
}

/** TRUST_PROXY as Express takes it. */
export const trustProxy = z
  .string()
  .optional()
  .transform((text): string | number | boolean | undefined => {
    if (text === undefined || text === '') return undefined;
    if (text === 'true' || text === 'false') return text === 'true';
    return /^\d+$/.test(text) ? Number(text) : text;
  });

export const gatewayEnvironment = z
  .object({
    NATS_URL: env.natsUrl(),
    /** NATS_USER=gateway and its password on a secured broker: the only identity that speaks for browsers. */
    ...natsIdentityFields,
    NATS_USER: z.literal('gateway', { message: "must be gateway (the gateway's NATS user)" }).optional(),
    BUS_NAMESPACE: z
      .string()
      .regex(/^[a-z][a-z0-9_]*$/, 'must be lowercase letters, digits or _')
      .default('memoreel'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: env.port(3000),
    /** /health/ready and /metrics listen here, off the public port (the chart's probes and PodMonitor). */
    OPS_PORT: env.port(9464),
    /** Open graphql-ws sockets allowed per client address and on this replica (docs/gateway-limits.md). */
    LIVE_SOCKETS_PER_IP: z.coerce.number().int().positive().optional(),
    LIVE_SOCKETS_TOTAL: z.coerce.number().int().positive().optional(),
    /** The built SPA, when this gateway also serves it. */
    WEB_DIST_DIR: z.string().optional(),
    /** Public origin when behind a proxy: where redirects and the OIDC callback point. */
    PUBLIC_URL: env.optionalUrl('public origin of the app'),
    LOG_LEVEL: env.logLevel(),
    /**
     * Proxies whose X-Forwarded-* headers are believed: `true`, `false`, a hop count, or a comma-
     * separated list of addresses/CIDRs/`loopback`/`uniquelocal`. Default: loopback and private networks.
     */
    TRUST_PROXY: trustProxy,
    /** Comma-separated origins the SPA may call, show and play from besides its own: the object storage public URL. */
    CONNECT_SOURCES: z
      .string()
      .optional()
      .transform((text) =>
        (text ?? '')
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ message: 'must be a comma-separated list of origins' }))),
    /** `true` lets anyone read the GraphQL schema; off unless set, or NODE_ENV=development. */
    GRAPHQL_INTROSPECTION: graphqlIntrospection,
    NODE_ENV: z.string().optional(),
    OTEL_EXPORTER_OTLP_ENDPOINT: env.optionalUrl('OpenTelemetry collector'),
    SENTRY_DSN: env.optionalUrl('Sentry DSN'),
  })
  .superRefine(bothOrNeitherNatsCredential);
