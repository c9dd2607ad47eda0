import type { Actor, ServiceOverview } from '@memoreel/contracts';
import { overviewMessages } from '@memoreel/contracts';
import type { Bus } from '../bus/bus.js';
import { ForbiddenError } from '../bus/domain-error.js';
import { quoteIdentifier } from '../database/sql.js';
import type { BucketStorage } from '../storage/bucket-storage.js';

/** What the overview needs of a service's Prisma client: read-only raw SQL. */
export interface OverviewDatabase {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): PromiseLike<T>;
}

export interface OverviewSources {
  /** The service's name, which is also its Postgres schema and its durables' prefix. */
  service: string;
  db: OverviewDatabase;
  bus: Bus;
  /** The buckets the service owns, each on its own storage (`bucketStorage`), when it owns any. */
  buckets?: readonly BucketStorage[];
}

/** Listing a bucket costs one request per 1,000 keys; past this many the figures are a lower bound. */
export const MAX_LISTED_OBJECTS = 100_000;

const UUID_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `photos/` for `photos/a.webp`; keys under one folder per project or user count together as `{id}/`. */
export function prefixOf(key: string): string {
  const slash = key.indexOf('/');
  if (slash < 0) return key.includes('.') ? `*${key.slice(key.lastIndexOf('.'))}` : key;
  const segment = key.slice(0, slash);
  return UUID_SEGMENT.test(segment) ? '{id}/' : `${segment}/`;
}

/**
 * The Database Admin screen's view of one service (admins only): its schema's migration, tables
 * and size, its buckets by prefix, and the bus streams with the service's own consumers. Read-only.
 */
export async function serviceOverview(actor: Actor, sources: OverviewSources): Promise<ServiceOverview> {
  if (actor.role !== 'admin') throw new ForbiddenError(overviewMessages.adminRequired);
  const [database, storage, bus] = await Promise.all([
    databaseOverview(sources.db, sources.service),
    storageOverview(sources.buckets ?? []),
    sources.bus.describeStreams(`${sources.service}--`),
  ]);
  return {
    service: sources.service,
    schema: sources.service,
    ...database,
    ...storage,
    binding: sources.bus.binding,
    streams: bus.streams,
    consumers: bus.consumers,
    checkedAt: new Date().toISOString(),
  };
}

async function databaseOverview(db: OverviewDatabase, schemaName: string) {
  const schema = quoteIdentifier(schemaName);
  const [migration] = await db.$queryRawUnsafe<
    { migration_name: string | null; finished_at: Date | null; applied: bigint }[]
  >(
    `SELECT (array_agg(migration_name ORDER BY finished_at DESC, migration_name DESC))[1] AS migration_name,
            max(finished_at) AS finished_at, count(*) AS applied
       FROM ${schema}._prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const sizes = await db.$queryRawUnsafe<{ name: string; bytes: bigint }[]>(
    `SELECT c.relname AS name, pg_total_relation_size(c.oid) AS bytes
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations'
      ORDER BY c.relname`,
    schemaName,
  );
  // Exact counts: the tables are small enough, and estimates (reltuples) read -1 before the first ANALYZE.
  const counts =
    sizes.length === 0
      ? []
      : await db.$queryRawUnsafe<{ name: string; rows: bigint }[]>(
          sizes
            .map(
              ({ name }, i) =>
                `SELECT $${i + 1}::text AS name, count(*) AS rows FROM ${schema}.${quoteIdentifier(name)}`,
            )
            .join(' UNION ALL '),
          ...sizes.map(({ name }) => name),
        );
  const rowsOf = new Map(counts.map((row) => [row.name, Number(row.rows)]));
  const tables = sizes.map(({ name, bytes }) => ({
    name,
    rows: rowsOf.get(name) ?? 0,
    bytes: Number(bytes),
  }));
  const [outbox] = sizes.some((table) => table.name === 'outbox_events')
    ? await db.$queryRawUnsafe<{ count: bigint }[]>(
        `SELECT count(*) AS count FROM ${schema}.outbox_events WHERE published_at IS NULL`,
      )
    : [];
  return {
    migration: {
      latest: migration?.migration_name ?? null,
      appliedAt: migration?.finished_at?.toISOString() ?? null,
      applied: Number(migration?.applied ?? 0),
    },
    databaseBytes: tables.reduce((sum, table) => sum + table.bytes, 0),
    tables,
    outboxUnpublished: Number(outbox?.count ?? 0),
  };
}

async function storageOverview(buckets: readonly BucketStorage[]) {
  const byPrefix = new Map<string, { bucket: string; prefix: string; objects: number; bytes: number }>();
  let listed = 0;
  let storageTruncated = false;
  for (const { bucket, storage } of buckets) {
    for await (const object of storage.list(bucket, '')) {
      if (++listed > MAX_LISTED_OBJECTS) {
        storageTruncated = true;
        break;
      }
      const prefix = prefixOf(object.key);
      const entry = byPrefix.get(`${bucket}\0${prefix}`) ?? { bucket, prefix, objects: 0, bytes: 0 };
      entry.objects += 1;
      entry.bytes += object.size;
      byPrefix.set(`${bucket}\0${prefix}`, entry);
    }
  }
  const storage = [...byPrefix.values()].sort(
    (a, b) => a.bucket.localeCompare(b.bucket) || a.prefix.localeCompare(b.prefix),
  );
  return { storage, storageTruncated };
}
