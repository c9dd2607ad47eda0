import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';

/** Prisma's Postgres driver adapter, bound to one service's schema. */
export function postgresAdapter(options: { databaseUrl: string; schema: string }): PrismaPg {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
  // A connection that drops while checked out (the database restarting) fails its query; its 'error'
  // event, which the pool listens to only on idle clients, must not end the process as unhandled.
  pool.on('connect', (client) => client.on('error', () => {}));
  return new PrismaPg(pool, { schema: options.schema, disposeExternalPool: true });
}
