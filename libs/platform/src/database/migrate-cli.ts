import { z } from 'zod';
import { env, loadConfig } from '../config/config.js';
import { migrateSchema } from './migrate.js';

export interface MigrateCommandTarget {
  /** The service's schema: its name. */
  schema: string;
  /** Absolute path of the service's `prisma/migrations`. */
  migrationsDir: string;
}

const migrateEnvironment = z.object({ DATABASE_URL: env.postgresUrl() });

/**
 * `node main.js migrate` in distributed mode (a Kubernetes Job or init container): applies the
 * service's pending migrations to DATABASE_URL and reports them. Returns false for any other
 * command, so main.ts goes on to start the service.
 */
export async function runMigrateCommand(
  argv: readonly string[],
  target: MigrateCommandTarget,
  environment: Record<string, string | undefined> = process.env,
  report: (line: string) => void = console.log,
): Promise<boolean> {
  if (argv[0] !== 'migrate') return false;
  const { DATABASE_URL } = loadConfig(migrateEnvironment, environment);
  const applied = await migrateSchema({ databaseUrl: DATABASE_URL, ...target });
  report(
    applied.length > 0 ? `${target.schema}: applied ${applied.join(', ')}` : `${target.schema}: up to date`,
  );
  return true;
}
