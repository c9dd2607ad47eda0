/** A Postgres identifier in double quotes, so a schema name is never read as SQL. */
export function quoteIdentifier(name: string): string {
  if (name.length === 0 || name.includes('\0'))
    throw new Error(`Invalid SQL identifier: ${JSON.stringify(name)}`);
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * What platform code needs of a Prisma client or interactive transaction (`tx`): raw SQL with
 * `$1…$n` parameters. Any generated client satisfies it, so the platform depends on no service's models.
 */
export interface RawSql {
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>;
}
