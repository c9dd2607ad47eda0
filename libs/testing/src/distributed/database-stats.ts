import pg from 'pg';

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Connections open to the database (pg_stat_activity), this question's own left out, by state. */
export function databaseConnections(
  databaseUrl: string,
): Promise<{ total: number; byState: Record<string, number> }> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ state: string | null; count: string }>(
      `SELECT state, count(*) AS count FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() GROUP BY state`,
    );
    const byState = Object.fromEntries(rows.map((row) => [row.state ?? 'unknown', Number(row.count)]));
    return { total: Object.values(byState).reduce((sum, count) => sum + count, 0), byState };
  });
}

/**
 * Every service schema's transactional outbox: events not yet published (`unsent`) and events parked
 * after too many failed attempts (`parked`), per schema that has an outbox.
 */
export function outboxBacklog(
  databaseUrl: string,
): Promise<Record<string, { unsent: number; parked: number }>> {
  return withClient(databaseUrl, async (client) => {
    const { rows: schemas } = await client.query<{ schema: string; parked: boolean }>(
      `SELECT DISTINCT table_schema AS schema,
              EXISTS (SELECT 1 FROM information_schema.tables d
                       WHERE d.table_schema = t.table_schema AND d.table_name = 'outbox_dead_letters') AS parked
         FROM information_schema.tables t WHERE table_name = 'outbox_events' ORDER BY 1`,
    );
    const backlog: Record<string, { unsent: number; parked: number }> = {};
    for (const { schema, parked } of schemas) {
      const quoted = `"${schema.replaceAll('"', '""')}"`;
      const unsent = await client.query<{ count: string }>(
        `SELECT count(*) AS count FROM ${quoted}.outbox_events WHERE published_at IS NULL`,
      );
      const dead = parked
        ? await client.query<{ count: string }>(`SELECT count(*) AS count FROM ${quoted}.outbox_dead_letters`)
        : { rows: [{ count: '0' }] };
      backlog[schema] = { unsent: Number(unsent.rows[0]?.count), parked: Number(dead.rows[0]?.count) };
    }
    return backlog;
  });
}
