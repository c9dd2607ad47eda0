import { z } from 'zod';
import { defineRequest, type RequestContract } from '../common/define.js';

/**
 * The Database Admin screen (/admin/data): each service that owns data reports on it when an
 * admin asks, so the browser never reaches a database, a bucket or the broker itself.
 */
export const overviewMessages = {
  adminRequired: 'Admin access required',
} as const;

export const TableStatsSchema = z.object({
  name: z.string(),
  rows: z.number().int().nonnegative(),
  /** Table, indexes and TOAST together. */
  bytes: z.number().int().nonnegative(),
});

export const StoragePrefixStatsSchema = z.object({
  bucket: z.string(),
  /** The key's first path segment (`photos/`, `music/`), or the whole key when it has none. */
  prefix: z.string(),
  objects: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
});

export const ConsumerStateSchema = z.object({
  stream: z.enum(['events', 'jobs', 'dead']),
  durable: z.string(),
  /** Messages the consumer has not been given yet. */
  pending: z.number().int().nonnegative(),
  /** Given to a handler and not acknowledged yet. */
  ackPending: z.number().int().nonnegative(),
  /** Waiting for, or in, another delivery after a failure. */
  redelivered: z.number().int().nonnegative(),
});

export const StreamStateSchema = z.object({
  stream: z.enum(['events', 'jobs', 'dead']),
  messages: z.number().int().nonnegative(),
  /** Null where the binding does not know (in-process). */
  bytes: z.number().int().nonnegative().nullable(),
});

export const ServiceOverviewSchema = z.object({
  service: z.string(),
  /** The Postgres schema the service owns (its name). */
  schema: z.string(),
  migration: z.object({
    /** The newest applied migration folder, e.g. `20261125035756_admin_role_source`. */
    latest: z.string().nullable(),
    appliedAt: z.iso.datetime().nullable(),
    applied: z.number().int().nonnegative(),
  }),
  databaseBytes: z.number().int().nonnegative(),
  tables: z.array(TableStatsSchema),
  /** Events recorded but not yet published to the broker. */
  outboxUnpublished: z.number().int().nonnegative(),
  /** Objects per bucket and prefix, for services that own object storage. */
  storage: z.array(StoragePrefixStatsSchema),
  /** True when the bucket had more objects than one overview lists: the figures are a lower bound. */
  storageTruncated: z.boolean(),
  binding: z.enum(['nats', 'in-process']),
  streams: z.array(StreamStateSchema),
  /** The service's own durable consumers. */
  consumers: z.array(ConsumerStateSchema),
  checkedAt: z.iso.datetime(),
});
export type ServiceOverview = z.infer<typeof ServiceOverviewSchema>;

const overviewOf = <S extends string>(service: S) =>
  defineRequest(`${service}.admin.overview`, {
    summary: `The ${service} service's schema, migration, table sizes, storage and bus consumers; FORBIDDEN unless the actor is an admin.`,
    request: z.object({}),
    reply: ServiceOverviewSchema,
  });

export const authOverview = overviewOf('auth');
export const projectsOverview = overviewOf('projects');
export const mediaOverview = overviewOf('media');
export const sharingOverview = overviewOf('sharing');
export const billingOverview = overviewOf('billing');
export const renderOverview = overviewOf('render');

/** Every service that owns data, in the order the screen shows them. */
export const serviceOverviews: readonly RequestContract<
  z.ZodObject<Record<string, never>>,
  typeof ServiceOverviewSchema
>[] = [authOverview, projectsOverview, mediaOverview, sharingOverview, billingOverview, renderOverview];
