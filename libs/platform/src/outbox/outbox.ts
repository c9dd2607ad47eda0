import type { EventEnvelope } from '@memoreel/contracts';
import type { Headers } from '../bus/bus.js';
import { withProducerTraceContext } from '../bus/trace-context.js';
import { quoteIdentifier, type RawSql } from '../database/sql.js';

/** Marks an outbox row as a job: the relay enqueues it on the work queue instead of publishing an event. */
export const OUTBOX_JOB_HEADER = 'Memoreel-Outbox-Job';

/** The channel a schema's outbox relay LISTENs on. */
export const outboxChannel = (schema: string): string => `${schema}_outbox`;

/**
 * Stores an event in the service's outbox within the caller's transaction, so it is published
 * if and only if the change that caused it commits. A producer span's trace context is stored with it,
 * and the relay is notified (Postgres delivers the notification at commit, never on rollback).
 */
export async function recordEvent(
  tx: RawSql,
  schema: string,
  envelope: EventEnvelope,
  headers?: Headers,
): Promise<void> {
  await tx.$executeRawUnsafe(
    `WITH recorded AS (
       INSERT INTO ${quoteIdentifier(schema)}.outbox_events (id, type, payload, headers, occurred_at)
       VALUES ($1::uuid, $2, $3::jsonb, $4::jsonb, $5::timestamptz)
       RETURNING id
     )
     SELECT pg_notify($6, id::text) FROM recorded`,
    envelope.id,
    envelope.type,
    JSON.stringify(envelope),
    JSON.stringify(withProducerTraceContext(envelope.type, headers)),
    envelope.occurredAt,
    outboxChannel(schema),
  );
}

/**
 * Stores a job in the service's outbox within the caller's transaction, so it is queued if and only
 * if the row that needs it commits (a crash between commit and enqueue loses nothing). The job's id
 * is its dedup key: recording the same id again is a no-op, as enqueueing it again would be.
 */
export async function recordJob(
  tx: RawSql,
  schema: string,
  envelope: EventEnvelope,
  headers?: Headers,
): Promise<void> {
  await tx.$executeRawUnsafe(
    `WITH recorded AS (
       INSERT INTO ${quoteIdentifier(schema)}.outbox_events (id, type, payload, headers, occurred_at)
       VALUES ($1::uuid, $2, $3::jsonb, $4::jsonb, $5::timestamptz)
       ON CONFLICT (id) DO NOTHING
       RETURNING id
     )
     SELECT pg_notify($6, id::text) FROM recorded`,
    envelope.id,
    envelope.type,
    JSON.stringify(envelope),
    JSON.stringify({ ...withProducerTraceContext(envelope.type, headers), [OUTBOX_JOB_HEADER]: '1' }),
    envelope.occurredAt,
    outboxChannel(schema),
  );
}
