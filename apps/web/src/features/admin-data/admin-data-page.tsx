import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Database, HardDrive, RefreshCw, Workflow } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { SkeletonRows } from '../../ui/skeleton';
import { adminOnlyPage } from '../admin-users/admin-only';
import { formatDate } from '../admin-users/user-summary';
import {
  adminDataKeys,
  fetchServiceOverviews,
  type ServiceOverview,
  type ServiceOverviewResult,
} from './admin-data-api';
import { consumerSubject, formatBytes, formatCount, streamName } from './data-figures';

/** /admin/data (spec §2 "Database Admin"): read-only; each service reports on what it owns, admins only. */
export const AdminDataPage = adminOnlyPage('Database Admin', DatabaseAdmin);

function DatabaseAdmin() {
  const overviews = useQuery({
    queryKey: adminDataKeys.overviews(),
    queryFn: ({ signal }) => fetchServiceOverviews(signal),
    staleTime: 15_000,
  });
  const streams = overviews.data?.find((result) => result.overview)?.overview?.streams ?? [];

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <title>Database Admin · Memoreel</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display font-medium text-3xl tracking-tight">Database Admin</h1>
          <p className="mt-2 text-muted-foreground">
            Read-only. Each service reports on the schema, files and queues it owns.
          </p>
        </div>
        <Button variant="outline" onClick={() => overviews.refetch()} disabled={overviews.isFetching}>
          <RefreshCw aria-hidden="true" className={overviews.isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
      </div>

      {overviews.isPending ? (
        <SkeletonRows count={2} className="mt-8 grid gap-4 lg:grid-cols-2" rowClassName="h-64" />
      ) : overviews.isError ? (
        <p className="mt-8 text-destructive text-sm">The overview could not be loaded. Try Refresh.</p>
      ) : (
        <>
          {streams.length > 0 && (
            <dl className="mt-8 grid grid-cols-3 gap-3" aria-label="Bus streams">
              {streams.map((stream) => (
                <div key={stream.stream} className="rounded-xl border bg-card px-4 py-3">
                  <dt className="text-muted-foreground text-xs">{streamName(stream.stream)}</dt>
                  <dd className="font-display font-medium text-2xl tabular-nums">
                    {formatCount(stream.messages)}
                  </dd>
                  <dd className="text-muted-foreground text-xs">
                    messages{stream.bytes === null ? '' : ` · ${formatBytes(stream.bytes)}`}
                  </dd>
                </div>
              ))}
            </dl>
          )}
          <div className="mt-6 grid gap-4 lg:grid-cols-2" data-testid="service-overviews">
            {overviews.data.map((result) => (
              <ServiceCard key={result.service} result={result} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

function ServiceCard({ result }: { result: ServiceOverviewResult }) {
  const { overview } = result;
  return (
    <Card data-testid={`service-${result.service}`}>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Database aria-hidden="true" className="size-5 text-primary" />
          {result.service}
        </CardTitle>
        {overview && (
          <p className="text-muted-foreground text-sm">
            Schema <code className="font-mono">{overview.schema}</code> ·{' '}
            {formatBytes(overview.databaseBytes)} · {overview.migration.applied} migrations, latest{' '}
            <code className="break-all font-mono text-xs">{overview.migration.latest ?? 'none'}</code>
            {overview.migration.appliedAt && ` (${formatDate(overview.migration.appliedAt)})`}
          </p>
        )}
      </CardHeader>
      <CardContent className="space-y-5">
        {overview ? <ServiceFigures overview={overview} /> : <NoAnswer error={result.error} />}
      </CardContent>
    </Card>
  );
}

function NoAnswer({ error }: { error: string | null }) {
  return (
    <p
      className="flex items-start gap-2 rounded-lg bg-destructive/10 p-3 text-destructive text-sm"
      role="status"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      The service did not answer{error ? `: ${error}` : '.'}
    </p>
  );
}

function ServiceFigures({ overview }: { overview: ServiceOverview }) {
  return (
    <>
      <Figures
        caption="Tables"
        columns={['Table', 'Rows', 'Size']}
        rows={overview.tables.map((table) => [table.name, formatCount(table.rows), formatBytes(table.bytes)])}
      />
      {overview.outboxUnpublished > 0 && (
        <p className="text-sm">{formatCount(overview.outboxUnpublished)} events waiting in the outbox.</p>
      )}
      {overview.storage.length > 0 && (
        <Figures
          icon={<HardDrive aria-hidden="true" className="size-4 text-primary" />}
          caption={overview.storageTruncated ? 'Object storage (at least)' : 'Object storage'}
          columns={['Bucket / prefix', 'Objects', 'Size']}
          rows={overview.storage.map((entry) => [
            `${entry.bucket}/${entry.prefix}`,
            formatCount(entry.objects),
            formatBytes(entry.bytes),
          ])}
        />
      )}
      <Figures
        icon={<Workflow aria-hidden="true" className="size-4 text-primary" />}
        caption={`Bus consumers (${overview.binding === 'nats' ? 'NATS JetStream' : 'in-process'})`}
        columns={['Listens to', 'Pending', 'Unacked', 'Retrying']}
        rows={overview.consumers.map((consumer) => [
          consumerSubject(consumer.durable),
          formatCount(consumer.pending),
          formatCount(consumer.ackPending),
          formatCount(consumer.redelivered),
        ])}
        empty="No consumers in this process."
      />
    </>
  );
}

interface FiguresProps {
  caption: string;
  icon?: ReactNode;
  columns: string[];
  rows: string[][];
  empty?: string;
}

/** A small figures table: the first column names the row, the rest are right-aligned numbers. */
function Figures({ caption, icon, columns, rows, empty = 'Nothing yet.' }: FiguresProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-1.5 caption-top text-left font-medium">
          <span className="inline-flex items-center gap-1.5">
            {icon}
            {caption}
          </span>
        </caption>
        <thead className="text-muted-foreground text-xs">
          <tr className="border-b">
            {columns.map((column, i) => (
              <th key={column} scope="col" className={`py-1.5 font-medium ${i > 0 ? 'pl-3 text-right' : ''}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="py-2 text-muted-foreground">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row[0]}>
                {row.map((cell, i) => (
                  <td
                    key={columns[i]}
                    className={
                      i === 0 ? 'break-all py-1.5 font-mono text-xs' : 'py-1.5 pl-3 text-right tabular-nums'
                    }
                  >
                    {cell}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
