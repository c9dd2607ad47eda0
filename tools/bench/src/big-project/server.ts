/**
 * The standalone server for the big-project bench (`startStandaloneServer`), with a query on its
 * database so the bench can read the render's rows afterwards.
 */
import pg from 'pg';
import { startStandaloneServer } from '../standalone-server.js';

export const WEBHOOK_SECRET = 'whsec_memoreel_big_project';

export interface Standalone {
  url: string;
  /** Whether it runs from dist (false: from source through the loader). */
  built: boolean;
  pid(): number | undefined;
  /** One query on its database. */
  query<T>(sql: string, values?: unknown[]): Promise<T[]>;
  /** What its /metrics answers (on the ops port). */
  metrics(): Promise<string>;
  output(): string;
  close(): Promise<void>;
}

export async function startStandalone(): Promise<Standalone> {
  const server = await startStandaloneServer({
    name: 'big-project',
    webhookSecret: WEBHOOK_SECRET,
    sourceWithoutBuild: true,
  });
  return {
    url: server.url,
    built: server.built,
    pid: () => server.app.pid,
    async query<T>(sql: string, values: unknown[] = []) {
      const client = new pg.Client({ connectionString: server.databaseUrl });
      await client.connect();
      try {
        return (await client.query(sql, values)).rows as T[];
      } finally {
        await client.end();
      }
    },
    async metrics() {
      const response = await fetch(`${server.opsUrl}/metrics`);
      if (!response.ok) throw new Error(`/metrics: ${response.status}`);
      return response.text();
    },
    output: () => server.app.lastOutput,
    close: server.close,
  };
}
