import { PrismaPg } from '@prisma/adapter-pg';

/** Prisma's Postgres driver adapter, bound to one service's schema. */
export function postgresAdapter(options: { databaseUrl: string; schema: string }): PrismaPg {
  return new PrismaPg({ connectionString: options.databaseUrl, max: 10 }, { schema: options.schema });
}
