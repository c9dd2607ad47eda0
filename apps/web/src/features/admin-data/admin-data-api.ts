import { graphqlField } from '../../lib/graphql';

/** The gateway's Database Admin query (apps/gateway/src/admin): each service's own report. */

export interface ServiceOverview {
  service: string;
  schema: string;
  migration: { latest: string | null; appliedAt: string | null; applied: number };
  databaseBytes: number;
  tables: { name: string; rows: number; bytes: number }[];
  outboxUnpublished: number;
  storage: { bucket: string; prefix: string; objects: number; bytes: number }[];
  storageTruncated: boolean;
  binding: string;
  streams: { stream: string; messages: number; bytes: number | null }[];
  consumers: { stream: string; durable: string; pending: number; ackPending: number; redelivered: number }[];
  checkedAt: string;
}

export interface ServiceOverviewResult {
  service: string;
  overview: ServiceOverview | null;
  error: string | null;
}

export const adminDataKeys = { overviews: () => ['admin-data', 'overviews'] as const };

const OVERVIEW = `service schema migration { latest appliedAt applied } databaseBytes tables { name rows bytes }
  outboxUnpublished storage { bucket prefix objects bytes } storageTruncated binding
  streams { stream messages bytes } consumers { stream durable pending ackPending redelivered } checkedAt`;

export function fetchServiceOverviews(signal?: AbortSignal): Promise<ServiceOverviewResult[]> {
  return graphqlField(
    'serviceOverviews',
    `query ServiceOverviews { serviceOverviews { service error overview { ${OVERVIEW} } } }`,
    {},
    signal,
  );
}
