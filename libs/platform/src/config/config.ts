import { z } from 'zod';
import type { NatsCredentials } from '../bus/nats-bus.js';
import { deployables } from '../bus/senders.js';

/** Thrown (and printed by `loadConfigOrExit`) when the environment does not satisfy an app's schema. */
export class InvalidEnvironmentError extends Error {
  override name = 'InvalidEnvironmentError';
  constructor(readonly problems: { name: string; reason: string }[]) {
    super(['Invalid environment variables', ...problems.map((p) => `  ${p.name}: ${p.reason}`)].join('\n'));
  }
}

/** Parses an environment record with an app's zod schema, naming every offending variable. */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => ({
    name: issue.path.length > 0 ? issue.path.join('.') : '(environment)',
    reason: issue.message,
  }));
  throw new InvalidEnvironmentError(problems);
}

/** The app entry points use this: a bad environment ends the process with the list of problems. */
export function loadConfigOrExit<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  try {
    return loadConfig(schema, env);
  } catch (error) {
    if (!(error instanceof InvalidEnvironmentError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/** Reusable field shapes, so every app words its problems the same way. */
export const env = {
  url: (what: string) => z.url({ message: `must be a valid URL (${what})` }),
  postgresUrl: () =>
    z
      .string({ message: 'is required (a postgres:// connection URL)' })
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
  natsUrl: () =>
    z
      .string({ message: 'is required (e.g. nats://127.0.0.1:4222)' })
      .regex(/^(nats|tls|ws|wss):\/\//, 'must start with nats://, tls://, ws:// or wss://'),
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  nonEmpty: (what: string) =>
    z.string({ message: `is required (${what})` }).min(1, `must not be empty (${what})`),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  optionalUrl: (what: string) =>
    z
      .string()
      .optional()
      .transform((v) => (v === '' ? undefined : v))
      .pipe(z.url({ message: `must be a valid URL (${what})` }).optional()),
};

/**
 * A deployable's NATS identity (`nats-server-config.ts` gives each its user and permissions):
 * both set on a secured broker, both unset on one without authorization (development).
 */
export const natsIdentityFields = {
  NATS_USER: z
    .enum(deployables, { message: `must be one of ${deployables.join(', ')} (the deployable's NATS user)` })
    .optional(),
  NATS_PASSWORD: z.string().min(1, 'must not be empty (the NATS password)').optional(),
};

/** Refinement for a schema with `natsIdentityFields`: a user without a password (or the reverse) is a mistake. */
export function bothOrNeitherNatsCredential(
  config: { NATS_USER?: string | undefined; NATS_PASSWORD?: string | undefined },
  context: z.RefinementCtx,
): void {
  if ((config.NATS_USER === undefined) === (config.NATS_PASSWORD === undefined)) return;
  const missing = config.NATS_USER === undefined ? 'NATS_USER' : 'NATS_PASSWORD';
  context.addIssue({
    code: 'custom',
    path: [missing],
    message: 'is required with the other NATS credential',
  });
}

export function natsCredentialsOf(config: {
  NATS_USER?: string | undefined;
  NATS_PASSWORD?: string | undefined;
}): NatsCredentials | undefined {
  return config.NATS_USER && config.NATS_PASSWORD
    ? { user: config.NATS_USER, password: config.NATS_PASSWORD }
    : undefined;
}

/** What every deployable on the bus reads in distributed mode (a worker has no database). */
export const busProcessFields = {
  NATS_URL: env.natsUrl(),
  ...natsIdentityFields,
  BUS_NAMESPACE: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/, 'must be lowercase letters, digits or _')
    .default('memoreel'),
  PORT: env.port(3001),
  LOG_LEVEL: env.logLevel(),
  OTEL_EXPORTER_OTLP_ENDPOINT: env.optionalUrl('OpenTelemetry collector'),
  SENTRY_DSN: env.optionalUrl('Sentry DSN'),
};

/** What every service deployable reads in distributed mode. */
export const serviceEnvironment = z
  .object({ DATABASE_URL: env.postgresUrl(), ...busProcessFields })
  .superRefine(bothOrNeitherNatsCredential);
export type ServiceEnvironment = z.infer<typeof serviceEnvironment>;
