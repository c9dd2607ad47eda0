import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { PrismaPg } from '@prisma/adapter-pg';
import { postgresAdapter } from './postgres-adapter.js';

export interface DatabaseOptions {
  databaseUrl: string;
  /** The service's Postgres schema: model queries are qualified with it. Raw SQL must name it itself. */
  schema: string;
}

/** The generated `PrismaClient` class of any service. */
export type PrismaClientClass<Client> = new (options: { adapter: PrismaPg }) => Client;

/** The part of a Prisma client the helpers below use. */
export interface PrismaConnection {
  $connect(): PromiseLike<void>;
  $disconnect(): PromiseLike<void>;
  $queryRawUnsafe(query: string, ...values: unknown[]): PromiseLike<unknown>;
}

/** A service's Prisma client on the pg driver adapter, bound to the service's schema. */
export function createPrismaClient<Client>(
  PrismaClient: PrismaClientClass<Client>,
  options: DatabaseOptions,
): Client {
  return new PrismaClient({ adapter: postgresAdapter(options) });
}

/**
 * Hands a client's lifecycle to Nest, for a client made by a factory provider: it connects at
 * module init (a wrong URL fails the start, not the first request) and closes its pool at shutdown.
 */
export function withNestLifecycle<Client extends PrismaConnection>(
  client: Client,
): Client & OnModuleInit & OnModuleDestroy {
  return Object.assign(client, {
    onModuleInit: async () => client.$connect(),
    onModuleDestroy: async () => client.$disconnect(),
  });
}

/** `SELECT 1` through the client's pool within `timeoutMs`: the database check of /health/ready. */
export async function databaseIsReady(client: PrismaConnection, timeoutMs = 1_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = Promise.resolve(client.$queryRawUnsafe('SELECT 1')).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
