import { quoteIdentifier, type RawSql } from '../database/sql.js';

/**
 * The idempotent-consumer guard: runs `effect` only the first time `consumer` sees `eventId`.
 * The marker row and the effect share the caller's transaction, so a failed effect leaves no
 * marker and the redelivery runs it again; a concurrent duplicate waits on the key, then skips.
 * Returns whether the effect ran.
 */
export async function runOnce(
  tx: RawSql,
  schema: string,
  consumer: string,
  eventId: string,
  effect: () => PromiseLike<unknown>,
): Promise<boolean> {
  const inserted = await tx.$executeRawUnsafe(
    `INSERT INTO ${quoteIdentifier(schema)}.processed_events (consumer, event_id)
     VALUES ($1, $2::uuid)
     ON CONFLICT DO NOTHING`,
    consumer,
    eventId,
  );
  if (inserted === 0) return false;
  await effect();
  return true;
}
