import pg from 'pg';

/** Opens a short-lived connection and runs `SELECT 1`: what /health/ready asks of the database. */
export async function databaseIsReachable(databaseUrl: string, timeoutMs = 1_500): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query({ text: 'SELECT 1', query_timeout: timeoutMs } as pg.QueryConfig);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
